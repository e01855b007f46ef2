import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { bookingSchema } from '../../contract/booking';
import { planlessBooking, signedInSuite } from '../support/fixtures';

/**
 * Taxes collected apart from the price are on the guest's bill (issue 31): the booking's tax_due,
 * its balance, the dashboard's unpaid list and the search for the unpaid; inside the price, the bill
 * does not change.
 */
const api = signedInSuite();

const ATAMI = 0; // さくら荘: atami 宿泊税 200 a guest a night and 入湯税 150 a guest a night, collected apart
const PLAIN = 1; // no taxes

const settingsPath = (index: number) => `/api/facility/${api.accommodations[index]!.id}/tax-settings`;
const patchSettings = (index: number, json: unknown) =>
  api.http.send<any>('PATCH', settingsPath(index), { token: api.admin, json });
const booking = async (id: number) =>
  bookingSchema.parse((await api.http.get<any>(`/api/admin/books/${id}`, api.admin)).body);
const patchBooking = (id: number, json: unknown) =>
  api.http.send<any>('PATCH', `/api/admin/books/${id}`, { token: api.admin, json });
const pay = async (id: number, amount: number) => {
  const res = await api.http.send<any>('POST', '/api/payments', {
    token: api.admin,
    json: { book_id: id, amount, pay_type: 1, payment_exe_date: tokyoToday() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
/** The ids of the dashboard's unpaid official bookings and of the search for the unpaid. */
const unpaidIds = async () => {
  const list = await api.http.get<{ books: { id: number }[] }>('/api/admin/books/unpaid', api.admin);
  return list.body.books.map((b) => b.id);
};
const searchedUnpaid = async (index: number, start: string) => {
  const accommodationId = api.accommodations[index]!.id;
  const res = await api.http.get<{ books: { id: number }[] }>(
    `/api/admin/books?accommodation_id=${accommodationId}&not_paid_only=1&stay_start_date=${start}&stay_end_date=${start}`,
    api.admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.books.map((b) => b.id);
};
const stay = (index: number, fields: Record<string, unknown>) =>
  planlessBooking(api, index, { name: '税 花子', ...fields });
/** Made on the official site long ago: the dashboard lists those unpaid after a day, the oldest first. */
const officialLongAgo = (id: number) =>
  api.rows(sql`update bookings set via = 0, created_at = '2020-01-01' where id = ${id}`);

describe("taxes collected apart are on the guest's bill", () => {
  it('2 adults, 1 night at 30,000 in Atami: the bill is 30,700; paid 30,000 it stays unpaid, paid 700 more it is settled', async () => {
    const start = addDays(tokyoToday(), 200);
    const made = await stay(ATAMI, { start_date: start, price_sub: 30_000 });
    await officialLongAgo(made.id);
    // 宿泊税 200 x 2 and 入湯税 150 x 2.
    expect((await booking(made.id)).tax_due).toBe(700);

    await pay(made.id, 30_000);
    expect((await booking(made.id)).price).toBe(30_000);
    expect(await unpaidIds()).toContain(made.id);
    expect(await searchedUnpaid(ATAMI, start)).toContain(made.id);

    await pay(made.id, 700);
    expect(await unpaidIds()).not.toContain(made.id);
    expect(await searchedUnpaid(ATAMI, start)).not.toContain(made.id);
  });

  it('follows the party: a child under 12 and a school trip are exempt; a cancelled booking owes no tax', async () => {
    const start = addDays(tokyoToday(), 201);
    const made = await stay(ATAMI, { start_date: start, person_number: 3, price_sub: 45_000 });
    expect((await booking(made.id)).tax_due).toBe(1_050);
    expect((await patchBooking(made.id, { children_under_12: 1 })).status).toBe(200);
    // The child exempt from both: 2 x (200 + 150).
    expect((await booking(made.id)).tax_due).toBe(700);
    expect((await patchBooking(made.id, { school_trip: true })).status).toBe(200);
    expect((await booking(made.id)).tax_due).toBe(0);
    expect((await patchBooking(made.id, { school_trip: false, days: 2 })).status).toBe(200);
    expect((await booking(made.id)).tax_due).toBe(1_400);
    expect((await api.http.send('DELETE', `/api/admin/books/${made.id}`, { token: api.admin })).status).toBeLessThan(
      300,
    );
    expect((await booking(made.id)).tax_due).toBe(0);
  });

  it('inside the price the bill does not change; back to apart, the stays to come owe again and past ones keep theirs', async () => {
    const start = addDays(tokyoToday(), 202);
    const made = await stay(ATAMI, { start_date: start, price_sub: 30_000 });
    const past = await stay(ATAMI, { start_date: addDays(tokyoToday(), -20), price_sub: 30_000 });
    expect((await booking(past.id)).tax_due).toBe(700);
    await officialLongAgo(made.id);
    await pay(made.id, 30_000);

    expect((await patchSettings(ATAMI, { collection: 'included' })).status).toBe(200);
    expect((await booking(made.id)).tax_due).toBe(0);
    expect(await unpaidIds()).not.toContain(made.id);
    // A stay already over keeps the bill it had.
    expect((await booking(past.id)).tax_due).toBe(700);

    expect((await patchSettings(ATAMI, { collection: 'separate', bathing_tax: { enabled: false } })).status).toBe(200);
    expect((await booking(made.id)).tax_due).toBe(400);
    expect(await unpaidIds()).toContain(made.id);
    expect((await patchSettings(ATAMI, { bathing_tax: { enabled: true } })).status).toBe(200);
    expect((await booking(made.id)).tax_due).toBe(700);
  });

  it("a corrected rule changes the bills of the company's stays to come", async () => {
    const start = addDays(tokyoToday(), 203);
    const made = await stay(ATAMI, { start_date: start, price_sub: 30_000 });
    const rules = await api.http.get<{ rules: { id: number; code: string; effective_to: string | null }[] }>(
      '/api/tax/jurisdictions',
      api.admin,
    );
    const atami = rules.body.rules.find((r) => r.code === 'atami' && r.effective_to === null)!;
    const corrected = await api.http.send<any>('PATCH', `/api/tax/jurisdictions/${atami.id}`, {
      token: api.admin,
      json: { bands: [{ from: 0, amount: 300 }] },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // 宿泊税 300 x 2 and 入湯税 150 x 2.
    expect((await booking(made.id)).tax_due).toBe(900);
    const back = await api.http.send<any>('PATCH', `/api/tax/jurisdictions/${atami.id}`, {
      token: api.admin,
      json: { bands: [{ from: 0, amount: 200 }] },
    });
    expect(back.status).toBe(200);
    expect((await booking(made.id)).tax_due).toBe(700);
  });

  it('a facility that collects no tax bills the total alone', async () => {
    const made = await stay(PLAIN, { start_date: addDays(tokyoToday(), 204), price_sub: 30_000 });
    expect((await booking(made.id)).tax_due).toBe(0);
  });
});
