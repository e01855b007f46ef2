import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billOf, bookingSchema } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { paymentMessages } from '../../contract/payment';
import { bookingMaker, signedInSuite } from '../support/fixtures';

/**
 * Issue 19: a provisional settlement (仮決済, a payment without payment_exe_date) is not money
 * received. The stored paid amount (bookings.price) counts dated payments only, and with it the
 * booking JSON, the unpaid lists and the refund list; migration 0011 recomputed existing rows.
 */
const api = signedInSuite();
const today = tokyoToday();
const stayFrom = addDays(today, 70);
const newBooking = bookingMaker(api, { from: stayFrom, days: 1, name: '仮決済 花子' });

const pay = (bookId: number, amount: number, date: string | null) =>
  api.http.send<any>('POST', '/api/payments', {
    token: api.admin,
    json: { book_id: bookId, amount, pay_type: 1, ...(date ? { payment_exe_date: date } : {}) },
  });
const getBooking = async (id: number) =>
  bookingSchema.parse((await api.http.get(`/api/admin/books/${id}`, api.admin)).body);
const storedPrice = async (id: number) =>
  (await api.rows<{ price: number }>(sql`select price from bookings where id = ${id}`))[0]!.price;
/** The dashboard's unpaid table: GET /admin/books?not_paid_only over every accommodation, a year ahead. */
const unpaidTable = async () =>
  (
    await api.http.get(
      `/api/admin/books?not_paid_only=true&stay_start_date=${addDays(today, -1)}&stay_end_date=${addDays(today, 365)}&with_consecutive=true`,
      api.admin,
    )
  ).body.books as { id: number; price: number }[];
const unpaidOfficial = async () =>
  (await api.http.get('/api/admin/books/unpaid', api.admin)).body.books as { id: number }[];
const refundsNeeded = async () =>
  (await api.http.get('/api/admin/books/deleted/paid', api.admin)).body.books as { id: number }[];
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('the paid amount counts dated payments only (issue 19)', () => {
  it('keeps a booking with only a 仮決済 unpaid (price 0) in the list, the detail and both unpaid lists', async () => {
    const b = await newBooking();
    // The bill: the total and the taxes collected apart (issue 31).
    const total = billOf(await getBooking(b.id));
    expect(total).toBeGreaterThan(0);
    expect((await pay(b.id, total, null)).status).toBe(201);
    // Made more than 24 hours ago: an official booking the dashboard calls unpaid.
    await api.rows(sql`update bookings set created_at = now() - interval '2 days', via = 0 where id = ${b.id}`);

    const detail = await getBooking(b.id);
    expect(detail.price).toBe(0);
    expect(detail.payments).toEqual([expect.objectContaining({ amount: total, payment_exe_date: null })]);
    const listed = (
      await api.http.get(
        `/api/admin/books?stay_start_date=${stayFrom}&stay_end_date=${addDays(stayFrom, 60)}`,
        api.admin,
      )
    ).body.books.find((x: { id: number }) => x.id === b.id);
    expect(listed.price).toBe(0);
    expect(ids(await unpaidTable())).toContain(b.id);
    expect(ids(await unpaidOfficial())).toContain(b.id);
    expect(await storedPrice(b.id)).toBe(0);

    // A dated payment counts: the whole total dated, the booking leaves both unpaid lists.
    expect((await pay(b.id, total, today)).status).toBe(201);
    expect((await getBooking(b.id)).price).toBe(total);
    expect(ids(await unpaidTable())).not.toContain(b.id);
    expect(ids(await unpaidOfficial())).not.toContain(b.id);
  });

  it('takes a deleted 仮決済 out without moving the paid amount, and a deleted dated payment with it', async () => {
    const b = await newBooking();
    const provisional = (await pay(b.id, 4000, null)).body;
    const dated = (await pay(b.id, 6000, today)).body;
    expect(await storedPrice(b.id)).toBe(6000);
    expect((await api.http.send('DELETE', `/api/payments/${provisional.id}`, { token: api.admin })).status).toBe(204);
    expect(await storedPrice(b.id)).toBe(6000);
    expect((await api.http.send('DELETE', `/api/payments/${dated.id}`, { token: api.admin })).status).toBe(204);
    expect(await storedPrice(b.id)).toBe(0);
  });

  it('counts money received at booking (入金額) as a payment dated today, and says so in the history', async () => {
    const [room] = await api.rows<{ id: number }>(
      sql`select id from rooms where accommodation_id = ${api.accommodations[0]!.id} order by id limit 1`,
    );
    const created = await api.http.send<any>('POST', '/api/admin/books', {
      token: api.admin,
      json: {
        accommodation_id: api.accommodations[0]!.id,
        room_id: room!.id,
        plan_id: null,
        price_sub: 30000,
        start_date: addDays(today, 330),
        days: 1,
        person_number: 1,
        price: 10000,
        name: '入金 次郎',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.price).toBe(10000);
    expect(await storedPrice(created.body.id)).toBe(10000);
    const history = (await api.http.get(`/api/admin/books/${created.body.id}/history`, api.admin)).body.history;
    expect(history.map((h: any) => `${h.action} ${h.target.type}`)).toEqual(['create payment', 'create booking']);
    expect(history[0].changes).toEqual({
      amount: { from: null, to: 10000 },
      pay_type: { from: null, to: 1 },
      payment_exe_date: { from: null, to: tokyoToday() },
    });
    expect(history[1].changes.price).toBeUndefined();
  });

  it('does not list a cancelled booking whose only payment is a 仮決済 as needing a refund', async () => {
    const provisionalOnly = await newBooking();
    expect((await pay(provisionalOnly.id, 8000, null)).status).toBe(201);
    const dated = await newBooking();
    expect((await pay(dated.id, 8000, today)).status).toBe(201);
    for (const b of [provisionalOnly, dated]) {
      expect((await api.http.send('DELETE', `/api/admin/books/${b.id}`, { token: api.admin })).status).toBe(204);
    }
    const listed = ids(await refundsNeeded());
    expect(listed).not.toContain(provisionalOnly.id);
    expect(listed).toContain(dated.id);
    const refused = await api.http.send<any>('PATCH', '/api/admin/payments/refund', {
      token: api.admin,
      json: { book_id: provisionalOnly.id, refund_amount: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(paymentMessages.refundNothingPaid);
  });

  it('migration 0011 recomputes the stored amounts from dated payments less refunds, with an audit row', async () => {
    const b = await newBooking();
    await pay(b.id, 7000, null);
    await pay(b.id, 5000, today);
    const untouched = await newBooking();
    await pay(untouched.id, 3000, today);
    // The amount as it was stored before: every payment counted.
    await api.rows(sql`update bookings set price = 12000 where id = ${b.id}`);
    const statements = readFileSync('server/db/migrations/0011_paid_dated_only.sql', 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await api.rows(sql.raw(statement));
    expect(await storedPrice(b.id)).toBe(5000);
    expect(await storedPrice(untouched.id)).toBe(3000);
    const trail = await api.rows<{ book_id: number; changes: unknown; user_id: number | null }>(
      sql`select book_id, changes, user_id from audit_log where book_id in (${b.id}, ${untouched.id}) and target_type = 'booking' and action = 'update'`,
    );
    expect(trail).toEqual([{ book_id: b.id, changes: { price: { from: 12000, to: 5000 } }, user_id: null }]);
    // Every booking now agrees with the rule.
    const [wrong] = await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings b where b.price <>
      greatest(0, (select coalesce(sum(amount), 0) from payments where book_id = b.id and voided_at is null and payment_exe_date is not null)
      - (select coalesce(sum(amount), 0) from refunds where book_id = b.id))`);
    expect(wrong!.n).toBe(0);
  });
});
