import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ANALYTICS_TOTAL_LABEL,
  analyticsColumns,
  analyticsMessages,
  type AnalyticsAnswer,
} from '../../contract/analytics';
import { signedInSuite } from '../support/fixtures';

/**
 * Guest analysis (issue 22): GET /api/admin/analytics on a month with known bookings in two facilities
 * of our own (stays crossing the range's start and end, cancelled ones, stays just outside it),
 * every figure exact; the staff scope; bad ranges; the CSV.
 */

const api = signedInSuite();
const START = '2031-04-01';
const END = '2031-04-30';
const PASSWORD = 'analytics-pass-1234';
const FORMULA_NAME = '=HYPERLINK("http://example.com","x")';

let companyId: number;
let a: number;
let b: number;
let analyst: string;

const analytics = (query: string, token = api.admin) =>
  api.http.get<AnalyticsAnswer & { message?: string; errors?: Record<string, string> }>(
    `/api/admin/analytics${query}`,
    token,
  );
const month = (token = api.admin) => analytics(`?start_date=${START}&end_date=${END}`, token);

async function facility(name: string, roomNumber: number, roomSizes: number[]) {
  const [row] = await api.rows<{ id: number }>(sql`
    insert into accommodations (company_id, uid, name, short_name, color, room_number)
    values (${companyId}, ${`analytics-${name.length}-${roomNumber}-${Date.now()}`}, ${name}, ${name.slice(0, 4)},
      '336699', ${roomNumber})
    returning id`);
  const rooms: number[] = [];
  for (const [i, size] of roomSizes.entries()) {
    const [room] = await api.rows<{ id: number }>(sql`
      insert into rooms (accommodation_id, name, max_num) values (${row!.id}, ${`部屋${i + 1}`}, ${size}) returning id`);
    rooms.push(room!.id);
  }
  return { id: row!.id, rooms };
}

let uidNumber = 0;
async function booking(
  accommodationId: number,
  roomId: number,
  start: string,
  days: number,
  money: { priceSub: number; price: number; cancelled?: boolean },
  options: { price: number; unit: number; days: number }[] = [],
) {
  const cancelled = money.cancelled ? 1 : 0;
  const [row] = await api.rows<{ id: number }>(sql`
    insert into bookings (accommodation_id, room_id, name, start_date, end_date, days, person_number, price,
      price_sub, uid, delete_flg, deleted_at)
    values (${accommodationId}, ${roomId}, '分析 太郎', ${start}::date, ${start}::date + ${days}::int, ${days}, 2,
      ${money.price}, ${money.priceSub}, ${`an${++uidNumber}${Date.now().toString(16)}`}, ${cancelled},
      ${cancelled ? sql`now()` : sql`null`})
    returning id`);
  for (const o of options) {
    await api.rows(sql`insert into booking_options (book_id, unit, days, name, price)
      values (${row!.id}, ${o.unit}, ${o.days}, '夕食', ${o.price})`);
  }
}

beforeAll(async () => {
  companyId = (await api.rows<{ id: number }>(sql`select company_id as id from accommodations order by id limit 1`))[0]!
    .id;
  // A: room_number 4 (occupancy's rooms), room types of 3 and 2 (5 rooms for room nights).
  const fa = await facility('分析の宿', 4, [3, 2]);
  // B: room_number 0, so occupancy counts its room types' 2 rooms; a name a spreadsheet would run.
  const fb = await facility(FORMULA_NAME, 0, [2]);
  a = fa.id;
  b = fb.id;
  const [r1, r2] = fa.rooms as [number, number];
  // Crosses the start: 4 nights from 3/30, 2 inside; total 40,000 of which options 1,000 x 2; paid.
  await booking(a, r1, '2031-03-30', 4, { priceSub: 40_000, price: 40_000 }, [{ price: 1_000, unit: 2, days: 1 }]);
  // Inside: 2 nights, unpaid.
  await booking(a, r2, '2031-04-10', 2, { priceSub: 30_000, price: 0 });
  // Inside: 1 night, partly paid (not paid).
  await booking(a, r1, '2031-04-10', 1, { priceSub: 10_000, price: 5_000 });
  // Crosses the end: 3 nights from 4/29, 2 inside; options 500 x 1 x 3 days; paid.
  await booking(a, r1, '2031-04-29', 3, { priceSub: 33_000, price: 33_000 }, [{ price: 500, unit: 1, days: 3 }]);
  // Left out: cancelled; checks out on the first day (no night inside); checks in after the range.
  await booking(a, r1, '2031-04-15', 2, { priceSub: 99_999, price: 0, cancelled: true });
  await booking(a, r2, '2031-03-25', 7, { priceSub: 70_000, price: 70_000 });
  await booking(a, r1, '2031-05-01', 1, { priceSub: 12_345, price: 0 });
  // B: 3 nights, paid; and a cancelled one.
  await booking(b, fb.rooms[0]!, '2031-04-05', 3, { priceSub: 30_000, price: 30_000 });
  await booking(b, fb.rooms[0]!, '2031-04-20', 2, { priceSub: 50_000, price: 0, cancelled: true });

  // A member of staff who reaches exactly A and B.
  const created = await api.http.send<{ id: number }>('POST', '/api/user', {
    token: api.admin,
    json: { name: '分析 担当', mail: 'analyst@example.jp', password: PASSWORD, user_type: 2, accommodations: [a, b] },
  });
  expect(created.status).toBe(201);
  analyst = (await api.http.login({ username: 'analyst@example.jp', password: PASSWORD })).access_token;
});

describe('GET /api/admin/analytics', () => {
  it('computes every figure of a month, crossing stays pro-rated, cancelled ones left out', async () => {
    const res = await month();
    expect(res.status).toBe(200);
    expect(res.body.start_date).toBe(START);
    expect(res.body.end_date).toBe(END);
    const rowA = res.body.rows.find((r) => r.accommodation_id === a)!;
    const { days: daysA, ...figuresA } = rowA;
    expect(figuresA).toEqual({
      accommodation_id: a,
      name: '分析の宿',
      short_name: '分析の宿',
      color: '336699',
      books: 4,
      paid_books: 2,
      // 4 / (4 rooms x 30 days) = 3.33 %
      occupancy: 3,
      // stays 38,000 x 2/4 + 30,000 + 10,000 + 31,500 x 2/3
      stay_amount: 19_000 + 30_000 + 10_000 + 21_000,
      // 2,000 x 2/4 + 1,500 x 2/3
      option_amount: 1_000 + 1_000,
      room_nights: 7,
      // 7 / (5 x 30) = 4.67 %
      room_night_occupancy: 4.7,
      // 80,000 / 7 = 11,428.6
      adr: 11_429,
      // 80,000 / 150 = 533.3
      revpar: 533,
    });
    expect(daysA).toHaveLength(30);
    const expected = Array<number>(30).fill(0);
    // One stay of 4 rooms is 25 %; 4/10 has two.
    for (const day of [1, 2, 11, 29, 30]) expected[day - 1] = 25;
    expected[9] = 50;
    expect(daysA).toEqual(expected);

    const rowB = res.body.rows.find((r) => r.accommodation_id === b)!;
    expect(rowB).toMatchObject({
      name: FORMULA_NAME,
      books: 1,
      paid_books: 1,
      // room_number 0: 1 / (2 room type rooms x 30) = 1.67 %
      occupancy: 2,
      stay_amount: 30_000,
      option_amount: 0,
      room_nights: 3,
      room_night_occupancy: 5,
      adr: 10_000,
      revpar: 500,
    });
    expect(rowB.days.filter((d) => d === 50)).toHaveLength(3);
  });

  it('answers the totals from the summed figures of the facilities one reaches', async () => {
    const res = await month(analyst);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => r.accommodation_id)).toEqual([a, b].sort((x, y) => x - y));
    expect(res.body.total).toEqual({
      books: 5,
      paid_books: 3,
      // 5 / (4 x 30 + 2 x 30)
      occupancy: 3,
      stay_amount: 110_000,
      option_amount: 2_000,
      room_nights: 10,
      // 10 / (5 x 30 + 2 x 30) = 4.76 %
      room_night_occupancy: 4.8,
      adr: 11_000,
      // 110,000 / 210 = 523.8
      revpar: 524,
    });
  });

  it('shows staff only their facilities', async () => {
    const reachable = (await api.http.get('/api/accommodations', api.staff)).body.accommodations as { id: number }[];
    const res = await month(api.staff);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => r.accommodation_id)).toEqual(reachable.map((x) => x.id).sort((x, y) => x - y));
    expect(res.body.rows.some((r) => r.accommodation_id === a || r.accommodation_id === b)).toBe(false);
    const all = await month();
    expect(all.body.rows.length).toBeGreaterThan(res.body.rows.length);
  });

  it('answers one reachable facility with accommodation_id, and 404 for one the user may not reach, as if it did not exist', async () => {
    const [own] = (await api.http.get('/api/accommodations', api.staff)).body.accommodations as { id: number }[];
    const all = (await api.http.get('/api/accommodations', api.admin)).body.accommodations as { id: number }[];
    const [company] = await api.rows<{ id: number }>(sql`insert into companies (name) values ('別会社') returning id`);
    const [otherCompany] = await api.rows<{ id: number }>(sql`
      insert into accommodations (company_id, uid, name, short_name, color)
      values (${company!.id}, ${`analytics-other-${Date.now()}`}, '別会社の宿', '別', '000000') returning id`);
    const range = `?start_date=${START}&end_date=${END}`;
    const missing = await analytics(`${range}&accommodation_id=999999`);
    expect(missing.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    for (const [token, id] of [
      // Staff of the first facility asking for another of the company's, and for A.
      [api.staff, all.find((x) => x.id !== own!.id)!.id],
      [api.staff, a],
      // An administrator asking for another company's facility or one that is not there.
      [api.admin, otherCompany!.id],
      [api.admin, 999_999],
      [analyst, own!.id],
    ] as const) {
      for (const format of ['json', 'csv']) {
        const res = await analytics(`${range}&accommodation_id=${id}&format=${format}`, token);
        expect(res.status, `${id} ${format}`).toBe(404);
        expect(res.body, `${id} ${format}`).toEqual(missing.body);
      }
    }
    // The facility one reaches: its row only.
    const mine = await analytics(`${range}&accommodation_id=${own!.id}`, api.staff);
    expect(mine.status).toBe(200);
    expect(mine.body.rows.map((r) => r.accommodation_id)).toEqual([own!.id]);
    const onlyA = await analytics(`${range}&accommodation_id=${a}`, analyst);
    expect(onlyA.status).toBe(200);
    expect(onlyA.body.rows.map((r) => r.accommodation_id)).toEqual([a]);
    expect(onlyA.body.total).toMatchObject({ books: 4, stay_amount: 80_000 });
    const bad = await analytics(`${range}&accommodation_id=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.accommodation_id).toBeTruthy();
  });

  it('refuses a missing, malformed, reversed or too long range in Japanese, and a call without a token', async () => {
    const cases: [string, string, string][] = [
      ['', 'start_date', analyticsMessages.startRequired],
      [`?start_date=${START}`, 'end_date', analyticsMessages.endRequired],
      [`?start_date=2031-4-1&end_date=${END}`, 'start_date', analyticsMessages.startDate],
      [`?start_date=${START}&end_date=2031-02-30`, 'end_date', analyticsMessages.endDate],
      [`?start_date=${START}&end_date=2031-03-31`, 'end_date', analyticsMessages.order],
      ['?start_date=2031-01-01&end_date=2032-01-02', 'end_date', analyticsMessages.tooLong],
      [`?start_date=${START}&end_date=${END}&format=xlsx`, 'format', ''],
    ];
    for (const [query, field, message] of cases) {
      const res = await analytics(query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[field], query).toBeTruthy();
      if (message) expect(res.body.errors?.[field], query).toBe(message);
      expect(res.body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    // 366 days is the longest range.
    const year = await analytics('?start_date=2031-01-01&end_date=2032-01-01', analyst);
    expect(year.status).toBe(200);
    expect(year.body.rows[0]!.days).toHaveLength(366);
    const anonymous = await api.http.get(`/api/admin/analytics?start_date=${START}&end_date=${END}`);
    expect(anonymous.status).toBe(401);
  });

  it('exports the table as CSV: BOM, CRLF, a totals row, a formula name neutralised', async () => {
    const res = await fetch(
      `${api.server.baseUrl}/api/admin/analytics?start_date=${START}&end_date=${END}&format=csv`,
      {
        headers: { authorization: `Bearer ${analyst}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('analytics_2031-04-01_2031-04-30.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(analyticsColumns.map((c) => c.label).join(','));
    expect(lines).toContain('分析の宿,4,2,3,80000,2000,4.7,11429,533');
    expect(lines).toContain(`"'=HYPERLINK(""http://example.com"",""x"")",1,1,2,30000,0,5,10000,500`);
    expect(lines[3]).toBe(`${ANALYTICS_TOTAL_LABEL},5,3,3,110000,2000,4.8,11000,524`);
    expect(lines.some((l) => l.startsWith('='))).toBe(false);
  });
});
