import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { mailTemplateMessages as msg, MAIL_PLACEHOLDERS } from '../../contract/mailTemplate';
import { errorMessages } from '../../contract/messages';
import { senderAddressMessages } from '../../contract/senderAddress';
import { SENDER_ADDRESSES } from '../../server/db/seed/fixtures';
import { queueTransferReminders } from '../../server/services/transferReminders';
import { mailBookingMaker, signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const today = tokyoToday();

interface Row {
  id: number;
  book_id: number | null;
  accommodation_id: number | null;
  send_type: number | null;
  dedupe_key: string | null;
  to_address: string;
  from_address: string;
  from_name: string | null;
  title: string;
  body: string;
  status: string;
}

/** The outbox rows of a booking (or, without one, all rows after `afterId`). */
const outbox = (filter: { bookId?: number; afterId?: number }) =>
  api.rows<Row>(sql`select id, book_id, accommodation_id, send_type, dedupe_key, to_address, from_address, from_name,
      title, body, status from mail_messages
    where ${filter.bookId !== undefined ? sql`book_id = ${filter.bookId}` : sql`id > ${filter.afterId ?? 0}`}
    order by id`);
const lastMailId = async () =>
  (await api.rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from mail_messages`))[0]!.id;

const template = async (accommodationId: number, sendType: number) =>
  (
    await api.rows<{ id: number; title: string; body: string; from_address: string; from_name: string }>(
      sql`select id, title, body, from_address, from_name from mail_templates
        where accommodation_id = ${accommodationId} and send_type = ${sendType} order by id limit 1`,
    )
  )[0]!;

/** A fresh booking for two through the API, with or without a guest mail. */
const newBooking = mailBookingMaker(api, { from: addDays(today, 45), days: 1, name: 'メール 太郎' });

const yen = (n: number) => `${n.toLocaleString('en-US')}円`;
const jaDate = (d: string) => `${Number(d.slice(0, 4))}年${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;

describe('mail templates', () => {
  const base = () => `/api/admin/accommodations/${api.accommodations[0]!.id}/mail_templates`;

  it('lists the templates of an accommodation with their send types, and one by id', async () => {
    const res = await api.http.get(base(), api.admin);
    expect(res.status).toBe(200);
    const list = res.body.mail_templates as any[];
    expect(list.map((t) => t.send_type)).toEqual([1, 2, 11, 14, 20, 21]);
    expect(list[0]).toMatchObject({
      accommodation_id: api.accommodations[0]!.id,
      title: expect.stringContaining('ご予約ありがとうございます'),
      from_address: expect.stringContaining('@'),
    });
    const one = await api.http.get(`${base()}/${list[0].id}`, api.admin);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list[0]);
    const forPanel = await api.http.get(`/api/accommodations/${api.accommodations[0]!.id}/mail`, api.staff);
    expect(forPanel.status).toBe(200);
    expect(forPanel.body.mail_templates).toEqual(list);
  });

  it('answers 404 for a template of another accommodation and for an accommodation staff may not reach', async () => {
    const other = await template(api.accommodations[1]!.id, 1);
    expect((await api.http.get(`${base()}/${other.id}`, api.admin)).status).toBe(404);
    const otherBase = `/api/admin/accommodations/${api.accommodations[1]!.id}/mail_templates`;
    expect((await api.http.get(otherBase, api.staff)).status).toBe(404);
    const patch = await api.http.send<any>('PATCH', `${otherBase}/${other.id}`, {
      token: api.staff,
      json: { title: 'x', from_address: 'a@example.com', from_name: 'x', body: '' },
    });
    expect(patch.status).toBe(404);
    expect((await template(api.accommodations[1]!.id, 1)).title).toBe(other.title);
  });

  it('saves title, sender and body, answers the template, and writes the audit trail', async () => {
    const t = await template(api.accommodations[0]!.id, 20);
    const body = {
      title: '決済完了 {{book.start_date}}',
      from_address: SENDER_ADDRESSES[0],
      from_name: '受付',
      body: '',
    };
    const res = await api.http.send<any>('PATCH', `${base()}/${t.id}`, { token: api.staff, json: body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, send_type: 20, id: t.id });
    expect((await api.http.get(`${base()}/${t.id}`, api.admin)).body).toMatchObject(body);
    const [trail] = await api.rows<{ action: string; changes: any; accommodation_id: number }>(
      sql`select action, changes, accommodation_id from audit_log
        where target_type = 'mail_template' and target_id = ${t.id} order by id desc limit 1`,
    );
    expect(trail).toMatchObject({ action: 'update', accommodation_id: api.accommodations[0]!.id });
    expect(trail!.changes.title).toEqual({ from: t.title, to: body.title });
    expect(trail!.changes.body).toEqual({ from: t.body, to: '' });
  });

  it('refuses a missing title, sender address or name, with the messages on their fields, and saves nothing', async () => {
    const t = await template(api.accommodations[0]!.id, 21);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from_address: 'a@example.com', from_name: '宿' }, 'title', msg.title],
      [{ title: ' ', from_address: 'a@example.com', from_name: '宿' }, 'title', msg.title],
      [{ title: 't', from_name: '宿' }, 'from_address', msg.fromAddress],
      [{ title: 't', from_address: 'not-an-address', from_name: '宿' }, 'from_address', msg.fromAddressFormat],
      [{ title: 't', from_address: 'a@example.com', from_name: '' }, 'from_name', msg.fromName],
      [
        { title: 'a\r\nBcc: x@example.com', from_address: 'a@example.com', from_name: '宿' },
        'title',
        controlCharacterMessage,
      ],
      [
        { title: 't', from_address: 'a@example.com\nBcc: x@example.com', from_name: '宿' },
        'from_address',
        controlCharacterMessage,
      ],
      [
        { title: 't', from_address: 'a@example.com', from_name: '宿\r\nX-Evil: 1' },
        'from_name',
        controlCharacterMessage,
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await api.http.send<any>('PATCH', `${base()}/${t.id}`, { token: api.admin, json });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field], JSON.stringify(json)).toBe(message);
    }
    expect(await template(api.accommodations[0]!.id, 21)).toEqual(t);
  });

  it("sends only from the company's verified addresses: any other sender is refused on save, and a template left with one sends nothing", async () => {
    const t = await template(api.accommodations[0]!.id, 21);
    // An address another company verified, and one of this company's that waits for its code.
    const [other] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('銀行') returning id`);
    await api.rows(sql`insert into sender_addresses (company_id, from_address, verified_at)
      values (${other!.id}, 'billing@bank.example', now())`);
    const pending = await api.http.send<any>('POST', '/api/admin/mail/addresses', {
      token: api.admin,
      json: { from_address: 'pending@inn.example' },
    });
    expect(pending.body.verified).toBe(false);
    for (const from_address of ['billing@bank.example', 'pending@inn.example', 'someone@free.example']) {
      const res = await api.http.send<any>('PATCH', `${base()}/${t.id}`, {
        token: api.admin,
        json: { title: 't', from_address, from_name: '〇〇銀行', body: '' },
      });
      expect(res.status, from_address).toBe(400);
      expect(res.body.errors.from_address).toBe(senderAddressMessages.notVerified);
    }
    expect(await template(api.accommodations[0]!.id, 21)).toEqual(t);

    // A template saved before the rule with a sender that is not verified: the test send, the
    // template and the free mail from a booking are refused, and nothing is queued.
    await api.rows(sql`update mail_templates set from_address = 'billing@bank.example' where id = ${t.id}`);
    const refusal = senderAddressMessages.templateSenderNotVerified('billing@bank.example');
    const before = await lastMailId();
    const test = await api.http.send<any>('POST', `${base()}/${t.id}/test`, {
      token: api.admin,
      json: { mail_address: 'victim@example.net', via: 1 },
    });
    expect(test.status).toBe(409);
    expect(test.body.message).toBe(refusal);
    const bookingCompleted = await template(api.accommodations[0]!.id, 1);
    await api.rows(
      sql`update mail_templates set from_address = 'billing@bank.example' where id = ${bookingCompleted.id}`,
    );
    try {
      const booking = await newBooking('victim@example.net');
      const afterCreate = await lastMailId();
      const byType = await api.http.send<any>('POST', `/api/admin/books/${booking.id}/mail`, {
        token: api.admin,
        json: { type: 1 },
      });
      expect(byType.status).toBe(409);
      expect(byType.body.message).toBe(refusal);
      const free = await api.http.send<any>('POST', `/api/books/${booking.id}/mail`, {
        token: api.admin,
        json: { title: 'お知らせ', body: '本文' },
      });
      expect(free.status).toBe(409);
      expect(await lastMailId()).toBe(afterCreate);
      // The automatic mail of the booking was queued, and goes no further than the worker's check.
      expect(afterCreate).toBeGreaterThan(before);
    } finally {
      await api.rows(sql`update mail_templates set from_address = ${bookingCompleted.from_address}
        where id = ${bookingCompleted.id}`);
      await api.rows(sql`update mail_templates set from_address = ${t.from_address} where id = ${t.id}`);
    }
  });

  it('refuses an unknown placeholder with a message listing the valid ones', async () => {
    const t = await template(api.accommodations[0]!.id, 21);
    const res = await api.http.send<any>('PATCH', `${base()}/${t.id}`, {
      token: api.admin,
      json: { title: 't', from_address: SENDER_ADDRESSES[0], from_name: '宿', body: '{{book.nmae}} 様' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.body).toContain('{{book.nmae}}');
    for (const p of MAIL_PLACEHOLDERS) expect(res.body.errors.body).toContain(`{{${p}}}`);
    const title = await api.http.send<any>('PATCH', `${base()}/${t.id}`, {
      token: api.admin,
      json: { title: '{{book.uid}}', from_address: SENDER_ADDRESSES[0], from_name: '宿', body: '' },
    });
    expect(title.status).toBe(400);
    expect(title.body.errors.title).toContain('{{book.uid}}');
    // Near the new ones, and the demo seed's own {{accommodation}} (replaced when seeding, never a placeholder).
    const nearMiss = await api.http.send<any>('PATCH', `${base()}/${t.id}`, {
      token: api.admin,
      json: {
        title: 't',
        from_address: SENDER_ADDRESSES[0],
        from_name: '宿',
        body: '{{book.checkout_date}} {{accommodation}} {{ book.end_date }}',
      },
    });
    expect(nearMiss.status).toBe(400);
    expect(nearMiss.body.errors.body).toContain('{{book.checkout_date}}、{{accommodation}}）');
    expect(await template(api.accommodations[0]!.id, 21)).toEqual(t);
  });

  it('queues a test mail filled with a sample booking to the address given', async () => {
    const t = await template(api.accommodations[0]!.id, 1);
    const before = await lastMailId();
    const res = await api.http.send<any>('POST', `${base()}/${t.id}/test`, {
      token: api.admin,
      json: { mail_address: 'tester@example.net', via: 1 },
    });
    expect(res.status).toBe(201);
    const rows = await outbox({ afterId: before });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.id,
      book_id: null,
      accommodation_id: api.accommodations[0]!.id,
      send_type: 1,
      to_address: 'tester@example.net',
      from_address: t.from_address,
      from_name: t.from_name,
      status: 'queued',
    });
    expect(rows[0]!.body).toContain('予約 太郎 様');
    expect(rows[0]!.body).toContain('宿泊日: 2026年4月1日〜2026年4月3日（2泊）');
    expect(rows[0]!.body).toContain('18,000円');
    expect(rows[0]!.body).not.toContain('{{');
  });

  it('refuses a test mail without an address or a channel, and queues nothing', async () => {
    const t = await template(api.accommodations[0]!.id, 1);
    const before = await lastMailId();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ via: 0 }, 'mail_address', msg.mailAddress],
      [{ mail_address: 'x', via: 0 }, 'mail_address', msg.mailAddressFormat],
      [{ mail_address: 'a@example.com\r\nBcc: b@example.com', via: 0 }, 'mail_address', controlCharacterMessage],
      [{ mail_address: 'a@example.com' }, 'via', msg.via],
      [{ mail_address: 'a@example.com', via: 100 }, 'via', msg.via],
    ];
    for (const [json, field, message] of cases) {
      const res = await api.http.send<any>('POST', `${base()}/${t.id}/test`, { token: api.admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await outbox({ afterId: before })).toEqual([]);
  });
});

describe('automatic mail', () => {
  it('queues the booking-completed mail once on create, filled in, to the guest', async () => {
    const b = await newBooking('guest1@example.org');
    const rows = await outbox({ bookId: b.id });
    const t = await template(b.accommodation_id, 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      send_type: 1,
      dedupe_key: `book:${b.id}:1`,
      to_address: 'guest1@example.org',
      from_address: t.from_address,
      title: t.title,
      status: 'queued',
    });
    expect(rows[0]!.body).toContain('メール 太郎 様');
    expect(rows[0]!.body).toContain(`確認番号: ${b.uid.slice(0, 3)}\n`);
    expect(rows[0]!.body).toContain(`宿泊日: ${jaDate(b.start_date)}〜${jaDate(b.end_date)}（1泊）`);
    expect(rows[0]!.body).toContain(`お部屋: ${b.room_name}\n人数: 2名`);
    expect(rows[0]!.body).toContain(`合計金額: ${yen(b.price_sub)}`);
    expect(rows[0]!.body).not.toMatch(/\{\{|円円/);
  });

  it('queues nothing for a guest without a mail', async () => {
    const b = await newBooking(null);
    expect(await outbox({ bookId: b.id })).toEqual([]);
  });

  it('queues the cancel mail once with the mail flag, none without', async () => {
    const b = await newBooking('guest2@example.org');
    const cancel = await api.http.send('DELETE', `/api/admin/books/${b.id}?mail=1`, { token: api.admin });
    expect(cancel.status).toBe(204);
    const again = await api.http.send('DELETE', `/api/admin/books/${b.id}?mail=1`, { token: api.admin });
    expect(again.status).toBe(409);
    const rows = await outbox({ bookId: b.id });
    expect(rows.map((r) => [r.send_type, r.dedupe_key])).toEqual([
      [1, `book:${b.id}:1`],
      [2, `book:${b.id}:2`],
    ]);
    expect(rows[1]!.to_address).toBe('guest2@example.org');
    expect(rows[1]!.body).toContain(`${jaDate(b.start_date)} ご宿泊のご予約をキャンセルいたしました。`);
    expect(rows[1]!.body).toContain(`前日: ${yen(Math.round(b.price_sub * 0.5))}（宿泊料金の50%）`);

    const quiet = await newBooking('guest3@example.org');
    expect((await api.http.send('DELETE', `/api/admin/books/${quiet.id}?mail=0`, { token: api.admin })).status).toBe(
      204,
    );
    expect((await outbox({ bookId: quiet.id })).map((r) => r.send_type)).toEqual([1]);
  });

  it('queues the payment confirmation once per payment with mail=1, none with mail=0', async () => {
    const b = await newBooking('guest4@example.org');
    const paid = await api.http.send<any>('POST', '/api/payments', {
      token: api.admin,
      json: { payment_exe_date: today, book_id: b.id, amount: 4000, pay_type: 1, mail: 1 },
    });
    expect(paid.status).toBe(201);
    const quiet = await api.http.send<any>('POST', '/api/payments', {
      token: api.admin,
      json: { payment_exe_date: today, book_id: b.id, amount: 1000, pay_type: 1, mail: 0 },
    });
    expect(quiet.status).toBe(201);
    const rows = (await outbox({ bookId: b.id })).filter((r) => r.send_type === 11);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dedupe_key: `payment:${paid.body.id}`, to_address: 'guest4@example.org' });
    expect(rows[0]!.body).toContain(`ご入金額: ${yen(4000)} / 合計金額: ${yen(b.price_sub)}`);
  });

  it('queues the settlement mail when an option is marked paid with the mail flag, none without', async () => {
    const b = await newBooking('guest5@example.org');
    const [option] = await api.rows<{ id: number }>(sql`select id from accommodation_options
      where accommodation_id = ${b.accommodation_id} and (room_id is null or room_id = ${b.room_id}) order by id limit 1`);
    const add = (json: object) => api.http.send<any>('POST', `/api/books/${b.id}/options`, { token: api.admin, json });
    const first = (await add({ option_id: option!.id, unit: 1 })).body;
    const second = (await add({ option_id: option!.id, unit: 2 })).body;
    const patch = (id: number, json: object) =>
      api.http.send<any>('PATCH', `/api/books/${b.id}/options/${id}`, { token: api.admin, json });
    expect((await patch(first.id, { paid_at: today, mail: 1 })).status).toBe(200);
    // Marked paid again while paid: no second mail.
    expect((await patch(first.id, { paid_at: today, mail: 1 })).status).toBe(200);
    expect((await patch(second.id, { paid_at: today, mail: 0 })).status).toBe(200);
    const rows = (await outbox({ bookId: b.id })).filter((r) => r.send_type === 20);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dedupe_key).toMatch(new RegExp(`^option:${first.id}:paid:`));
    expect(rows[0]!.to_address).toBe('guest5@example.org');
  });
});

describe("a booking's mail", () => {
  it('sends a template by send type, and the history shows it waiting for SMTP', async () => {
    const b = await newBooking('guest6@example.org');
    const res = await api.http.send<any>('POST', `/api/admin/books/${b.id}/mail`, {
      token: api.staff,
      json: { type: 11 },
    });
    expect(res.status).toBe(201);
    const t = await template(b.accommodation_id, 11);
    expect(res.body).toMatchObject({ send_type: 11, to_address: 'guest6@example.org', status: 'queued' });
    const history = await api.http.get(`/api/admin/books/${b.id}/mail`, api.staff);
    expect(history.status).toBe(200);
    expect(history.body.smtp_configured).toBe(false);
    expect(history.body.items.map((i: any) => [i.send_type, i.status, i.status_label])).toEqual([
      [11, 'queued', '未送信（SMTP未設定）'],
      [1, 'queued', '未送信（SMTP未設定）'],
    ]);
    expect(history.body.items[0]).toMatchObject({
      id: res.body.id,
      title: t.title,
      sent_at: null,
      error: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(history.body.items[0].body).toContain(yen(b.price_sub));
  });

  it('says why a template cannot be sent: no guest mail (409), no such template (400)', async () => {
    const none = await newBooking(null);
    const noMail = await api.http.send<any>('POST', `/api/admin/books/${none.id}/mail`, {
      token: api.admin,
      json: { type: 1 },
    });
    expect(noMail.status).toBe(409);
    expect(noMail.body.message).toBe(msg.noGuestMail);
    const b = await newBooking('guest7@example.org');
    const noTemplate = await api.http.send<any>('POST', `/api/admin/books/${b.id}/mail`, {
      token: api.admin,
      json: { type: 99 },
    });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.errors.type).toBe(msg.noTemplate);
    const missing = await api.http.send<any>('POST', `/api/admin/books/${b.id}/mail`, { token: api.admin, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.type).toBe(msg.sendType);
    expect((await outbox({ bookId: b.id })).map((r) => r.send_type)).toEqual([1]);
  });

  it("answers a template filled for the booking in 'boby'", async () => {
    const b = await newBooking('guest8@example.org');
    const t = await template(b.accommodation_id, 2);
    const res = await api.http.get(`/api/books/${b.id}/mail/body?template_id=${t.id}`, api.admin);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe(t.title);
    expect(res.body.boby).toContain('メール 太郎 様');
    expect(res.body.boby).toContain(yen(Math.round(b.price_sub * 0.1)));
    const other = await template(api.accommodations[1]!.id, 2);
    expect((await api.http.get(`/api/books/${b.id}/mail/body?template_id=${other.id}`, api.admin)).status).toBe(404);
  });

  it('sends a free mail with its placeholders filled, and refuses an empty one', async () => {
    const b = await newBooking('guest9@example.org');
    const res = await api.http.send<any>('POST', `/api/books/${b.id}/mail`, {
      token: api.admin,
      json: {
        title: '{{book.name}} 様へのご連絡',
        body: 'ご請求額は {{book.price_sub}} です。\n到着をお待ちしております。',
      },
    });
    expect(res.status).toBe(201);
    const rows = (await outbox({ bookId: b.id })).filter((r) => r.send_type === null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'メール 太郎 様へのご連絡',
      body: `ご請求額は ${yen(b.price_sub)} です。\n到着をお待ちしております。`,
      to_address: 'guest9@example.org',
    });
    const empty = await api.http.send<any>('POST', `/api/books/${b.id}/mail`, {
      token: api.admin,
      json: { title: '', body: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ title: msg.freeTitle, body: msg.freeBody });
    const injected = await api.http.send<any>('POST', `/api/books/${b.id}/mail`, {
      token: api.admin,
      json: { title: 'a\r\nBcc: evil@example.com', body: 'x' },
    });
    expect(injected.status).toBe(400);
    expect(injected.body.errors.title).toBe(controlCharacterMessage);
    expect((await outbox({ bookId: b.id })).filter((r) => r.send_type === null)).toHaveLength(1);
  });

  it('puts a new pre-check-in link in a mail with {{book.checkin_url}}: it opens the stay; the preview makes none', async () => {
    const b = await newBooking('guest11@example.org');
    const res = await api.http.send<any>('POST', `/api/books/${b.id}/mail`, {
      token: api.admin,
      json: { title: '事前チェックインのお願い', body: 'こちらからご記入ください：\n{{ book.checkin_url }}\n' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = (await outbox({ bookId: b.id })).find((r) => r.send_type === null)!;
    const url = /(http:\/\/\S+\/checkin\/([A-Za-z0-9_-]{43}))(\s|$)/.exec(sent.body);
    expect(url, sent.body).not.toBeNull();
    // At the address the server listens on (PUBLIC_URL when set).
    expect(new URL(url![1]!).port).toBe(new URL(api.server.baseUrl).port);
    const stay = await api.http.send<any>('GET', `/api/public/checkin/${url![2]}`);
    expect(stay.status).toBe(200);
    expect(stay.body.person_number).toBeGreaterThan(0);

    const t = await template(b.accommodation_id, 2);
    await api.rows(sql`update mail_templates set body = body || ${'\n{{book.checkin_url}}'} where id = ${t.id}`);
    const links = async () =>
      (await api.rows<{ n: number }>(sql`select count(*)::int as n from checkin_links where booking_id = ${b.id}`))[0]!
        .n;
    const before = await links();
    const preview = await api.http.get(`/api/books/${b.id}/mail/body?template_id=${t.id}`, api.admin);
    expect(preview.body.boby).toContain(msg.checkinUrlPreview);
    expect(await links()).toBe(before);
  });

  it("fills every placeholder of a template with the booking's own values, dates as 2026年12月20日", async () => {
    const b = await newBooking('guest12@example.org');
    expect(b.plan_name).toBeTruthy();
    await api.rows(sql`update bookings set external_id = 'IK73355684', payment_limit_date = '2026-12-20'
      where id = ${b.id}`);
    const t = await template(b.accommodation_id, 20);
    const path = `/api/admin/accommodations/${b.accommodation_id}/mail_templates/${t.id}`;
    const save = (json: object) => api.http.send<any>('PATCH', path, { token: api.admin, json });
    // Saved through the API: each placeholder is one a template may hold.
    const saved = await save({
      title: '{{accommodation.name}} 確認番号 {{ book.confirmation_number }}',
      from_address: t.from_address,
      from_name: t.from_name,
      body: MAIL_PLACEHOLDERS.map((p) => `${p}=[{{${p}}}]`).join('\n'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const res = await api.http.send<any>('POST', `/api/admin/books/${b.id}/mail`, {
        token: api.admin,
        json: { type: 20 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const sent = (await outbox({ bookId: b.id })).find((r) => r.send_type === 20)!;
      const facility = api.accommodations.find((a) => a.id === b.accommodation_id)!.name;
      expect(sent.title).toBe(`${facility} 確認番号 ${b.uid.slice(0, 3)}`);
      const link = /^book\.checkin_url=\[(http:\/\/\S+\/checkin\/[A-Za-z0-9_-]{43})\]$/m.exec(sent.body);
      expect(link, sent.body).not.toBeNull();
      expect(sent.body).toBe(
        [
          'book.name=[メール 太郎]',
          `book.start_date=[${jaDate(b.start_date)}]`,
          `book.end_date=[${jaDate(b.end_date)}]`,
          'book.days=[1]',
          'book.person_number=[2]',
          `book.room_name=[${b.room_name}]`,
          `book.plan_name=[${b.plan_name}]`,
          `book.confirmation_number=[${b.uid.slice(0, 3)}]`,
          'book.external_id=[IK73355684]',
          'book.price=[0円]',
          `book.price_sub=[${yen(b.price_sub)}]`,
          'book.payment_limit_date=[2026年12月20日]',
          'book.options=[]',
          `book.price_sub_50=[${yen(Math.round(b.price_sub * 0.5))}]`,
          `book.price_sub_10=[${yen(Math.round(b.price_sub * 0.1))}]`,
          `book.checkin_url=[${link![1]}]`,
          `accommodation.name=[${facility}]`,
        ].join('\n'),
      );
      // The compose popup's preview fills them alike (the link shown as where it goes).
      const preview = await api.http.get(`/api/books/${b.id}/mail/body?template_id=${t.id}`, api.admin);
      expect(preview.body.boby).toBe(sent.body.replace(link![1]!, msg.checkinUrlPreview));
    } finally {
      expect(
        (await save({ title: t.title, from_address: t.from_address, from_name: t.from_name, body: t.body })).status,
      ).toBe(200);
    }
  });

  it("answers 404 for another facility's booking, and sends nothing", async () => {
    const b = await newBooking('guest10@example.org', api.accommodations[1]!.id);
    const t = await template(b.accommodation_id, 1);
    const calls = [
      api.http.send<any>('POST', `/api/admin/books/${b.id}/mail`, { token: api.staff, json: { type: 1 } }),
      api.http.get(`/api/admin/books/${b.id}/mail`, api.staff),
      api.http.get(`/api/books/${b.id}/mail/body?template_id=${t.id}`, api.staff),
      api.http.send<any>('POST', `/api/books/${b.id}/mail`, { token: api.staff, json: { title: 't', body: 'b' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(errorMessages.notFound);
    }
    expect((await outbox({ bookId: b.id })).map((r) => r.send_type)).toEqual([1]);
  });
});

describe('the transfer-deadline reminder', () => {
  const setDeadline = (id: number, date: string) =>
    api.rows(sql`update bookings set payment_limit_date = ${date}::date where id = ${id}`);

  it('queues once per deadline for unpaid bookings due within the reminder days, and not for others', async () => {
    const due = await newBooking('remind1@example.org');
    const later = await newBooking('remind2@example.org');
    const paid = await newBooking('remind3@example.org');
    const past = await newBooking('remind4@example.org');
    await setDeadline(due.id, addDays(today, 3));
    await setDeadline(later.id, addDays(today, 4));
    await setDeadline(paid.id, addDays(today, 1));
    await setDeadline(past.id, addDays(today, -1));
    await api.http.send('POST', '/api/payments', {
      token: api.admin,
      json: { payment_exe_date: today, book_id: paid.id, amount: paid.price_sub, pay_type: 1 },
    });
    const db = api.server.database.db;
    expect(await queueTransferReminders(db, today)).toBeGreaterThan(0);
    expect(await queueTransferReminders(db, today)).toBe(0);
    const reminders = async (id: number) => (await outbox({ bookId: id })).filter((r) => r.send_type === 14);
    const [row] = await reminders(due.id);
    expect(row).toMatchObject({
      dedupe_key: `reminder:${due.id}:${addDays(today, 3)}`,
      to_address: 'remind1@example.org',
    });
    expect(row!.body).toContain(`ご請求金額: ${yen(due.price_sub)}`);
    // The reminder states its deadline, as a date is written (2026年12月20日).
    expect(row!.body).toContain(`お振込期限: ${jaDate(addDays(today, 3))}\n`);
    expect(row!.body).toMatch(/お振込期限: \d{4}年[1-9]\d?月[1-9]\d?日\n/);
    expect(await reminders(due.id)).toHaveLength(1);
    expect(await reminders(later.id)).toEqual([]);
    expect(await reminders(paid.id)).toEqual([]);
    expect(await reminders(past.id)).toEqual([]);
    // A deadline that moves is reminded again for its new date.
    await setDeadline(due.id, addDays(today, 2));
    await queueTransferReminders(db, today);
    expect((await reminders(due.id)).map((r) => r.dedupe_key)).toEqual([
      `reminder:${due.id}:${addDays(today, 3)}`,
      `reminder:${due.id}:${addDays(today, 2)}`,
    ]);
  });
});
