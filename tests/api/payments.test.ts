import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { errorMessages } from '../../contract/messages';
import { paymentMessages, paymentSchema } from '../../contract/payment';
import { billOf, bookingSchema } from '../../contract/booking';
import { payTypeLabel } from '../../contract/enums';
import { bookingMaker, signedInSuite } from '../support/fixtures';
import { ADMIN } from '../support/testServer';

const api = signedInSuite();
const today = tokyoToday();

/** A fresh booking (no payment), on a night its room type has free and no other stay starts on. */
const newBooking = bookingMaker(api, { from: addDays(today, 40), days: 1, name: '入金 太郎', skipTakenStarts: true });

const pay = (body: Record<string, unknown>, token = api.admin) =>
  api.http.send<any>('POST', '/api/payments', { token, json: body });
const book = async (id: number) => (await api.http.get(`/api/admin/books/${id}`, api.admin)).body;
const stored = async (id: number) =>
  (
    await api.rows<{ price: number; payments: number; refunds: number }>(sql`
    select price,
      (select coalesce(sum(amount), 0)::int from payments
        where book_id = b.id and voided_at is null and payment_exe_date is not null) as payments,
      (select coalesce(sum(amount), 0)::int from refunds where book_id = b.id) as refunds
    from bookings b where id = ${id}`)
  )[0]!;
const paymentCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from payments`))[0]!.n;

describe('POST /payments', () => {
  it('registers a payment, answers it, and the paid amount follows (API and database)', async () => {
    const b = await newBooking();
    const res = await pay({ payment_exe_date: today, book_id: b.id, amount: 12000, pay_type: 1, mail: 1 });
    expect(res.status).toBe(201);
    expect(paymentSchema.parse(res.body)).toEqual({
      id: expect.any(Number),
      payment_exe_date: today,
      book_id: b.id,
      amount: 12000,
      pay_type: 1,
      mail: 1,
      transaction_id: null,
    });
    const second = await pay({ payment_exe_date: today, book_id: b.id, amount: 3000, pay_type: 4, mail: false });
    expect(second.status).toBe(201);
    expect(second.body.mail).toBe(0);
    const after = await book(b.id);
    expect(bookingSchema.parse(after).price).toBe(15000);
    expect(after.payments.map((p: any) => [p.amount, p.pay_type])).toEqual([
      [12000, 1],
      [3000, 4],
    ]);
    expect(await stored(b.id)).toEqual({ price: 15000, payments: 15000, refunds: 0 });
  });

  it("takes cash (5) and QR・電子マネー (6) at the front desk; the spec's 1–4 keep their numbers (issue 32)", async () => {
    const b = await newBooking();
    expect((await pay({ payment_exe_date: today, book_id: b.id, amount: 2000, pay_type: 5, mail: false })).status).toBe(
      201,
    );
    expect((await pay({ payment_exe_date: today, book_id: b.id, amount: 1000, pay_type: 6, mail: false })).status).toBe(
      201,
    );
    const after = await book(b.id);
    expect(after.payments.map((p: any) => [p.amount, p.pay_type, payTypeLabel(p.pay_type)])).toEqual([
      [2000, 5, '現金'],
      [1000, 6, 'QR・電子マネー'],
    ]);
    expect([1, 2, 3, 4].map(payTypeLabel)).toEqual(['銀行振込', 'クレジットカード', '外部予約サイト', '請求書払い']);
    const refused = await pay({ payment_exe_date: today, book_id: b.id, amount: 1000, pay_type: 7, mail: false });
    expect(refused.status).toBe(400);
  });

  it('keeps the paid amount right under 20 parallel payments of one booking', async () => {
    const b = await newBooking();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay({ book_id: b.id, amount: 1000 + i, pay_type: 1, payment_exe_date: today }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const total = 20 * 1000 + (19 * 20) / 2;
    expect(await stored(b.id)).toEqual({ price: total, payments: total, refunds: 0 });
    const ids = answers.map((a) => a.body.id as number);
    await Promise.all(
      ids.slice(0, 10).map((id) => api.http.send('DELETE', `/api/payments/${id}`, { token: api.admin })),
    );
    const left = answers.slice(10).reduce((sum, a) => sum + (a.body.amount as number), 0);
    expect(await stored(b.id)).toEqual({ price: left, payments: left, refunds: 0 });
    expect((await book(b.id)).price).toBe(left);
  });

  it('keeps a payment without payment_exe_date as a provisional settlement (null), not money received', async () => {
    const b = await newBooking();
    for (const body of [{}, { payment_exe_date: null }]) {
      const res = await pay({ ...body, book_id: b.id, amount: 1000, pay_type: 2 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ payment_exe_date: null, mail: 0 });
    }
    const [row] = await api.rows<{ n: number }>(
      sql`select count(*)::int as n from payments where book_id = ${b.id} and payment_exe_date is null`,
    );
    expect(row!.n).toBe(2);
    // Not money received (issue 19): the paid amount counts dated payments only.
    expect((await book(b.id)).price).toBe(0);
    expect((await pay({ book_id: b.id, amount: 500, pay_type: 1, payment_exe_date: today })).status).toBe(201);
    expect((await book(b.id)).price).toBe(500);
  });

  it('refuses a zero, missing or malformed amount or pay type with the Japanese message, writing nothing', async () => {
    const b = await newBooking();
    const before = await paymentCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', paymentMessages.amountRange],
      [{ amount: undefined }, 'amount', paymentMessages.amount],
      [{ amount: null }, 'amount', paymentMessages.amount],
      [{ amount: -500 }, 'amount', paymentMessages.amountRange],
      [{ amount: 10.5 }, 'amount', paymentMessages.amountRange],
      [{ pay_type: 0 }, 'pay_type', paymentMessages.payType],
      [{ pay_type: undefined }, 'pay_type', paymentMessages.payType],
      [{ pay_type: 9 }, 'pay_type', paymentMessages.payType],
      [{ payment_exe_date: '2026-02-30' }, 'payment_exe_date', paymentMessages.date],
      [{ book_id: undefined }, 'book_id', paymentMessages.book],
    ];
    for (const [change, field, message] of cases) {
      const res = await pay({ payment_exe_date: today, book_id: b.id, amount: 1000, pay_type: 1, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(change)).toBe(message);
    }
    expect(await paymentCount()).toBe(before);
    expect(await stored(b.id)).toEqual({ price: 0, payments: 0, refunds: 0 });
  });

  it('answers 404 for an unknown booking and, for staff, a booking of another accommodation', async () => {
    const other = await newBooking(api.accommodations[1]!.id);
    const before = await paymentCount();
    const unknown = await pay({ book_id: 99_999_999, amount: 1000, pay_type: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(errorMessages.notFound);
    expect((await pay({ book_id: other.id, amount: 1000, pay_type: 1 }, api.staff)).status).toBe(404);
    expect(await paymentCount()).toBe(before);
    const mine = await newBooking(api.accommodations[0]!.id);
    expect((await pay({ book_id: mine.id, amount: 1000, pay_type: 1 }, api.staff)).status).toBe(201);
  });
});

describe('DELETE /payments/{id}', () => {
  it('deletes a payment (204), the paid amount follows, and its row stays marked void with who and when', async () => {
    const b = await newBooking();
    const first = (await pay({ book_id: b.id, amount: 7000, pay_type: 1, payment_exe_date: today })).body;
    await pay({ book_id: b.id, amount: 2000, pay_type: 1, payment_exe_date: today });
    const res = await api.http.send('DELETE', `/api/payments/${first.id}`, { token: api.admin });
    expect(res.status).toBe(204);
    const after = await book(b.id);
    expect(after.price).toBe(2000);
    expect(after.payments.map((p: any) => p.id)).not.toContain(first.id);
    expect(await stored(b.id)).toEqual({ price: 2000, payments: 2000, refunds: 0 });
    const [kept] = await api.rows<{ amount: number; by_admin: boolean; voided: boolean }>(sql`
      select amount, voided_by = (select id from users where mail = ${ADMIN.username}) as by_admin,
        voided_at > now() - interval '1 minute' as voided
      from payments where id = ${first.id}`);
    expect(kept).toEqual({ amount: 7000, by_admin: true, voided: true });
    expect((await api.http.send('DELETE', `/api/payments/${first.id}`, { token: api.admin })).status).toBe(404);
  });

  it('refuses a card settlement (transaction_id) with 409 and keeps it', async () => {
    const b = await newBooking();
    const [card] = await api.rows<{ id: number }>(sql`insert into payments
      (book_id, amount, pay_type, transaction_id, payment_exe_date)
      values (${b.id}, 4000, 2, ${`ch_test_${b.id}`}, ${today}::date) returning id`);
    await api.rows(sql`update bookings set price = 4000 where id = ${b.id}`);
    const res = await api.http.send<any>('DELETE', `/api/payments/${card!.id}`, { token: api.admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(paymentMessages.hasTransaction);
    expect(await stored(b.id)).toEqual({ price: 4000, payments: 4000, refunds: 0 });
  });

  it('answers 404 to staff for a payment of another accommodation, and deletes nothing', async () => {
    const other = await newBooking(api.accommodations[1]!.id);
    const p = (await pay({ book_id: other.id, amount: 1000, pay_type: 1, payment_exe_date: today })).body;
    expect((await api.http.send('DELETE', `/api/payments/${p.id}`, { token: api.staff })).status).toBe(404);
    expect(await stored(other.id)).toEqual({ price: 1000, payments: 1000, refunds: 0 });
    expect((await api.http.send('DELETE', `/api/payments/${p.id}`, { token: api.admin })).status).toBe(204);
  });
});

describe('GET /admin/books/unpaid', () => {
  it('lists official live bookings paid less than their total, made more than 24 hours ago, oldest first', async () => {
    const ages = { old: 72, day: 25, fresh: 23 };
    const made: Record<string, any> = {};
    for (const [name, hours] of Object.entries(ages)) {
      made[name] = await newBooking();
      await api.rows(sql`update bookings set via = 0, created_at = now() - make_interval(hours => ${hours})
        where id = ${made[name].id}`);
    }
    const paidUp = await newBooking();
    const cancelled = await newBooking();
    const console101 = await newBooking();
    for (const b of [paidUp, cancelled, console101]) {
      await api.rows(sql`update bookings set created_at = now() - interval '3 days' where id = ${b.id}`);
    }
    await api.rows(sql`update bookings set via = 0 where id in (${paidUp.id}, ${cancelled.id})`);
    // The bill: the total and the taxes collected apart (issue 31).
    await pay({ book_id: paidUp.id, amount: billOf(paidUp), pay_type: 1, payment_exe_date: today });
    await api.http.send('DELETE', `/api/admin/books/${cancelled.id}`, { token: api.admin });
    // Partly paid is still unpaid.
    await pay({ book_id: made.old.id, amount: 1000, pay_type: 1 });

    const res = await api.http.get('/api/admin/books/unpaid', api.admin);
    expect(res.status).toBe(200);
    const books = res.body.books;
    const ids = books.map((b: any) => b.id);
    expect(ids).toContain(made.old.id);
    expect(ids).toContain(made.day.id);
    for (const b of [made.fresh, paidUp, cancelled, console101]) expect(ids).not.toContain(b.id);
    expect(ids.indexOf(made.old.id)).toBeLessThan(ids.indexOf(made.day.id));
    // Exactly the bookings the rule names, in created_at order, each a whole booking.
    const expected = await api.rows<{ id: number }>(sql`select id from bookings where via = 0 and delete_flg = 0
      and price < price_sub + tax_due and created_at < now() - interval '24 hours' order by created_at, id`);
    expect(ids).toEqual(expected.map((r) => r.id));
    for (const b of books) bookingSchema.parse(b);
  });

  it('scopes staff to their accommodations and filters by accommodation_id', async () => {
    const theirs = await newBooking(api.accommodations[1]!.id);
    await api.rows(sql`update bookings set via = 0, created_at = now() - interval '2 days' where id = ${theirs.id}`);
    const mine = await newBooking(api.accommodations[0]!.id);
    await api.rows(sql`update bookings set via = 0, created_at = now() - interval '2 days' where id = ${mine.id}`);
    const staffIds = (await api.http.get('/api/admin/books/unpaid', api.staff)).body.books.map((b: any) => b.id);
    expect(staffIds).toContain(mine.id);
    expect(staffIds).not.toContain(theirs.id);
    const staffBooks = (await api.http.get('/api/admin/books/unpaid', api.staff)).body.books;
    expect(new Set(staffBooks.map((b: any) => b.accommodation_id))).toEqual(new Set([api.accommodations[0]!.id]));
    expect(
      (await api.http.get(`/api/admin/books/unpaid?accommodation_id=${api.accommodations[1]!.id}`, api.staff)).status,
    ).toBe(404);
    const second = (
      await api.http.get(`/api/admin/books/unpaid?accommodation_id=${api.accommodations[1]!.id}`, api.admin)
    ).body.books;
    expect(second.map((b: any) => b.id)).toContain(theirs.id);
    expect(second.every((b: any) => b.accommodation_id === api.accommodations[1]!.id)).toBe(true);
  });
});
