import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billOf, bookingSchema, type Booking } from '../../contract/booking';
import { addDays, tokyoToday } from '../../contract/dates';
import { overpaidOf, paymentAnswerSchema } from '../../contract/payment';
import { planlessBooking, signedInSuite } from '../support/fixtures';

/**
 * Issue 32: a payment beyond what a booking owes is taken (never refused), its answer says the
 * excess, and the dashboard's 過入金 list (GET /admin/books/overpaid) names each live booking paid
 * beyond its bill, within the accommodations the user may reach.
 */
const api = signedInSuite();
const today = tokyoToday();
let nextStart = addDays(today, 220);

/**
 * A booking without a plan of 62,000円, on its own night (or `start`); `accommodationIndex` 1 is out
 * of staff's reach.
 */
async function booking62000(accommodationIndex = 0, name = '過入金 太郎', start?: string): Promise<Booking> {
  if (!start) {
    start = nextStart;
    nextStart = addDays(nextStart, 2);
  }
  const { id } = await planlessBooking(api, accommodationIndex, { start_date: start, price_sub: 62000, name });
  return book(id);
}

const book = async (id: number) => bookingSchema.parse((await api.http.get(`/api/admin/books/${id}`, api.admin)).body);
const pay = (bookId: number, amount: number, dated = true) =>
  api.http.send<any>('POST', '/api/payments', {
    token: api.admin,
    json: { book_id: bookId, amount, pay_type: 1, ...(dated ? { payment_exe_date: today } : {}) },
  });
const listed = async (token = api.admin, query = '') => {
  const res = await api.http.get(`/api/admin/books/overpaid${query}`, token);
  expect(res.status).toBe(200);
  return res.body.books as Booking[];
};
const idsOf = (books: readonly Booking[]) => books.map((b) => b.id);

describe('a payment beyond the bill (issue 32)', () => {
  it('is taken and answered with the excess; the booking is listed with it as the refund to make', async () => {
    const b = await booking62000();
    const bill = billOf(b);
    expect(bill).toBeGreaterThanOrEqual(62000);

    const res = await pay(b.id, bill + 8000);
    expect(res.status).toBe(201);
    const answer = paymentAnswerSchema.parse(res.body);
    expect(answer).toMatchObject({ book_id: b.id, amount: bill + 8000, overpaid: 8000 });
    expect((await book(b.id)).price).toBe(bill + 8000);

    // The change of money leaves its audit row, the paid amount before and after.
    const [trail] = await api.rows<{ changes: any }>(sql`select changes from audit_log
      where target_type = 'payment' and target_id = ${answer.id} and action = 'create'`);
    expect(trail!.changes).toMatchObject({
      amount: { from: null, to: bill + 8000 },
      price: { from: 0, to: bill + 8000 },
    });

    const entry = (await listed()).find((x) => x.id === b.id);
    expect(entry, 'the overpaid booking is listed').toBeTruthy();
    expect(overpaidOf(bookingSchema.parse(entry))).toBe(8000);

    // The excess paid back by deleting the payment and taking the amount owed: off the list.
    expect((await api.http.send('DELETE', `/api/payments/${answer.id}`, { token: api.admin })).status).toBe(204);
    expect(paymentAnswerSchema.parse((await pay(b.id, bill)).body).overpaid).toBe(0);
    expect(idsOf(await listed())).not.toContain(b.id);
  });

  it('lists neither a booking paid exactly, nor one partly paid, nor a provisional settlement beyond it', async () => {
    const exact = await booking62000();
    expect(paymentAnswerSchema.parse((await pay(exact.id, billOf(exact))).body).overpaid).toBe(0);
    const partly = await booking62000();
    expect(paymentAnswerSchema.parse((await pay(partly.id, 1000)).body).overpaid).toBe(0);
    // A provisional settlement is not money received (issue 19): it overpays nothing.
    const provisional = await booking62000();
    expect((await pay(provisional.id, billOf(provisional))).status).toBe(201);
    expect(paymentAnswerSchema.parse((await pay(provisional.id, 9000, false)).body).overpaid).toBe(0);

    const ids = idsOf(await listed());
    for (const b of [exact, partly, provisional]) expect(ids).not.toContain(b.id);
  });

  it('leaves a cancelled booking holding money to the refund list, not this one', async () => {
    const b = await booking62000();
    expect((await pay(b.id, billOf(b) + 5000)).status).toBe(201);
    expect(idsOf(await listed())).toContain(b.id);
    expect((await api.http.send('DELETE', `/api/admin/books/${b.id}`, { token: api.admin })).status).toBe(204);
    expect(idsOf(await listed())).not.toContain(b.id);
    const refunds = (await api.http.get('/api/admin/books/deleted/paid', api.admin)).body.books as Booking[];
    expect(idsOf(refunds)).toContain(b.id);
  });

  it('lists every live booking paid beyond its bill, earliest stay first, as the database holds them', async () => {
    // Made first, staying last: the list follows the stay, not the booking.
    const later = await booking62000(0, '過入金 後泊', addDays(today, 500));
    const earlier = await booking62000(0, '過入金 先泊');
    for (const b of [later, earlier]) expect((await pay(b.id, billOf(b) + 1000)).status).toBe(201);
    const ids = idsOf(await listed());
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(later.id));
    const expected = await api.rows<{ id: number }>(sql`select id from bookings
      where delete_flg = 0 and price > price_sub + tax_due order by start_date, id`);
    expect(ids).toEqual(expected.map((r) => r.id));
  });

  it("shows staff their accommodations' overpaid bookings only; another's is 404", async () => {
    const mine = await booking62000(0, '過入金 自館');
    const theirs = await booking62000(1, '過入金 他館');
    for (const b of [mine, theirs]) expect((await pay(b.id, billOf(b) + 3000)).status).toBe(201);

    const staffIds = idsOf(await listed(api.staff));
    expect(staffIds).toContain(mine.id);
    expect(staffIds).not.toContain(theirs.id);
    const other = api.accommodations[1]!.id;
    expect((await api.http.get(`/api/admin/books/overpaid?accommodation_id=${other}`, api.staff)).status).toBe(404);

    expect(idsOf(await listed())).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const adminOther = await listed(api.admin, `?accommodation_id=${other}`);
    expect(idsOf(adminOther)).toContain(theirs.id);
    expect(adminOther.every((b) => b.accommodation_id === other)).toBe(true);
  });
});
