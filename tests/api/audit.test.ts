import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../contract/dates';
import { planlessBooking, signedInSuite } from '../support/fixtures';

const api = signedInSuite();

const send = (method: string, path: string, json?: unknown, token = api.admin) =>
  api.http.send<any>(method, path, { token, json });
const auditRows = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]!.n;

describe('the audit trail of a booking', () => {
  it('says who changed what from what, newest first, for the booking, its payments and its refund', async () => {
    const { id } = await planlessBooking(api, 0, {
      start_date: addDays(tokyoToday(), 300),
      price_sub: 30000,
      name: '監査 太郎',
    });
    expect((await send('PATCH', `/api/admin/books/${id}`, { name: '監査 次郎', tel: '090-1111-2222' })).status).toBe(
      200,
    );
    // Received (dated): a provisional settlement could not be refunded (issue 19).
    const payment = await send('POST', '/api/payments', {
      book_id: id,
      amount: 10000,
      pay_type: 1,
      payment_exe_date: tokyoToday(),
    });
    expect(payment.status).toBe(201);
    // A refused change leaves no trail.
    const rows = await auditRows();
    expect((await send('PATCH', `/api/admin/books/${id}`, { plan_id: null, start_date: 'x' })).status).toBe(400);
    expect(await auditRows()).toBe(rows);
    expect((await send('DELETE', `/api/admin/books/${id}?cancel_fee=3000`)).status).toBe(204);
    const refund = await api.http.send<any>('PATCH', '/api/admin/payments/refund', {
      token: api.admin,
      json: { book_id: id, refund_amount: 7000 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(refund.status).toBe(200);

    const history = await send('GET', `/api/admin/books/${id}/history`);
    expect(history.status).toBe(200);
    const items = history.body.history as {
      action: string;
      target: { type: string };
      user_name: string;
      changes: any;
      at: string;
    }[];
    expect(items.map((h) => `${h.action} ${h.target.type}`)).toEqual([
      'refund refund',
      'cancel booking',
      'create payment',
      'update booking',
      'create booking',
    ]);
    expect(items.every((h) => h.user_name.length > 0 && /T.*Z$|[+-]\d\d:\d\d$/.test(h.at))).toBe(true);
    expect(items[3]!.changes).toEqual({
      name: { from: '監査 太郎', to: '監査 次郎' },
      tel: { from: null, to: '090-1111-2222' },
    });
    expect(items[2]!.changes).toMatchObject({ amount: { from: null, to: 10000 }, price: { from: 0, to: 10000 } });
    expect(items[1]!.changes).toEqual({ delete_flg: { from: 0, to: 1 }, cancel_fee: { from: null, to: 3000 } });
    expect(items[0]!.changes).toMatchObject({
      refund_amount: { from: null, to: 7000 },
      price: { from: 10000, to: 3000 },
    });
    // Each row names the booking's accommodation too.
    const places = await api.rows<{ accommodation_id: number | null }>(
      sql`select distinct accommodation_id from audit_log where book_id = ${id}`,
    );
    expect(places).toEqual([{ accommodation_id: api.accommodations[0]!.id }]);
  });

  it('is scoped like the booking: 404 for a facility the user may not reach', async () => {
    const [other] = await api.rows<{ id: number }>(
      sql`select id from bookings where accommodation_id = ${api.accommodations[1]!.id} limit 1`,
    );
    expect((await send('GET', `/api/admin/books/${other!.id}/history`, undefined, api.staff)).status).toBe(404);
    expect((await send('GET', `/api/admin/books/${other!.id}/history`)).status).toBe(200);
  });
});

interface TrailRow {
  user_name: string;
  action: string;
  target_type: string;
  target_id: number;
  accommodation_id: number | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** The audit rows written since `since` (an audit_log id), oldest first. */
const trailSince = (since: number) =>
  api.rows<TrailRow>(sql`
    select user_name, action, target_type, target_id, accommodation_id, changes from audit_log
    where id > ${since} order by id`);
const lastAuditId = async () =>
  (await api.rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from audit_log`))[0]!.id;
const summary = (rows: TrailRow[]) => rows.map((r) => `${r.action} ${r.target_type}`);

describe('the audit trail of the catalogue, prices, comments and users', () => {
  it('keeps who changed a room type, a plan and its rooms, from what to what', async () => {
    const acc = api.accommodations[0]!.id;
    const since = await lastAuditId();
    const room = await send('POST', `/api/accommodations/${acc}/rooms`, { name: '監査の間', max_num: 2 });
    expect(room.status).toBe(201);
    expect((await send('PATCH', `/api/accommodations/${acc}/rooms/${room.body.id}`, { max_num: 3 })).status).toBe(200);
    const plan = await send('POST', `/api/accommodations/${acc}/plans`, {
      name: '監査プラン',
      max_num: 2,
      price: 10000,
    });
    expect(plan.status).toBe(201);
    const planPath = `/api/accommodations/${acc}/plans/${plan.body.id}`;
    expect((await send('PATCH', planPath, { name: '監査プラン（朝食付）', price: 12000 })).status).toBe(200);
    const link = `/api/accommodations/${acc}/rooms/${room.body.id}/attach/${plan.body.id}`;
    expect((await send('PATCH', link)).status).toBe(200);
    expect((await send('PATCH', link)).status).toBe(200);
    expect((await send('DELETE', link)).status).toBe(204);
    expect((await send('DELETE', link)).status).toBe(204);
    // A refused change leaves no row.
    expect((await send('PATCH', planPath, { max_num: 'x' })).status).toBe(400);
    expect((await send('DELETE', planPath)).status).toBe(204);
    expect((await send('DELETE', `/api/accommodations/${acc}/rooms/${room.body.id}`)).status).toBe(204);

    const rows = await trailSince(since);
    expect(summary(rows)).toEqual([
      'create room',
      'update room',
      'create plan',
      'update plan',
      'attach room',
      'detach room',
      'delete plan',
      'delete room',
    ]);
    expect(rows.every((r) => r.user_name.length > 0 && r.accommodation_id === acc)).toBe(true);
    expect(rows[0]!.changes).toEqual({ name: { from: null, to: '監査の間' }, max_num: { from: null, to: 2 } });
    expect(rows[1]!.changes).toEqual({ max_num: { from: 2, to: 3 } });
    expect(rows[3]!.changes).toMatchObject({
      name: { from: '監査プラン', to: '監査プラン（朝食付）' },
      price: { from: 10000, to: 12000 },
    });
    expect(rows[4]!.changes).toEqual({
      plan_id: { from: null, to: plan.body.id },
      plan_name: { from: null, to: '監査プラン（朝食付）' },
    });
    expect(rows[6]!.changes.name).toEqual({ from: '監査プラン（朝食付）', to: null });
  });

  it('keeps each price cell changed, by the grid, the creator or the file, from and to', async () => {
    const [plan] = await api.rows<{ id: number; accommodation_id: number }>(
      sql`select id, accommodation_id from plans where accommodation_id = ${api.accommodations[0]!.id} and max_num >= 2 order by id limit 1`,
    );
    const path = `/api/admin/plans/${plan!.id}/schedules`;
    // A March the demo prices never reach (they end 6 months after today): no cell there before this test.
    const y = Number(tokyoToday().slice(0, 4)) + 3;
    const cells = [
      { target_date: `${y}-03-01`, unit: 1, price: 10000 },
      { target_date: `${y}-03-01`, unit: 2, price: 16000 },
    ];
    expect((await send('POST', path, { prices: cells })).status).toBe(200);
    const since = await lastAuditId();
    // The same prices again change nothing, and leave no row.
    expect((await send('POST', path, { prices: cells })).status).toBe(200);
    expect(await lastAuditId()).toBe(since);
    const moved = [{ ...cells[0]!, price: 11000 }, cells[1]!, { target_date: `${y}-03-02`, unit: 1, price: 9000 }];
    expect((await send('POST', path, { prices: moved })).status).toBe(200);
    const listed = await send('GET', `${path}?start_date=${y}-03-01&end_date=${y}-03-01`);
    const two = listed.body.prices.find((p: { unit: number }) => p.unit === 2);
    expect((await send('PATCH', `${path}/${two.id}`, { price: 17000 })).status).toBe(200);
    const form = new FormData();
    form.append('csv', new Blob([`日付,人数,料金\n${y}-03-02,1,9500\n`], { type: 'text/csv' }), 'prices.csv');
    const csv = await api.http.send<any>('POST', `/api/plans/${plan!.id}/schedule/csv`, {
      token: api.admin,
      body: form,
    });
    expect(csv.status).toBe(200);

    const rows = await trailSince(since);
    expect(summary(rows)).toEqual(['update prices', 'update prices', 'update prices']);
    expect(rows.every((r) => r.target_id === plan!.id && r.accommodation_id === plan!.accommodation_id)).toBe(true);
    expect(rows[0]!.changes).toEqual({
      [`${y}-03-01/1`]: { from: 10000, to: 11000 },
      [`${y}-03-02/1`]: { from: null, to: 9000 },
    });
    expect(rows[1]!.changes).toEqual({ [`${y}-03-01/2`]: { from: 16000, to: 17000 } });
    expect(rows[2]!.changes).toEqual({ [`${y}-03-02/1`]: { from: 9000, to: 9500 } });
  });

  it('keeps the option catalogue, calendar comments, FAQ and partners', async () => {
    const acc = api.accommodations[0]!.id;
    const since = await lastAuditId();
    const option = await send('POST', `/api/accommodations/${acc}/options`, {
      name: '監査の夕食',
      price: 3000,
      unit: '人',
    });
    expect(option.status).toBe(201);
    const optionPath = `/api/accommodations/${acc}/options/${option.body.id}`;
    expect((await send('PATCH', optionPath, { price: 3500 })).status).toBe(200);
    expect((await send('DELETE', optionPath)).status).toBe(204);
    const comments = `/api/admin/accommodations/${acc}/calendar/comments`;
    const comment = await send('POST', comments, { target_date: '2031-04-01', comment: '団体の下見' }, api.staff);
    expect(comment.status).toBe(201);
    expect(
      (await send('PATCH', `${comments}/${comment.body.id}`, { comment: '団体の下見（10時）' }, api.staff)).status,
    ).toBe(200);
    expect((await send('DELETE', `${comments}/${comment.body.id}`, undefined, api.staff)).status).toBe(204);
    const faq = await send('POST', `/api/accommodation/${acc}/faq`, { question: '駐車場は？', answer: 'あります。' });
    expect(faq.status).toBe(201);
    expect(
      (await send('PATCH', `/api/accommodation/${acc}/faq/${faq.body.id}`, { answer: '5台あります。' })).status,
    ).toBe(200);
    const partner = await send('POST', '/api/supplier', { name: '監査商店', mail: 'kansa@example.com' });
    expect(partner.status).toBe(201);
    expect((await send('PATCH', `/api/supplier/${partner.body.id}`, { name: '監査商店（本店）' })).status).toBe(200);
    expect((await send('DELETE', `/api/supplier/${partner.body.id}`)).status).toBe(204);

    const rows = await trailSince(since);
    expect(summary(rows)).toEqual([
      'create option',
      'update option',
      'delete option',
      'create calendar_comment',
      'update calendar_comment',
      'delete calendar_comment',
      'create faq',
      'update faq',
      'create supplier',
      'update supplier',
      'delete supplier',
    ]);
    expect(rows[1]!.changes).toEqual({ price: { from: 3000, to: 3500 } });
    expect(rows[4]!.changes).toEqual({ comment: { from: '団体の下見', to: '団体の下見（10時）' } });
    expect(rows[3]!.user_name).not.toBe(rows[0]!.user_name);
    expect(rows[7]!.changes).toEqual({ answer: { from: 'あります。', to: '5台あります。' } });
    expect(rows[9]!.changes).toEqual({ name: { from: '監査商店', to: '監査商店（本店）' } });
    expect(rows[9]!.accommodation_id).toBeNull();
  });

  it('keeps users without their password, only that it changed', async () => {
    const since = await lastAuditId();
    const created = await send('POST', '/api/user', {
      name: '監査 花子',
      mail: 'kansa-hanako@example.com',
      password: 'kansa-pass-1234',
      user_type: 2,
      accommodations: [api.accommodations[0]!.id],
    });
    expect(created.status).toBe(201);
    const path = `/api/user/${created.body.id}`;
    expect((await send('PATCH', path, { name: '監査 花江', password: 'kansa-pass-5678' })).status).toBe(200);
    expect((await send('DELETE', path)).status).toBe(204);

    const rows = await trailSince(since);
    expect(summary(rows)).toEqual(['create user', 'update user', 'delete user']);
    expect(rows[1]!.changes).toEqual({
      name: { from: '監査 花子', to: '監査 花江' },
      password_changed: { from: false, to: true },
    });
    expect(JSON.stringify(rows)).not.toMatch(/kansa-pass|argon2/);
  });
});

describe('the audit trail of what a delete takes with it, and of a booking total moved by its options', () => {
  const acc = () => api.accommodations[0]!.id;
  const adminName = async () =>
    (await api.rows<{ name: string }>(sql`select name from users where mail = 'admin@example.com'`))[0]!.name;
  type HistoryItem = { action: string; target: { type: string; id: number }; user_name: string; changes: any };
  const historyOf = async (bookId: number) => {
    const answer = await send('GET', `/api/admin/books/${bookId}/history`);
    expect(answer.status).toBe(200);
    return answer.body.history as HistoryItem[];
  };

  it("keeps a room type's own options and FAQ items, and its plan links, when the room type is deleted", async () => {
    const room = await send('POST', `/api/accommodations/${acc()}/rooms`, { name: '離れの間', max_num: 1 });
    expect(room.status).toBe(201);
    const option = await send('POST', `/api/accommodations/${acc()}/options`, {
      name: '離れの露天風呂',
      price: 4000,
      unit: '回',
      room_id: room.body.id,
    });
    expect(option.status).toBe(201);
    // An option for every room type stays, and leaves no row.
    const shared = await send('POST', `/api/accommodations/${acc()}/options`, {
      name: '貸切風呂',
      price: 2000,
      unit: '回',
    });
    expect(shared.status).toBe(201);
    const faq = await send('POST', `/api/accommodation/${acc()}/faq`, {
      question: '離れに暖房は？',
      answer: 'あります。',
      room_id: room.body.id,
    });
    expect(faq.status).toBe(201);
    const [plan] = await api.rows<{ id: number; name: string }>(
      sql`select id, name from plans where accommodation_id = ${acc()} order by id limit 1`,
    );
    expect((await send('PATCH', `/api/accommodations/${acc()}/rooms/${room.body.id}/attach/${plan!.id}`)).status).toBe(
      200,
    );
    const since = await lastAuditId();
    expect((await send('DELETE', `/api/accommodations/${acc()}/rooms/${room.body.id}`)).status).toBe(204);

    const rows = await trailSince(since);
    expect(summary(rows)).toEqual(['delete option', 'delete faq', 'detach room', 'delete room']);
    const name = await adminName();
    expect(rows.every((r) => r.user_name === name && r.accommodation_id === acc())).toBe(true);
    expect(rows[0]!.target_id).toBe(option.body.id);
    expect(rows[0]!.changes).toMatchObject({
      name: { from: '離れの露天風呂', to: null },
      price: { from: 4000, to: null },
      room_id: { from: room.body.id, to: null },
      room_name: { from: '離れの間', to: null },
    });
    expect(rows[1]!.target_id).toBe(faq.body.id);
    expect(rows[1]!.changes).toMatchObject({
      question: { from: '離れに暖房は？', to: null },
      answer: { from: 'あります。', to: null },
    });
    expect(rows[2]!.changes).toEqual({
      plan_id: { from: plan!.id, to: null },
      plan_name: { from: plan!.name, to: null },
    });
    expect(await api.rows(sql`select id from accommodation_options where id = ${shared.body.id}`)).toHaveLength(1);
  });

  it("puts the removal of a deleted plan, by name and by whom, in each of its bookings' history", async () => {
    const room = await send('POST', `/api/accommodations/${acc()}/rooms`, { name: '監査の離れ', max_num: 2 });
    expect(room.status).toBe(201);
    const plan = await send('POST', `/api/accommodations/${acc()}/plans`, {
      name: '監査の朝食プラン',
      max_num: 2,
      price: 10000,
    });
    expect(plan.status).toBe(201);
    const planId = plan.body.id as number;
    expect((await send('PATCH', `/api/accommodations/${acc()}/rooms/${room.body.id}/attach/${planId}`)).status).toBe(
      200,
    );
    const night = addDays(tokyoToday(), 420);
    const cells = [
      { target_date: night, unit: 1, price: 12000 },
      { target_date: night, unit: 2, price: 20000 },
    ];
    expect((await send('POST', `/api/admin/plans/${planId}/schedules`, { prices: cells })).status).toBe(200);
    const bookIds: number[] = [];
    for (const guest of ['監査 一郎', '監査 二郎']) {
      const created = await send('POST', '/api/admin/books', {
        accommodation_id: acc(),
        room_id: room.body.id,
        plan_id: planId,
        start_date: night,
        days: 1,
        person_number: 2,
        price: 0,
        name: guest,
      });
      expect(created.status).toBe(201);
      bookIds.push(created.body.id);
    }
    // Live and future bookings keep a plan (issue 19): the first stay is moved into the past by hand.
    const past = addDays(tokyoToday(), -30);
    await api.rows(
      sql`update bookings set start_date = ${past}::date, end_date = ${past}::date + 1 where id = ${bookIds[0]!}`,
    );
    // A cancelled booking loses its plan too, and is told.
    expect((await send('DELETE', `/api/admin/books/${bookIds[1]}`)).status).toBe(204);
    const since = await lastAuditId();
    expect((await send('DELETE', `/api/accommodations/${acc()}/plans/${planId}`)).status).toBe(204);

    const name = await adminName();
    for (const id of bookIds) {
      const [removal] = await historyOf(id);
      expect(removal).toMatchObject({ action: 'update', target: { type: 'booking', id }, user_name: name });
      expect(removal!.changes).toEqual({
        plan_id: { from: planId, to: null },
        plan_name: { from: '監査の朝食プラン', to: null },
      });
      expect((await send('GET', `/api/admin/books/${id}`)).body.plan_id).toBeNull();
    }
    const rows = await trailSince(since);
    expect(summary(rows)).toEqual(['update booking', 'update booking', 'delete prices', 'detach room', 'delete plan']);
    expect(rows.every((r) => r.user_name === name && r.accommodation_id === acc())).toBe(true);
    expect(rows[2]!.target_id).toBe(planId);
    expect(rows[2]!.changes).toEqual({
      [`${night}/1`]: { from: 12000, to: null },
      [`${night}/2`]: { from: 20000, to: null },
    });
    expect(rows[3]!.target_id).toBe(room.body.id);
    expect(rows[3]!.changes.plan_name).toEqual({ from: '監査の朝食プラン', to: null });
  });

  it("shows in the booking's history what an option added, changed or removed did to its total", async () => {
    const { id } = await planlessBooking(api, 0, {
      start_date: addDays(tokyoToday(), 430),
      price_sub: 30000,
      name: '監査 三郎',
    });
    const option = await send('POST', `/api/accommodations/${acc()}/options`, {
      name: '監査の夕食',
      price: 1500,
      unit: '人',
    });
    expect(option.status).toBe(201);
    const added = await send('POST', `/api/books/${id}/options`, { option_id: option.body.id, unit: 2 });
    expect(added.status).toBe(201);
    expect((await send('PATCH', `/api/books/${id}/options/${added.body.id}`, { unit: 3 })).status).toBe(200);
    // Paid or not, the total stays: no total row.
    expect(
      (await send('PATCH', `/api/books/${id}/options/${added.body.id}`, { paid_at: '2026-11-25T10:00:00+09:00' }))
        .status,
    ).toBe(200);
    expect((await send('DELETE', `/api/books/${id}/options/${added.body.id}`)).status).toBe(204);

    const history = await historyOf(id);
    expect(history.map((h) => `${h.action} ${h.target.type}`)).toEqual([
      'delete booking_option',
      'update booking',
      'update booking_option',
      'update booking_option',
      'update booking',
      'create booking_option',
      'update booking',
      'create booking',
    ]);
    expect(history[1]!.changes).toEqual({ price_sub: { from: 34500, to: 30000 } });
    expect(history[4]!.changes).toEqual({ price_sub: { from: 33000, to: 34500 } });
    expect(history[6]!.changes).toEqual({ price_sub: { from: 30000, to: 33000 } });
    expect(history[6]!.user_name).toBe(await adminName());
  });
});
