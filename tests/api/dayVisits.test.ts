import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dayVisitMessages, dayVisitSchema, dayVisitsSchema } from '../../contract/dayVisit';
import { taxLedgerSchema } from '../../contract/taxLedger';
import { signedInSuite } from '../support/fixtures';

/**
 * Day visitors to the baths (日帰り入浴, issue 31): the front desk records a day's count, 入湯税 at
 * the facility's day rate, children under 12 and school trips exempt; the bathing ledger files them.
 */
const api = signedInSuite();
const facility = (index = 0) => api.accommodations[index]!.id;
const path = (date: string, index = 0) => `/api/facility/${facility(index)}/day-visits/${date}`;
const put = (date: string, json: unknown, token = api.staff, index = 0) =>
  api.http.send<any>('PUT', path(date, index), { token, json });
const month = async (m: string, token = api.staff) => {
  const res = await api.http.get<any>(`/api/facility/${facility()}/day-visits?month=${m}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dayVisitsSchema.parse(res.body);
};
const bathingLedger = async (m: string) => {
  const res = await api.http.get<any>(`/api/facility/${facility()}/tax-ledger?month=${m}&kind=bathing`, api.staff);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return taxLedgerSchema.parse(res.body);
};
const stored = () => api.rows<{ n: number }>(sql`select count(*)::int as n from day_visits`);

describe('day visitors to the baths', () => {
  it('staff record a day; 入湯税 at the day rate; the bathing ledger files them with the exempt; a new count replaces it', async () => {
    // さくら荘 collects 入湯税; its day rate is set to 75円.
    const settings = await api.http.send('PATCH', `/api/facility/${facility()}/tax-settings`, {
      token: api.admin,
      json: { bathing_tax: { day_rate: 75 } },
    });
    expect(settings.status).toBe(200);
    const before = await bathingLedger('2027-03');

    const res = await put('2027-03-05', { visitors: 10, children_under_12: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(dayVisitSchema.parse(res.body)).toEqual({
      date: '2027-03-05',
      visitors: 10,
      children_under_12: 2,
      school_trip: 0,
      amount: 750,
    });
    expect(await month('2027-03')).toMatchObject({
      bathing_tax: true,
      day_rate: 75,
      days: [{ date: '2027-03-05', visitors: 10, children_under_12: 2, school_trip: 0, amount: 750 }],
      total: 750,
    });

    const after = await bathingLedger('2027-03');
    expect(after.rows).toContainEqual({
      jurisdiction: null,
      name: '入湯税（日帰り）',
      amount_per_person: 75,
      guest_nights: 10,
      amount: 750,
    });
    expect(after.exempt).toContainEqual({
      jurisdiction: null,
      name: '入湯税（日帰り）',
      reason: 'under_12',
      guest_nights: 2,
    });
    expect(after.total - before.total).toBe(750);

    // Counted again: the day's record is replaced, the change audited with what it was.
    expect((await put('2027-03-05', { visitors: 12, school_trip: 30 })).status).toBe(200);
    expect((await month('2027-03')).days).toEqual([
      { date: '2027-03-05', visitors: 12, children_under_12: 0, school_trip: 30, amount: 900 },
    ]);
    const [row] = await api.rows<{ changes: any }>(
      sql`select changes from audit_log where target_type = 'day_visit' order by id desc limit 1`,
    );
    expect(row!.changes.visitors).toEqual({ from: 10, to: 12 });
    expect(row!.changes.school_trip).toEqual({ from: 0, to: 30 });

    // All zero: no visitors that day.
    expect((await put('2027-03-05', { visitors: 0 })).status).toBe(200);
    expect((await month('2027-03')).days).toEqual([]);
    expect((await bathingLedger('2027-03')).total).toBe(before.total);
  });

  it('refuses bad counts and dates in Japanese, another facility with 404, and writes nothing', async () => {
    const count = (await stored())[0]!.n;
    const refusals: [string, unknown][] = [
      ['2027-04-01', { visitors: -1 }],
      ['2027-04-01', { visitors: 10_000 }],
      ['2027-04-01', { visitors: 1.5 }],
      ['2027-04-01', { visitors: '十' }],
      ['2027-04-01', {}],
      ['2027-04-01', { visitors: 1, children_under_12: -3 }],
    ];
    for (const [date, body] of refusals) {
      const res = await put(date, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(dayVisitMessages.count);
    }
    const badDate = await put('2027-02-30', { visitors: 1 });
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain(dayVisitMessages.date);
    const badMonth = await api.http.get<any>(`/api/facility/${facility()}/day-visits?month=2027-13`, api.staff);
    expect(badMonth.status).toBe(400);
    expect(JSON.stringify(badMonth.body)).toContain(dayVisitMessages.month);
    // Staff do not reach the second facility.
    expect((await put('2027-04-01', { visitors: 1 }, api.staff, 1)).status).toBe(404);
    expect((await stored())[0]!.n).toBe(count);
  });
});
