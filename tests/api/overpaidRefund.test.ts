import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billOf, bookingSchema, type Booking } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { paymentAnswerSchema, paymentMessages, refundAnswerSchema } from '../../contract/payment';
import { planlessBooking, signedInSuite } from '../support/fixtures';

/**
 * Issue 32: a live booking paid beyond its bill takes a refund of its excess (paid less the bill,
 * what GET /admin/books/overpaid reports), never more; a live booking not paid beyond its bill takes
 * none. A cancelled booking keeps its own limit (tests/api/refunds.test.ts).
 */
const api = signedInSuite();
const today = tokyoToday();
let nextStart = addDays(today, 260);

/** A live booking without a plan, of 62,000円, on a night of its own; `accommodationIndex` 1 is out of staff's reach. */
async function liveBooking(accommodationIndex = 0, name = '過入金 返金'): Promise<Booking> {
  const start = nextStart;
  nextStart = addDays(nextStart, 2);
  const { id } = await planlessBooking(api, accommodationIndex, { start_date: start, price_sub: 62000, name });
  return book(id);
}

const book = async (id: number) => bookingSchema.parse((await api.http.get(`/api/admin/books/${id}`, api.admin)).body);
const pay = async (bookId: number, amount: number) => {
  const res = await api.http.send<any>('POST', '/api/payments', {
    token: api.admin,
    json: { book_id: bookId, amount, pay_type: 1, payment_exe_date: today },
  });
  expect(res.status).toBe(201);
  return paymentAnswerSchema.parse(res.body);
};
const refund = (body: Record<string, unknown>, key: string = randomUUID(), token = api.admin) =>
  api.http.send<any>('PATCH', '/api/admin/payments/refund', { token, json: body, headers: { 'Idempotency-Key': key } });
const overpaidIds = async () => {
  const res = await api.http.get('/api/admin/books/overpaid', api.admin);
  expect(res.status).toBe(200);
  return (res.body.books as Booking[]).map((b) => b.id);
};
/** What the database holds of the booking's money, and the audit rows of its refunds. */
const stored = async (id: number) =>
  (
    await api.rows<{ price: number; refunded: number; refunds: number; trails: number }>(sql`
    select price, (select coalesce(sum(amount), 0)::int from refunds where book_id = b.id) as refunded,
      (select count(*)::int from refunds where book_id = b.id) as refunds,
      (select count(*)::int from audit_log where book_id = b.id and target_type = 'refund') as trails
    from bookings b where id = ${id}`)
  )[0]!;
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

describe('a refund of a live booking paid beyond its bill (issue 32)', () => {
  it('takes up to the excess, refuses one yen more with the excess in 円, and leaves the 過入金 list once given back', async () => {
    const b = await liveBooking();
    const bill = billOf(b);
    await pay(b.id, bill);
    const extra = await pay(b.id, 8000);
    expect(extra.overpaid).toBe(8000);
    expect(await overpaidIds()).toContain(b.id);
    const received = bill + 8000;

    // One yen past the excess: 400 with the excess stated, nothing written.
    const over = await refund({ book_id: b.id, refund_amount: 8001 });
    expect(over.status).toBe(400);
    const message = `返金できるのは過入金の8,000円までです（入金${yen(received)} − 請求額${yen(bill)}）`;
    expect(over.body).toMatchObject({ code: 'validation', message, errors: { refund_amount: message } });
    expect(await stored(b.id)).toEqual({ price: received, refunded: 0, refunds: 0, trails: 0 });

    // Part of it, from the payment that overpaid; the same key again answers the same refund.
    const key = randomUUID();
    const part = await refund({ book_id: b.id, refund_amount: 3000, payment_id: extra.id }, key);
    expect(part.status).toBe(200);
    const answer = refundAnswerSchema.parse(part.body);
    expect(answer).toMatchObject({
      price: received - 3000,
      refund: { book_id: b.id, amount: 3000, payment_id: extra.id },
    });
    expect((await refund({ book_id: b.id, refund_amount: 3000, payment_id: extra.id }, key)).body).toEqual(part.body);
    expect(await stored(b.id)).toEqual({ price: received - 3000, refunded: 3000, refunds: 1, trails: 1 });
    expect(await overpaidIds()).toContain(b.id);

    // The rest, named with what was given back already; then exactly the rest.
    const rest = await refund({ book_id: b.id, refund_amount: 5001 });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(
      `返金できるのは過入金の5,000円までです（入金${yen(received)} − 返金済み3,000円 − 請求額${yen(bill)}）`,
    );
    const last = await refund({ book_id: b.id, refund_amount: 5000 });
    expect(last.status).toBe(200);
    expect(last.body.price).toBe(bill);
    expect(await stored(b.id)).toEqual({ price: bill, refunded: 8000, refunds: 2, trails: 2 });
    const after = await book(b.id);
    expect(after.price).toBe(bill);
    expect(after.refunds.map((r) => r.amount).sort()).toEqual([3000, 5000]);
    expect(await overpaidIds()).not.toContain(b.id);

    // Paid as billed now: not one yen more.
    const none = await refund({ book_id: b.id, refund_amount: 1 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      `過入金がないため返金できません（入金${yen(received)}、返金済み8,000円、請求額${yen(bill)}）`,
    );
    expect(await stored(b.id)).toEqual({ price: bill, refunded: 8000, refunds: 2, trails: 2 });

    // Each refund leaves its audit row as a cancelled booking's does: the amount, the payment, paid before and after.
    const trails = await api.rows<{ action: string; changes: any }>(sql`select action, changes from audit_log
      where book_id = ${b.id} and target_type = 'refund' order by id`);
    expect(trails.map((t) => t.action)).toEqual(['refund', 'refund']);
    expect(trails[0]!.changes).toMatchObject({
      refund_amount: { from: null, to: 3000 },
      price: { from: received, to: received - 3000 },
      payment: { to: { id: extra.id, amount: 8000 } },
    });
    expect(trails[1]!.changes).toMatchObject({ price: { from: received - 3000, to: bill } });
  });

  it('refuses a refund of a live booking not paid beyond its bill (exactly paid, partly paid, unpaid); writes nothing', async () => {
    const exact = await liveBooking();
    await pay(exact.id, billOf(exact));
    const partly = await liveBooking();
    await pay(partly.id, 1000);
    const unpaid = await liveBooking();

    const exactly = await refund({ book_id: exact.id, refund_amount: 1 });
    expect(exactly.status).toBe(400);
    expect(exactly.body.message).toBe(
      `過入金がないため返金できません（入金${yen(billOf(exact))}、請求額${yen(billOf(exact))}）`,
    );
    expect(exactly.body.errors.refund_amount).toBe(exactly.body.message);
    const part = await refund({ book_id: partly.id, refund_amount: 500 });
    expect(part.status).toBe(400);
    expect(part.body.message).toBe(`過入金がないため返金できません（入金1,000円、請求額${yen(billOf(partly))}）`);
    const nothing = await refund({ book_id: unpaid.id, refund_amount: 1 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(paymentMessages.refundNothingPaid);

    expect(await stored(exact.id)).toEqual({ price: billOf(exact), refunded: 0, refunds: 0, trails: 0 });
    expect(await stored(partly.id)).toEqual({ price: 1000, refunded: 0, refunds: 0, trails: 0 });
    expect(await stored(unpaid.id)).toEqual({ price: 0, refunded: 0, refunds: 0, trails: 0 });
  });

  it('measures a cancelled booking against its cancellation fee again, whatever was given back while it was live', async () => {
    const b = await liveBooking();
    const bill = billOf(b);
    await pay(b.id, bill + 4000);
    expect((await refund({ book_id: b.id, refund_amount: 4000 })).status).toBe(200);
    expect(
      (await api.http.send('DELETE', `/api/admin/books/${b.id}?cancel_fee=10000`, { token: api.admin })).status,
    ).toBe(204);
    // Received bill + 4,000, 4,000 given back, the fee kept: the rest may go back now.
    const max = bill - 10000;
    const over = await refund({ book_id: b.id, refund_amount: max + 1 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      `返金できるのは${yen(max)}までです（入金${yen(bill + 4000)} − 返金済み4,000円 − キャンセル料10,000円）`,
    );
    expect((await refund({ book_id: b.id, refund_amount: max })).body.price).toBe(10000);
  });

  it("lets staff refund their accommodations' overpaid bookings only; another's is 404 and untouched", async () => {
    const theirs = await liveBooking(1, '過入金 他館');
    await pay(theirs.id, billOf(theirs) + 2000);
    const res = await refund({ book_id: theirs.id, refund_amount: 1000 }, randomUUID(), api.staff);
    expect(res.status).toBe(404);
    expect(await stored(theirs.id)).toMatchObject({ refunds: 0 });
    const mine = await liveBooking(0, '過入金 自館');
    await pay(mine.id, billOf(mine) + 2000);
    expect((await refund({ book_id: mine.id, refund_amount: 2000 }, randomUUID(), api.staff)).status).toBe(200);
  });
});
