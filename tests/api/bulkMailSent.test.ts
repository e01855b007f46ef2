import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mailPublicationMessages as msg, SEND_AT_GRACE_MS } from '../../contract/mailPublication';
import { errorMessages } from '../../contract/messages';
import { sqlRows } from '../../server/db/client';
import { PNG_1X1 } from '../support/files';
import { smtpSinkSuite } from '../support/smtpSinkServer';
import { until } from '../support/until';

/**
 * A bulk mail once it is sent (issue 32), over a real SMTP server started here: a send time long
 * past is refused, the sender name goes out with the mail, and the publication's page answers its
 * text, its attachment and each recipient's state with the server's words for a refusal. The guest
 * search refuses an end before its start.
 */

const PATH = '/api/admin/mail/publishes';
const FROM = 'info@yadoban.example.com';

const api = smtpSinkSuite();

const publish = (sendAt: string, setting: Record<string, unknown>) =>
  api.http.send<any>('POST', PATH, {
    token: api.staff,
    json: { send_at: sendAt, setting: { title: 'お知らせ', from_address: FROM, body: '<p>本文</p>', ...setting } },
  });
const publicationCount = async () =>
  (await sqlRows<{ n: number }>(api.server.database.db, sql`select count(*)::int as n from mail_publications`))[0]!.n;

describe('the send time of a bulk mail', () => {
  it('refuses a time long past on its field and writes nothing; a time of a minute ago is taken', async () => {
    const before = await publicationCount();
    const past = new Date(Date.now() - SEND_AT_GRACE_MS - 60_000).toISOString();
    const refused = await publish(past, { users: ['late@example.jp'] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.send_at).toBe(msg.sendAtPast);
    expect(await publicationCount()).toBe(before);

    const justNow = await publish(new Date(Date.now() - 60_000).toISOString(), {
      title: '直前のお知らせ',
      users: ['soon@example.jp'],
    });
    expect(justNow.status).toBe(201);
  });
});

describe('a sent bulk mail and its page', () => {
  it('goes out under the sender name; its page shows the text, attachment and each recipient with the reason', async () => {
    api.sink.failRecipient('nobody@example.jp', 550, '5.1.1 User unknown');
    const created = await publish(new Date().toISOString(), {
      title: '冬のご案内',
      from_name: '温泉旅館 さくら荘',
      body: '<p>{{name}}様</p><p>冬の<strong>特別</strong>プランのご案内です。</p>',
      users: [{ mail: 'yuki@example.jp', name: '雪村 ゆき' }, 'nobody@example.jp'],
      file: `data:image/png;base64,${Buffer.from(PNG_1X1).toString('base64')}`,
      file_name: '案内.png',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const done = await until(
      () => api.http.get<any>(`${PATH}/${id}`, api.admin),
      (r) => r.body.sent_at !== null,
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id,
      recipient_count: 2,
      progress: { sent: 1, failed: 1, total: 2 },
      setting: { title: '冬のご案内', from_address: FROM, from_name: '温泉旅館 さくら荘' },
      attachment: { name: '案内.png', type: 'image/png', size: PNG_1X1.length },
    });
    expect(done.body.body_text).toContain('冬の特別プランのご案内です。');
    // The page never carries the recipient list itself (tens of thousands of addresses).
    expect(done.body.setting.users).toBeUndefined();
    // When it really went: the time its last message went out, not before it was made.
    expect(Date.parse(done.body.sent_at)).toBeGreaterThanOrEqual(Date.parse(done.body.created_at));

    const parsed = await api.sink.parsed(api.sink.messages.findIndex((m) => m.to.includes('yuki@example.jp')));
    expect(parsed.from).toMatchObject({ name: '温泉旅館 さくら荘', address: FROM });
    expect(parsed.text).toContain('雪村 ゆき様');

    const all = await api.http.get<any>(`${PATH}/${id}/recipients`, api.admin);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.recipients).toEqual([
      expect.objectContaining({ to_address: 'yuki@example.jp', to_name: '雪村 ゆき', status: 'sent' }),
      expect.objectContaining({ to_address: 'nobody@example.jp', status: 'failed' }),
    ]);
    expect(all.body.recipients[0].sent_at).not.toBeNull();
    expect(all.body.recipients[1].error).toContain('User unknown');
    const failed = await api.http.get<any>(`${PATH}/${id}/recipients?status=failed`, api.admin);
    expect(failed.body).toMatchObject({ count: 1, recipients: [{ to_address: 'nobody@example.jp' }] });
    const page = await api.http.get<any>(`${PATH}/${id}/recipients?offset=1&limit=1`, api.admin);
    expect(page.body.recipients.map((r: any) => r.to_address)).toEqual(['nobody@example.jp']);
  });

  it('refuses a wrong state or page in Japanese, and another company’s publication is not found', async () => {
    const created = await publish(new Date(Date.now() + 3600_000).toISOString(), { users: ['own@example.jp'] });
    const id = created.body.id as number;
    const wrong = await api.http.get<any>(`${PATH}/${id}/recipients?status=lost&limit=0`, api.admin);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['limit', 'status']);
    expect((await api.http.get<any>(`${PATH}/abc`, api.admin)).status).toBe(400);
    expect((await api.http.get<any>(`${PATH}/999999`, api.admin)).status).toBe(404);

    await api.server.database.db.execute(
      sql`insert into companies (name) select 'ほかの会社' where not exists (select 1 from companies where name = 'ほかの会社')`,
    );
    await api.server.database.db.execute(
      sql`update mail_publications set company_id = (select id from companies where name = 'ほかの会社') where id = ${id}`,
    );
    expect((await api.http.get<any>(`${PATH}/${id}`, api.admin)).status).toBe(404);
    expect((await api.http.get<any>(`${PATH}/${id}/recipients`, api.admin)).status).toBe(404);
  });
});

describe('the recipients waiting (送信待ち)', () => {
  it('are every row not done yet, the ones being sent at this moment included', async () => {
    const created = await publish(new Date(Date.now() + 3600_000).toISOString(), {
      users: ['wait1@example.jp', 'wait2@example.jp', 'wait3@example.jp'],
    });
    const id = created.body.id as number;
    await until(
      () => api.http.get<any>(`${PATH}/${id}`, api.admin),
      (r) => r.body.progress?.total === 3,
    );
    // The delivery holds one of them (as it does while its SMTP call runs).
    await api.server.database.db.execute(
      sql`update mail_messages set status = 'sending' where publication_id = ${id} and to_address = 'wait2@example.jp'`,
    );
    const waiting = await api.http.get<any>(`${PATH}/${id}/recipients?status=queued`, api.admin);
    expect(waiting.status).toBe(200);
    expect(waiting.body.count).toBe(3);
    expect(waiting.body.recipients.map((r: any) => [r.to_address, r.status])).toEqual([
      ['wait1@example.jp', 'queued'],
      ['wait2@example.jp', 'sending'],
      ['wait3@example.jp', 'queued'],
    ]);
    const sending = await api.http.get<any>(`${PATH}/${id}/recipients?status=sending`, api.admin);
    expect(sending.body).toMatchObject({ count: 1, recipients: [{ to_address: 'wait2@example.jp' }] });
  });
});

describe('the guest search of bulk mail', () => {
  it('refuses an end before its start on the end’s field, for booking and stay dates', async () => {
    const booked = await api.http.get<any>('/api/admin/customers?book_from=2026-12-10&book_to=2026-12-01', api.admin);
    expect(booked.status).toBe(400);
    expect(booked.body.errors).toEqual({ book_to: errorMessages.dateOrder });
    const stayed = await api.http.get<any>('/api/admin/customers?stay_from=2026-12-10&stay_to=2026-12-09', api.admin);
    expect(stayed.body.errors).toEqual({ stay_to: errorMessages.dateOrder });
    const same = await api.http.get<any>('/api/admin/customers?stay_from=2026-12-10&stay_to=2026-12-10', api.admin);
    expect(same.status).toBe(200);
  });
});
