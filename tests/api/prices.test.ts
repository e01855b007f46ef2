import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { tokyoToday } from '../../contract/dates';
import { ownAndOtherPlans, signedInSuite, type PlanRef } from '../support/fixtures';

const api = signedInSuite();
/** A plan of the first accommodation (staff may reach it) and one of another (staff may not). */
let own: PlanRef;
let other: PlanRef;

const schedules = (planId: number, rest = '') => `/api/admin/plans/${planId}/schedules${rest}`;
const cells = async (planId: number, from: string, to: string) =>
  api.rows<{
    id: number;
    target_date: string;
    unit: number;
    price: number;
  }>(sql`select id, target_date::text as target_date, unit, price from plan_prices
      where plan_id = ${planId} and target_date between ${from}::date and ${to}::date order by target_date, unit`);
/**
 * A year whose prices the demo data never holds (it lays them from 3 months before today to 6 months
 * after): the tests that read back exactly what they wrote write there.
 */
const Y = Number(tokyoToday().slice(0, 4)) + 3;
const count = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from plan_prices`))[0]!.n;

beforeAll(async () => {
  ({ own, other } = await ownAndOtherPlans(api));
});

describe('plan prices', () => {
  it('writes cells in one call (new and existing), lists them by range and changes one', async () => {
    const prices = [
      { target_date: `${Y}-01-01`, unit: 1, price: 12_000 },
      { target_date: `${Y}-01-01`, unit: 2, price: 18_000 },
      { target_date: `${Y}-01-02`, unit: 1, price: 0 },
    ];
    const created = await api.http.send<any>('POST', schedules(own.id), { token: api.staff, json: { prices } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ count: 3 });
    // The same cells again: replaced, not doubled.
    const again = await api.http.send<any>('POST', schedules(own.id), {
      token: api.staff,
      json: { prices: [{ target_date: `${Y}-01-01`, unit: 1, price: 13_000 }] },
    });
    expect(again.body).toEqual({ count: 1 });
    const listed = await api.http.get(schedules(own.id, `?start_date=${Y}-01-01&end_date=${Y}-01-31`), api.staff);
    expect(listed.status).toBe(200);
    expect(listed.body.prices.map((p: any) => [p.target_date, p.unit, p.price])).toEqual([
      [`${Y}-01-01`, 1, 13_000],
      [`${Y}-01-01`, 2, 18_000],
      [`${Y}-01-02`, 1, 0],
    ]);
    const cell = listed.body.prices[1];
    const patched = await api.http.send<any>('PATCH', schedules(own.id, `/${cell.id}`), {
      token: api.staff,
      json: { price: 19_500 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ id: cell.id, target_date: `${Y}-01-01`, unit: 2, price: 19_500 });
    expect((await cells(own.id, `${Y}-01-01`, `${Y}-01-01`))[1]!.price).toBe(19_500);
  });

  it('refuses bad cells in Japanese and writes nothing of the call', async () => {
    const before = await count();
    const over = await api.http.send<any>('POST', schedules(own.id), {
      token: api.admin,
      json: {
        prices: [
          { target_date: '2030-02-01', unit: 1, price: 1_000 },
          { target_date: '2030-02-01', unit: own.max_num + 1, price: 1_000 },
        ],
      },
    });
    expect(over.status).toBe(400);
    expect(over.body.errors['prices.1.unit']).toBe(`人数がプランの最大人数（${own.max_num}人）を超えています`);
    const bad = [
      { target_date: '2030-02-30', unit: 1, price: 1 },
      { target_date: '2030-02-01', unit: 0, price: 1 },
      { target_date: '2030-02-01', unit: 1, price: -1 },
      { target_date: '2030-02-01', unit: 1, price: 1.5 },
      { target_date: '2030-02-01', unit: 1, price: '1000' },
    ];
    for (const entry of bad) {
      const res = await api.http.send<any>('POST', schedules(own.id), { token: api.admin, json: { prices: [entry] } });
      expect(res.status, JSON.stringify(entry)).toBe(400);
      expect(Object.values(res.body.errors).join()).toMatch(/日付|人数|料金/);
    }
    const twice = await api.http.send<any>('POST', schedules(own.id), {
      token: api.admin,
      json: {
        prices: [
          { target_date: '2030-02-01', unit: 1, price: 1 },
          { target_date: '2030-02-01', unit: 1, price: 2 },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(
      (await api.http.send<any>('POST', schedules(own.id), { token: api.admin, json: { prices: [] } })).status,
    ).toBe(400);
    const tooMany = Array.from({ length: 50_001 }, () => ({ target_date: '2030-02-01', unit: 1, price: 1 }));
    const many = await api.http.send<any>('POST', schedules(own.id), { token: api.admin, json: { prices: tooMany } });
    expect([400, 413]).toContain(many.status);
    const negativePatch = await api.http.send<any>('PATCH', schedules(own.id, '/1'), {
      token: api.admin,
      json: { price: -1 },
    });
    expect(negativePatch.status).toBe(400);
    expect(negativePatch.body.errors.price).toBe('料金は0以上の整数（円）で入力してください');
    expect(await count()).toBe(before);
  });

  it('answers 404 for a plan of an accommodation staff may not reach, and for a cell of another plan', async () => {
    const before = await count();
    const [cell] = await cells(other.id, '2000-01-01', '2100-01-01');
    expect(cell).toBeDefined();
    expect((await api.http.get(schedules(other.id), api.staff)).status).toBe(404);
    expect((await api.http.get(schedules(other.id, '?format=csv'), api.staff)).status).toBe(404);
    const patch = await api.http.send<any>('PATCH', schedules(other.id, `/${cell!.id}`), {
      token: api.staff,
      json: { price: 1 },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.code).toBe('not_found');
    const post = await api.http.send<any>('POST', schedules(other.id), {
      token: api.staff,
      json: { prices: [{ target_date: '2030-03-01', unit: 1, price: 1 }] },
    });
    expect(post.status).toBe(404);
    // A cell of another plan through a plan the user may reach.
    expect(
      (await api.http.send('PATCH', schedules(own.id, `/${cell!.id}`), { token: api.staff, json: { price: 1 } }))
        .status,
    ).toBe(404);
    expect((await api.http.get(schedules(999_999), api.admin)).status).toBe(404);
    expect((await api.http.get(schedules(other.id))).status).toBe(401);
    expect(await count()).toBe(before);
    expect((await api.http.get(schedules(other.id), api.admin)).status).toBe(200);
  });

  it('exports a CSV Japanese Excel opens: UTF-8 with BOM, CRLF, a Japanese header, one row per date and headcount', async () => {
    await api.http.send('POST', schedules(own.id), {
      token: api.admin,
      json: {
        prices: [
          { target_date: `${Y}-04-01`, unit: 1, price: 8_000 },
          { target_date: `${Y}-04-01`, unit: 2, price: 12_000 },
          { target_date: `${Y}-04-02`, unit: 1, price: 9_000 },
        ],
      },
    });
    const res = await fetch(
      `${api.server.baseUrl}${schedules(own.id, `?format=csv&start_date=${Y}-04-01&end_date=${Y}-04-30`)}`,
      {
        headers: { authorization: `Bearer ${api.admin}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="plan_\d+_prices\.csv"; filename\*=UTF-8''/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      `日付,人数,料金\r\n${Y}-04-01,1,8000\r\n${Y}-04-01,2,12000\r\n${Y}-04-02,1,9000\r\n`,
    );
  });
});

describe('holidays', () => {
  it('lists the national holidays of this year and next from the maintained table', async () => {
    const res = await api.http.get('/api/holidays', api.staff);
    expect(res.status).toBe(200);
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date()),
    );
    const items: { name: string; target_date: string }[] = res.body.items;
    expect(items[0]).toEqual({ name: '元日', target_date: `${year}-01-01` });
    expect(items).toContainEqual({ name: '元日', target_date: `${year + 1}-01-01` });
    expect(items.every((h) => h.target_date.startsWith(`${year}-`) || h.target_date.startsWith(`${year + 1}-`))).toBe(
      true,
    );
    expect(items.length).toBeGreaterThan(30);
    expect((await api.http.get('/api/holidays')).status).toBe(401);
  });
});
