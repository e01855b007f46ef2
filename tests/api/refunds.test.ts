import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bookingSchema } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { paymentMessages, refundAnswerSchema } from '../../contract/payment';
import { bookingMaker, signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const today = tokyoToday();

/** A fresh booking made through the API, on a night its room type has free. */
const newBooking = bookingMaker(api, { from: addDays(today, 50), days: 1, name: '返金 花子' });

/** A booking paid `amounts` (one payment each), then cancelled with an optional fee. */
async function cancelledPaid(amounts: number[], opts: { accommodationId?: number; fee?: number } = {}) {
  const b = await newBooking(opts.accommodationId);
  for (const amount of amounts) {
    const res = await api.http.send('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: b.id, amount, pay_type: 1, payment_exe_date: today },
    });
    expect(res.status).toBe(201);
  }
  const fee = opts.fee === undefined ? '' : `?cancel_fee=${opts.fee}`;
  expect((await api.http.send('DELETE', `/api/admin/books/${b.id}${fee}`, { token: api.admin })).status).toBe(204);
  return b;
}

const refund = (body: Record<string, unknown>, key?: string, token = api.admin) =>
  api.http.send<any>('PATCH', '/api/admin/payments/refund', {
    token,
    json: body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
const stored = async (id: number) =>
  (
    await api.rows<{ price: number; refunded: number; refunds: number }>(sql`
    select price, (select coalesce(sum(amount), 0)::int from refunds where book_id = b.id) as refunded,
      (select count(*)::int from refunds where book_id = b.id) as refunds
    from bookings b where id = ${id}`)
  )[0]!;
const refundCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from refunds`))[0]!.n;

describe('PATCH /admin/payments/refund', () => {
  it('records a refund of a cancelled paid booking; the paid amount follows (answer, booking, database)', async () => {
    const b = await cancelledPaid([10000, 5000]);
    const res = await refund({ book_id: b.id, refund_amount: 6000 }, randomUUID());
    expect(res.status).toBe(200);
    const answer = refundAnswerSchema.parse(res.body);
    expect(answer.price).toBe(9000);
    expect(answer.refund).toMatchObject({ book_id: b.id, amount: 6000 });
    expect(answer.refund.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/);
    const after = bookingSchema.parse((await api.http.get(`/api/admin/books/${b.id}`, api.admin)).body);
    expect(after.price).toBe(9000);
    expect(after.refunds).toEqual([answer.refund]);
    expect(await stored(b.id)).toEqual({ price: 9000, refunded: 6000, refunds: 1 });
    // Without a key the request is its own: a second one is a second refund.
    expect((await refund({ book_id: b.id, refund_amount: 9000 })).body.price).toBe(0);
    expect(await stored(b.id)).toEqual({ price: 0, refunded: 15000, refunds: 2 });
  });

  it('refuses more than paid, nothing paid, zero, and a live booking not paid beyond its bill; records nothing', async () => {
    const b = await cancelledPaid([8000]);
    const before = await refundCount();
    const over = await refund({ book_id: b.id, refund_amount: 8001 }, randomUUID());
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('返金できるのは8,000円までです（入金8,000円）');
    expect(over.body.errors.refund_amount).toBe(over.body.message);
    const zero = await refund({ book_id: b.id, refund_amount: 0 }, randomUUID());
    expect(zero.status).toBe(400);
    expect(zero.body.errors.refund_amount).toBe(paymentMessages.amountRange);
    const missing = await refund({ book_id: b.id }, randomUUID());
    expect(missing.body.errors.refund_amount).toBe(paymentMessages.amount);

    const unpaid = await cancelledPaid([]);
    const nothing = await refund({ book_id: unpaid.id, refund_amount: 1 }, randomUUID());
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(paymentMessages.refundNothingPaid);

    const live = await newBooking();
    await api.http.send('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: live.id, amount: 3000, pay_type: 1, payment_exe_date: today },
    });
    // A live booking gives back only what it holds beyond its bill (issue 32, tests/api/overpaidRefund.test.ts).
    const notOverpaid = await refund({ book_id: live.id, refund_amount: 1000 }, randomUUID());
    expect(notOverpaid.status).toBe(400);
    expect(notOverpaid.body.message).toMatch(/^過入金がないため返金できません（入金3,000円、請求額[\d,]+円）$/);

    expect(await refundCount()).toBe(before);
    expect(await stored(b.id)).toEqual({ price: 8000, refunded: 0, refunds: 0 });
    expect(await stored(live.id)).toEqual({ price: 3000, refunded: 0, refunds: 0 });
  });

  it('keeps the cancellation fee: refuses a refund past it naming the maximum, takes one within it (issue 19)', async () => {
    const b = await cancelledPaid([50000]);
    // The fee chosen at cancelling (set here: the made-up stay's total may be below 17,100円).
    await api.rows(sql`update bookings set cancel_fee = 17100, price_sub = 57000 where id = ${b.id}`);
    const before = await refundCount();
    const message = '返金できるのは32,900円までです（入金50,000円 − キャンセル料17,100円）';
    for (const amount of [50000, 32901]) {
      const res = await refund({ book_id: b.id, refund_amount: amount }, randomUUID());
      expect(res.status, String(amount)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation', message, errors: { refund_amount: message } });
    }
    expect(await refundCount()).toBe(before);
    expect(await stored(b.id)).toEqual({ price: 50000, refunded: 0, refunds: 0 });

    const within = await refund({ book_id: b.id, refund_amount: 30000 }, randomUUID());
    expect(within.status).toBe(200);
    expect(within.body.price).toBe(20000);
    // The rest, with what was already given back named.
    const rest = await refund({ book_id: b.id, refund_amount: 2901 }, randomUUID());
    expect(rest.body.message).toBe(
      '返金できるのは2,900円までです（入金50,000円 − 返金済み30,000円 − キャンセル料17,100円）',
    );
    expect((await refund({ book_id: b.id, refund_amount: 2900 }, randomUUID())).status).toBe(200);
    expect(await stored(b.id)).toEqual({ price: 17100, refunded: 32900, refunds: 2 });
    const none = await refund({ book_id: b.id, refund_amount: 1 }, randomUUID());
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      '返金できる金額はありません（入金50,000円 − 返金済み32,900円 − キャンセル料17,100円）',
    );
  });

  it('does not count a provisional settlement (no payment date) as money received (issue 19)', async () => {
    const b = await newBooking();
    for (const json of [
      { book_id: b.id, amount: 30000, pay_type: 1, payment_exe_date: today },
      { book_id: b.id, amount: 20000, pay_type: 2 },
    ]) {
      expect((await api.http.send('POST', '/api/payments', { token: api.admin, json })).status).toBe(201);
    }
    expect((await api.http.send('DELETE', `/api/admin/books/${b.id}`, { token: api.admin })).status).toBe(204);
    const over = await refund({ book_id: b.id, refund_amount: 30001 }, randomUUID());
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('返金できるのは30,000円までです（入金30,000円）');
    expect((await refund({ book_id: b.id, refund_amount: 30000 }, randomUUID())).status).toBe(200);

    const onlyProvisional = await newBooking();
    await api.http.send('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: onlyProvisional.id, amount: 8000, pay_type: 2 },
    });
    await api.http.send('DELETE', `/api/admin/books/${onlyProvisional.id}`, { token: api.admin });
    const nothing = await refund({ book_id: onlyProvisional.id, refund_amount: 1 }, randomUUID());
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(paymentMessages.refundNothingPaid);
    expect(await stored(onlyProvisional.id)).toMatchObject({ refunded: 0, refunds: 0 });
  });

  it('checks the Idempotency-Key: 1 to 200 characters', async () => {
    const b = await cancelledPaid([5000]);
    for (const key of ['x'.repeat(201), '']) {
      const res = await refund({ book_id: b.id, refund_amount: 1000 }, key);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(paymentMessages.idempotencyKey);
    }
    expect(await stored(b.id)).toEqual({ price: 5000, refunded: 0, refunds: 0 });
    expect((await refund({ book_id: b.id, refund_amount: 1000 }, 'k'.repeat(200))).status).toBe(200);
  });

  it('answers the same key again with the first refund and the current price, recording nothing more', async () => {
    const b = await cancelledPaid([10000]);
    const key = randomUUID();
    const first = await refund({ book_id: b.id, refund_amount: 4000 }, key);
    expect(first.status).toBe(200);
    const again = await refund({ book_id: b.id, refund_amount: 4000 }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Another refund meanwhile: the replay answers the first refund with the price as it now is.
    await refund({ book_id: b.id, refund_amount: 1000 }, randomUUID());
    const later = await refund({ book_id: b.id, refund_amount: 4000 }, key);
    expect(later.body).toEqual({ refund: first.body.refund, price: 5000 });
    expect(await stored(b.id)).toEqual({ price: 5000, refunded: 5000, refunds: 2 });
  });

  it('answers a retry of a refund of everything with that refund, not with "nothing to refund"', async () => {
    const b = await cancelledPaid([6000]);
    const key = randomUUID();
    const first = await refund({ book_id: b.id, refund_amount: 6000 }, key);
    expect(first.body.price).toBe(0);
    const retry = await refund({ book_id: b.id, refund_amount: 6000 }, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await stored(b.id)).toEqual({ price: 0, refunded: 6000, refunds: 1 });
  });

  it('refuses the same key with another amount or booking (422), recording nothing', async () => {
    const b = await cancelledPaid([10000]);
    const other = await cancelledPaid([10000]);
    const key = randomUUID();
    await refund({ book_id: b.id, refund_amount: 2000 }, key);
    for (const body of [
      { book_id: b.id, refund_amount: 2500 },
      { book_id: other.id, refund_amount: 2000 },
    ]) {
      const res = await refund(body, key);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(paymentMessages.idempotencyMismatch);
    }
    expect(await stored(b.id)).toEqual({ price: 8000, refunded: 2000, refunds: 1 });
    expect(await stored(other.id)).toEqual({ price: 10000, refunded: 0, refunds: 0 });
  });

  it('refunds once for 20 parallel identical requests with one key', async () => {
    for (const amount of [7000, 20000]) {
      const b = await cancelledPaid([20000]);
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => refund({ book_id: b.id, refund_amount: amount }, key)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((a) => a.body.refund.id));
      expect(ids.size).toBe(1);
      expect(answers.every((a) => a.body.price === 20000 - amount)).toBe(true);
      expect(await stored(b.id)).toEqual({ price: 20000 - amount, refunded: amount, refunds: 1 });
    }
  });

  it('records one refund when one key comes in parallel for two bookings; the other booking gets 422', async () => {
    const a = await cancelledPaid([5000]);
    const b = await cancelledPaid([5000]);
    const key = randomUUID();
    const targets = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(targets.map((t) => refund({ book_id: t.id, refund_amount: 1000 }, key)));
    const [row] = await api.rows<{ book_id: number; n: number }>(sql`select min(book_id) as book_id, count(*)::int as n
      from refunds where idempotency_key = ${key}`);
    expect(row!.n).toBe(1);
    answers.forEach((answer, i) => {
      if (targets[i]!.id === row!.book_id) {
        expect(answer.status).toBe(200);
        expect(answer.body.refund.book_id).toBe(row!.book_id);
      } else {
        expect(answer.status).toBe(422);
        expect(answer.body.message).toBe(paymentMessages.idempotencyMismatch);
      }
    });
    const loser = row!.book_id === a.id ? b : a;
    expect(await stored(loser.id)).toEqual({ price: 5000, refunded: 0, refunds: 0 });
  });

  it('lets one of 20 parallel refunds of the whole amount with different keys through; never refunds more than paid', async () => {
    const b = await cancelledPaid([9000, 3000]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund({ book_id: b.id, refund_amount: 12000 }, randomUUID())),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(400)]);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.body.message).toBe(paymentMessages.refundNothingPaid);
    }
    expect(await stored(b.id)).toEqual({ price: 0, refunded: 12000, refunds: 1 });
  });

  it('keeps the payments of a cancelled booking: no delete, no new one (409); money goes back by refund', async () => {
    const b = await cancelledPaid([6000, 4000]);
    await refund({ book_id: b.id, refund_amount: 7000 }, randomUUID());
    const payments = (await api.http.get(`/api/admin/books/${b.id}`, api.admin)).body.payments;
    const res = await api.http.send<any>('DELETE', `/api/payments/${payments[0].id}`, { token: api.admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(paymentMessages.cancelled);
    const added = await api.http.send<any>('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: b.id, amount: 1000, pay_type: 1 },
    });
    expect(added.status).toBe(409);
    expect(added.body.message).toBe(paymentMessages.cancelled);
    expect((await api.http.send('DELETE', `/api/payments/${payments[1].id}`, { token: api.admin })).status).toBe(409);
    expect(await stored(b.id)).toEqual({ price: 3000, refunded: 7000, refunds: 1 });
  });

  it('answers 404 to staff for a booking of another accommodation, and for an unknown booking', async () => {
    const other = await cancelledPaid([5000], { accommodationId: api.accommodations[1]!.id });
    const before = await refundCount();
    expect((await refund({ book_id: other.id, refund_amount: 1000 }, randomUUID(), api.staff)).status).toBe(404);
    expect((await refund({ book_id: 99_999_999, refund_amount: 1000 }, randomUUID())).status).toBe(404);
    expect(await refundCount()).toBe(before);
    const mine = await cancelledPaid([5000], { accommodationId: api.accommodations[0]!.id });
    expect((await refund({ book_id: mine.id, refund_amount: 1000 }, randomUUID(), api.staff)).status).toBe(200);
  });
});

describe('GET /admin/books/deleted/paid', () => {
  it('lists cancelled bookings holding more than their fee, last cancelled first, until refunded', async () => {
    const holding = await cancelledPaid([10000]);
    const feeOnly = await cancelledPaid([3000], { fee: 3000 });
    const feeAndMore = await cancelledPaid([5000], { fee: 3000 });
    const nothing = await cancelledPaid([]);
    const live = await newBooking();
    await api.http.send('POST', '/api/payments', {
      token: api.admin,
      json: { book_id: live.id, amount: 3000, pay_type: 1 },
    });
    await api.rows(sql`update bookings set deleted_at = now() - interval '1 hour' where id = ${holding.id}`);

    const list = async () => (await api.http.get('/api/admin/books/deleted/paid', api.admin)).body.books as any[];
    const ids = (await list()).map((b) => b.id);
    expect(ids).toContain(holding.id);
    expect(ids).toContain(feeAndMore.id);
    for (const b of [feeOnly, nothing, live]) expect(ids).not.toContain(b.id);
    expect(ids.indexOf(feeAndMore.id)).toBeLessThan(ids.indexOf(holding.id));
    const expected = await api.rows<{ id: number }>(sql`select id from bookings where delete_flg = 1
      and price > coalesce(cancel_fee, 0) order by deleted_at desc, id`);
    expect(ids).toEqual(expected.map((r) => r.id));
    const entry = (await list()).find((b) => b.id === holding.id);
    expect(bookingSchema.parse(entry).payments[0]!.book_id).toBe(holding.id);

    await refund({ book_id: holding.id, refund_amount: 10000 }, randomUUID());
    expect((await list()).map((b) => b.id)).not.toContain(holding.id);
  });

  it('scopes staff to their accommodations', async () => {
    const theirs = await cancelledPaid([5000], { accommodationId: api.accommodations[1]!.id });
    const mine = await cancelledPaid([5000], { accommodationId: api.accommodations[0]!.id });
    const books = (await api.http.get('/api/admin/books/deleted/paid', api.staff)).body.books as any[];
    expect(books.map((b) => b.id)).toContain(mine.id);
    expect(books.map((b) => b.id)).not.toContain(theirs.id);
    expect(new Set(books.map((b) => b.accommodation_id))).toEqual(new Set([api.accommodations[0]!.id]));
    expect(
      (await api.http.get(`/api/admin/books/deleted/paid?accommodation_id=${api.accommodations[1]!.id}`, api.staff))
        .status,
    ).toBe(404);
    const adminOther = (
      await api.http.get(`/api/admin/books/deleted/paid?accommodation_id=${api.accommodations[1]!.id}`, api.admin)
    ).body.books as any[];
    expect(adminOther.map((b) => b.id)).toContain(theirs.id);
    expect(adminOther.every((b) => b.accommodation_id === api.accommodations[1]!.id)).toBe(true);
  });
});
