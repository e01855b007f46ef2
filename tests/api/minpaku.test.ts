import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { currentFiscalYear, fiscalYearNights, minpakuLevel, minpakuMessages as msg } from '../../contract/minpaku';
import { addDays } from '../../contract/dates';
import { planlessBooking, signedInSuite } from '../support/fixtures';

const api = signedInSuite();
/** The second facility, made a minpaku house for this file (its own copy of the database). */
const HOUSE = 1;
let houseId = 0;

beforeAll(async () => {
  houseId = api.accommodations[HOUSE]!.id;
  const res = await api.http.send<any>('PATCH', `/api/facility/${houseId}/register-settings`, {
    token: api.admin,
    json: { licence: 'minpaku', notification_number: 'M130099999' },
  });
  expect(res.status).toBe(200);
});

/** A stay at the house with its guests' nationalities entered in the register. */
async function stay(start: string, days: number, nationalities: string[]) {
  const b = await planlessBooking(api, HOUSE, {
    start_date: start,
    days,
    person_number: nationalities.length,
    name: '民泊 太郎',
  });
  for (const [i, nationality] of nationalities.entries()) {
    const res = await api.http.send<any>('POST', `/api/admin/books/${b.id}/guests`, {
      token: api.admin,
      json: { name: `宿泊者 ${i + 1}`, nationality, residence_country: nationality },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return b;
}

const daysOf = (fiscalYear: number | string, id = houseId, token = api.admin) =>
  api.http.send<any>('GET', `/api/facility/${id}/minpaku/days?fiscal_year=${fiscalYear}`, { token });
const reportOf = (year: number | string, period: number | string, id = houseId) =>
  api.http.send<any>('GET', `/api/facility/${id}/minpaku/report?year=${year}&period=${period}`, { token: api.admin });

describe('the minpaku report and days', () => {
  it("counts the issue's worked example: 9 days, 10 guests, 40 guest-nights, JP 3, KR 2, US 5, due 8/15", async () => {
    await stay('2030-06-20', 2, ['JP', 'KR', 'KR']);
    await stay('2030-07-01', 6, ['US', 'US', 'US', 'US', 'US']);
    await stay('2030-07-06', 2, ['JP', 'JP']);
    // Outside the two months: not counted.
    await stay('2030-08-01', 1, ['FR']);
    const res = await reportOf(2030, 6);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      year: 2030,
      period: 6,
      from: '2030-06-01',
      to: '2030-08-01',
      days: 9,
      guests: 10,
      guest_nights: 40,
      by_nationality: { JP: 3, KR: 2, US: 5 },
      due_date: '2030-08-15',
    });
    // A period with no guests is reported all the same; December's is due in February of the next year.
    expect((await reportOf(2030, 12)).body).toMatchObject({
      days: 0,
      guests: 0,
      guest_nights: 0,
      by_nationality: {},
      from: '2030-12-01',
      to: '2031-02-01',
      due_date: '2031-02-15',
    });
  });

  it('counts a stay across 4/1 in both fiscal years: 3/30 to 4/2 is 2 days in one and 1 in the next', async () => {
    await stay('2034-03-30', 3, ['JP']);
    expect((await daysOf(2033)).body).toEqual({ fiscal_year: 2033, days_used: 2, limit: 180, remaining: 178 });
    expect((await daysOf(2034)).body).toEqual({ fiscal_year: 2034, days_used: 1, limit: 180, remaining: 179 });
    // A cancelled stay counts not at all; guests not entered count as unknown.
    const cancelled = await stay('2034-04-10', 1, ['JP']);
    await api.rows(sql`update bookings set delete_flg = 1, deleted_at = now() where id = ${cancelled.id}`);
    expect((await daysOf(2034)).body.days_used).toBe(1);
    await planlessBooking(api, HOUSE, { start_date: '2034-05-01', person_number: 2, name: '未記入 六郎' });
    expect((await reportOf(2034, 4)).body).toMatchObject({
      days: 2,
      guests: 3,
      guest_nights: 3,
      by_nationality: { JP: 1, unknown: 2 },
    });
  });

  it('refuses a booking that takes the house past 180 days in a fiscal year (409), not one on a day already used', async () => {
    // 180 nights of fiscal 2036 taken by one stay (set in the database: no form books half a year).
    const long = await stay('2036-04-01', 1, ['JP']);
    await api.rows(sql`update bookings set end_date = '2036-09-28', days = 180 where id = ${long.id}`);
    expect((await daysOf(2036)).body).toMatchObject({ days_used: 180, remaining: 0 });

    const before = await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings`);
    const refused = await api.http.send<any>('POST', '/api/admin/books', {
      token: api.admin,
      json: {
        accommodation_id: houseId,
        room_id: (
          await api.rows<{ id: number }>(sql`select id from rooms where accommodation_id = ${houseId}
          order by max_num desc limit 1`)
        )[0]!.id,
        plan_id: null,
        start_date: '2036-10-01',
        days: 1,
        person_number: 1,
        name: '超過 次郎',
        price: 0,
        price_sub: 0,
        via: 101,
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.overLimit(2036, 181));
    expect(await api.rows(sql`select count(*)::int as n from bookings`)).toEqual(before);

    // A night already used adds no day; the next fiscal year starts anew.
    expect(
      (await planlessBooking(api, HOUSE, { start_date: '2036-05-01', person_number: 1, name: '同日 三郎' })).id,
    ).toBeGreaterThan(0);
    expect(
      (await planlessBooking(api, HOUSE, { start_date: '2037-04-01', person_number: 1, name: '翌年 四郎' })).id,
    ).toBeGreaterThan(0);
    // Moving a stay onto a new day is refused the same way.
    const moved = await planlessBooking(api, HOUSE, { start_date: '2036-06-01', person_number: 1, name: '移動 五郎' });
    const move = await api.http.send<any>('PATCH', `/api/admin/books/${moved.id}`, {
      token: api.admin,
      json: { start_date: '2036-12-01' },
    });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe(msg.overLimit(2036, 181));
  });

  it('refuses bad input in Japanese, a ryokan (409) and a facility the user does not reach (404)', async () => {
    for (const [query, message] of [
      ['fiscal_year=abc', msg.fiscalYear],
      ['fiscal_year=1999', msg.fiscalYear],
      ['fiscal_year=2026.5', msg.fiscalYear],
    ] as const) {
      const res = await api.http.send<any>('GET', `/api/facility/${houseId}/minpaku/days?${query}`, {
        token: api.admin,
      });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    for (const [year, period, message] of [
      [2030, 5, msg.period],
      [2030, 'x', msg.period],
      ['', 6, msg.year],
      [3000, 6, msg.year],
    ] as const) {
      const res = await reportOf(year, period);
      expect(res.status, `${year} ${period}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const ryokan = api.accommodations[0]!.id;
    expect(await daysOf(2030, ryokan)).toMatchObject({ status: 409, body: { message: msg.notMinpaku } });
    expect((await daysOf(2030, houseId, api.staff)).status).toBe(404);
  });
});

describe("the dashboard's card GET /admin/minpaku/houses", () => {
  it('lists each minpaku house the user reaches with its days and level, warning from 150', async () => {
    const fiscalYear = currentFiscalYear();
    const { from } = fiscalYearNights(fiscalYear);
    // 155 nights of this fiscal year at the house (set in the database: no form books five months).
    const long = await stay(addDays(from, 0), 1, ['JP']);
    await api.rows(sql`update bookings set end_date = ${addDays(from, 155)}::date, days = 155 where id = ${long.id}`);

    const res = await api.http.send<any>('GET', '/api/admin/minpaku/houses', { token: api.admin });
    expect(res.status).toBe(200);
    const ids = res.body.houses.map((h: any) => h.accommodation_id);
    // The demo's machiya and this file's house; never a ryokan.
    expect(ids).toEqual([houseId, api.accommodations[2]!.id].sort((a, b) => a - b));
    const house = res.body.houses.find((h: any) => h.accommodation_id === houseId);
    expect(house.days_used).toBeGreaterThanOrEqual(155);
    expect(house).toMatchObject({ fiscal_year: fiscalYear, limit: 180, level: minpakuLevel(house.days_used) });
    expect(house.level).not.toBe('ok');
    expect((await daysOf(fiscalYear)).body.days_used).toBe(house.days_used);

    // Staff see the houses of their facilities only (the first facility is a ryokan).
    const staff = await api.http.send<any>('GET', '/api/admin/minpaku/houses', { token: api.staff });
    expect(staff.body).toEqual({ houses: [] });
    expect((await api.http.send('GET', '/api/admin/minpaku/houses')).status).toBe(401);
  });

  it('says warning from 150 days and over past 180', () => {
    expect([149, 150, 180, 181].map(minpakuLevel)).toEqual(['ok', 'warning', 'warning', 'over']);
  });
});
