import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Accommodation } from '../../contract/accommodation';
import { BOOKINGS_IN_USE_SHOWN, bookingsInUseLines, type BookingInUse } from '../../contract/bookingsInUse';
import { tokyoToday } from '../../contract/dates';
import { planMessages } from '../../contract/plan';
import { sqlRows } from '../../server/db/client';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import type { TestServer } from '../support/testServer';

let server: TestServer;
let http: SignedIn['http'];
let admin: string;
let staff: string;
let acc: Accommodation[];
let methods: { id: number; name: string }[];
const plans = (accommodationId: number, id?: number) =>
  `/api/accommodations/${accommodationId}/plans${id ? `/${id}` : ''}`;
const adminPlan = (accommodationId: number, id: number) => `/api/admin/accommodations/${accommodationId}/plans/${id}`;

const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(server.database.db, query);
const planCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from plans`))[0]!.n;
/** The plan as stored, in the API's field names. */
const stored = async (id: number) =>
  (
    await rows<Record<string, unknown>>(
      sql`select id, accommodation_id, name, close_date_before, start_at::text as start_at, end_at::text as end_at,
        is_active, max_num, description, ikyu_id, check_in, check_out, price, icon, notice_mail, meal_price,
        array(select payment_method_id from plan_payment_methods where plan_id = p.id order by 1) as payment_method
      from plans p where id = ${id}`,
    )
  )[0];
/** What a refused delete must leave as it was: the plan's bookings, their history, prices and room links. */
const planUse = async (planId: number) => ({
  plan: await stored(planId),
  bookings: await rows<{ id: number; plan_id: number | null; updated_at: string }>(
    sql`select id, plan_id, updated_at::text as updated_at from bookings where plan_id = ${planId} order by id`,
  ),
  history: (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where book_id in (select id from bookings where plan_id = ${planId})`,
    )
  )[0]!.n,
  prices: (await rows<{ n: number }>(sql`select count(*)::int as n from plan_prices where plan_id = ${planId}`))[0]!.n,
  rooms: await rows<{ room_id: number }>(
    sql`select room_id from room_plans where plan_id = ${planId} order by room_id`,
  ),
});
const planOf = async (accommodationId: number) =>
  (
    await rows<{ id: number }>(
      sql`select id from plans where accommodation_id = ${accommodationId} order by id limit 1`,
    )
  )[0]!.id;

const full = () => ({
  name: '朝食付き 早割30',
  close_date_before: 30,
  start_at: '2027-04-01',
  end_at: '2027-09-30',
  is_active: 1,
  max_num: 4,
  description: '30日前までのご予約で お得な朝食付きプラン。\n現地払い可。',
  check_in: '15:00',
  check_out: '10:00',
  price: 12000,
  ikyu_id: 'IK-30001',
  payment_method: [methods[1]!.id, methods[0]!.id],
  icon: 'breakfast',
  notice_mail: 'front@example.com',
  meal_price: 1_650,
});

beforeAll(async () => {
  ({ server, http, admin, staff, accommodations: acc } = await startSignedIn());
  methods = (await http.get('/api/admin/payment_methods', staff)).body.payment_methods;
});
afterAll(() => server.close());

describe('payment methods', () => {
  it('are listed for every signed-in user', async () => {
    const res = await http.get('/api/admin/payment_methods', staff);
    expect(res.status).toBe(200);
    const names = await rows<{ id: number; name: string }>(sql`select id, name from payment_methods order by id`);
    expect(res.body).toEqual({ payment_methods: names });
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect((await http.get('/api/admin/payment_methods')).status).toBe(401);
  });
});

describe('plans', () => {
  it('are created with every field, read, changed and deleted', async () => {
    const a = acc[0]!.id;
    const created = await http.send<any>('POST', plans(a), { token: staff, json: full() });
    expect(created.status).toBe(201);
    const expected = {
      ...full(),
      id: expect.any(Number),
      accommodation_id: a,
      payment_method: [methods[0]!.id, methods[1]!.id].sort((x, y) => x - y),
    };
    expect(created.body).toEqual(expected);
    const id = created.body.id as number;
    expect(await stored(id)).toEqual({ ...expected, id });

    expect((await http.get(plans(a, id), staff)).body).toEqual(created.body);
    expect((await http.get(adminPlan(a, id), staff)).body).toEqual({ ...created.body, prices: [] });
    const listed = (await http.get(plans(a), staff)).body.plans.find((p: { id: number }) => p.id === id);
    expect(listed).toEqual({
      id,
      name: full().name,
      start_at: '2027-04-01',
      end_at: '2027-09-30',
      is_active: 1,
      max_num: 4,
      price: 12000,
      icon: 'breakfast',
      check_in: '15:00',
      check_out: '10:00',
      ikyu_id: 'IK-30001',
    });
    const inRange = async (from: string, to: string) =>
      (await http.get(`${plans(a)}?start_date=${from}&end_date=${to}`, staff)).body.plans.some(
        (p: { id: number }) => p.id === id,
      );
    expect(await inRange('2027-09-30', '2027-10-31')).toBe(true);
    expect(await inRange('2027-10-01', '2027-10-31')).toBe(false);
    expect(await inRange('2027-01-01', '2027-03-31')).toBe(false);

    // A subset, as the settings panel saves each field; toggling is_active alone.
    const off = await http.send<any>('PATCH', plans(a, id), { token: staff, json: { is_active: 0 } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...created.body, is_active: 0 });
    const changed = await http.send<any>('PATCH', plans(a, id), {
      token: staff,
      json: {
        name: '素泊まり',
        price: 0,
        end_at: '2027-12-31',
        payment_method: [methods[0]!.id],
        check_in: '',
        ikyu_id: null,
        description: null,
        close_date_before: 0,
      },
    });
    expect(changed.status).toBe(200);
    const after = {
      ...created.body,
      is_active: 0,
      name: '素泊まり',
      price: 0,
      end_at: '2027-12-31',
      payment_method: [methods[0]!.id],
      check_in: null,
      ikyu_id: null,
      description: null,
      close_date_before: 0,
    };
    expect(changed.body).toEqual(after);
    expect(await stored(id)).toEqual(after);
    // The console may send the plan back whole (without prices): id and the rest are ignored.
    const whole = await http.send<any>('PATCH', plans(a, id), { token: staff, json: { ...after, payment_method: [] } });
    expect(whole.body).toEqual({ ...after, payment_method: [] });

    expect((await http.send('DELETE', plans(a, id), { token: staff })).status).toBe(204);
    expect(await stored(id)).toBeUndefined();
    expect((await http.send('DELETE', plans(a, id), { token: staff })).status).toBe(404);
    expect((await http.get(plans(a, id), staff)).status).toBe(404);
  });

  it('are created from name, max_num and price alone, price 0 allowed', async () => {
    const a = acc[0]!.id;
    const res = await http.send<any>('POST', plans(a), {
      token: admin,
      json: { name: '無料招待', max_num: 2, price: 0 },
    });
    expect(res.status).toBe(201);
    expect(await stored(res.body.id)).toEqual({
      id: res.body.id,
      accommodation_id: a,
      name: '無料招待',
      close_date_before: 0,
      start_at: null,
      end_at: null,
      is_active: 0,
      max_num: 2,
      description: null,
      ikyu_id: null,
      check_in: null,
      check_out: null,
      price: 0,
      icon: null,
      notice_mail: null,
      payment_method: [],
      meal_price: 0,
    });
  });

  it('refuse the rules of spec 5 "Plan save" with their messages, writing nothing', async () => {
    const a = acc[0]!.id;
    const before = await planCount();
    const base = { name: '素泊まり', max_num: 2, price: 8000 };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ max_num: 2, price: 1 }, { name: planMessages.name }],
      [{ ...base, name: '' }, { name: planMessages.name }],
      [{ ...base, name: '  ' }, { name: planMessages.name }],
      [{ ...base, name: null }, { name: planMessages.name }],
      [{ name: 'x', price: 1 }, { max_num: planMessages.maxNum }],
      [{ ...base, max_num: 0 }, { max_num: planMessages.maxNum }],
      [{ ...base, max_num: null }, { max_num: planMessages.maxNum }],
      [{ name: 'x', max_num: 2 }, { price: planMessages.price }],
      [{ ...base, price: null }, { price: planMessages.price }],
      [{}, { name: planMessages.name, max_num: planMessages.maxNum, price: planMessages.price }],
      [{ ...base, price: -1 }, { price: planMessages.priceRange }],
      [{ ...base, price: 100.5 }, { price: planMessages.priceRange }],
      [{ ...base, name: 'あ'.repeat(101) }, { name: planMessages.nameTooLong }],
      [{ ...base, max_num: 100 }, { max_num: planMessages.maxNumTooLarge }],
      [{ ...base, start_at: '2027-05-02', end_at: '2027-05-01' }, { end_at: planMessages.period }],
      [{ ...base, start_at: '2026-02-30' }, { start_at: planMessages.date }],
      [{ ...base, end_at: '2027/05/01' }, { end_at: planMessages.date }],
      [{ ...base, is_active: 2 }, { is_active: planMessages.isActive }],
      [{ ...base, is_active: '1' }, { is_active: planMessages.isActive }],
      [{ ...base, close_date_before: -1 }, { close_date_before: planMessages.closeDateBefore }],
      [{ ...base, check_in: '25:00' }, { check_in: planMessages.time }],
      [{ ...base, check_out: '9:00' }, { check_out: planMessages.time }],
      [{ ...base, description: 'あ'.repeat(10_001) }, { description: planMessages.tooLong(10_000) }],
      [{ ...base, ikyu_id: 'x'.repeat(51) }, { ikyu_id: planMessages.tooLong(50) }],
      [{ ...base, payment_method: [999_999] }, { payment_method: planMessages.paymentMethod }],
    ];
    for (const [json, errors] of cases) {
      const res = await http.send<any>('POST', plans(a), { token: admin, json });
      expect(res.status, JSON.stringify(json).slice(0, 100)).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.errors, JSON.stringify(json).slice(0, 100)).toEqual(errors);
    }
    expect(await planCount()).toBe(before);
  });

  it('answer 400 for wrong types and keep the plan as it was', async () => {
    const a = acc[0]!.id;
    const id = await planOf(a);
    const before = await stored(id);
    const wrong: Record<string, unknown>[] = [
      { max_num: '3' },
      { price: '8000' },
      { price: 'abc' },
      { close_date_before: '1' },
      { name: 5 },
      { payment_method: 'x' },
      { payment_method: ['1'] },
      { start_at: 20270501 },
      { start_at: '2026-02-30' },
      { max_num: 0 },
      { price: null },
      { name: '' },
      { payment_method: [methods[0]!.id, 999_999] },
    ];
    for (const json of wrong) {
      const res = await http.send<any>('PATCH', plans(a, id), { token: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      // The field, or an item of it (payment_method.0).
      expect(Object.keys(res.body.errors).map((k) => k.split('.')[0])).toEqual(Object.keys(json));
      const created = await http.send<any>('POST', plans(a), {
        token: admin,
        json: { name: 'x', max_num: 1, price: 0, ...json },
      });
      expect(created.status, JSON.stringify(json)).toBe(400);
    }
    // The period with the stored dates: an end before the stored start.
    const dated = (
      await http.send<any>('POST', plans(a), {
        token: admin,
        json: { name: '夏', max_num: 2, price: 1, start_at: '2027-07-01', end_at: '2027-08-31' },
      })
    ).body;
    const early = await http.send<any>('PATCH', plans(a, dated.id), { token: admin, json: { end_at: '2027-06-30' } });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ end_at: planMessages.period });
    const late = await http.send<any>('PATCH', plans(a, dated.id), { token: admin, json: { start_at: '2027-09-01' } });
    expect(late.body.errors).toEqual({ end_at: planMessages.period });
    expect(await stored(dated.id)).toMatchObject({ start_at: '2027-07-01', end_at: '2027-08-31' });
    // Both moved together is fine; an open end too.
    const moved = await http.send<any>('PATCH', plans(a, dated.id), {
      token: admin,
      json: { start_at: '2027-09-01', end_at: null },
    });
    expect(moved.body).toMatchObject({ start_at: '2027-09-01', end_at: null });
    expect(await stored(id)).toEqual(before);
  });

  it('give the whole plan with its prices to the price screens', async () => {
    const a = acc[0]!.id;
    const [priced] = await rows<{ id: number }>(
      sql`select p.id from plans p where p.accommodation_id = ${a}
        and exists (select 1 from plan_prices pp where pp.plan_id = p.id) order by p.id limit 1`,
    );
    const res = await http.get(adminPlan(a, priced!.id), staff);
    expect(res.status).toBe(200);
    const { prices, ...plan } = res.body;
    expect(plan).toEqual(await stored(priced!.id));
    const cells = await rows<{ id: number; target_date: string; unit: number; price: number }>(
      sql`select id, target_date::text as target_date, unit, price from plan_prices where plan_id = ${priced!.id}
        order by target_date, unit`,
    );
    expect(cells.length).toBeGreaterThan(0);
    expect(prices).toEqual(cells);
  });

  it('refuse deleting a plan that live or future bookings use (409, count and first bookings), rewriting nothing', async () => {
    const a = acc[0]!.id;
    const today = tokyoToday();
    const [used] = await rows<{ id: number; n: number }>(
      sql`select b.plan_id as id, count(*)::int as n from bookings b join plans p on p.id = b.plan_id
        where p.accommodation_id = ${a} and b.delete_flg = 0 and b.end_date >= ${today}::date
        group by b.plan_id order by count(*) desc, b.plan_id limit 1`,
    );
    expect(used!.n).toBeGreaterThan(BOOKINGS_IN_USE_SHOWN);
    const first = await rows<BookingInUse>(
      sql`select id, uid, start_date::text as start_date, end_date::text as end_date, name from bookings
        where plan_id = ${used!.id} and delete_flg = 0 and end_date >= ${today}::date
        order by start_date, id limit ${BOOKINGS_IN_USE_SHOWN}`,
    );
    const before = await planUse(used!.id);
    const res = await http.send<any>('DELETE', plans(a, used!.id), { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(res.body.message).toBe(planMessages.inUse(used!.n, bookingsInUseLines(used!.n, first)));
    expect(res.body.message).toContain(`このプランは本日以降の予約${used!.n}件で使われているため削除できません。`);
    expect(res.body.message).toContain(`・確認番号 ${first[0]!.uid.slice(0, 3)}\u3000`);
    expect(res.body.message).toContain(`ほか${used!.n - BOOKINGS_IN_USE_SHOWN}件`);
    expect(await planUse(used!.id)).toEqual(before);
    expect(before.bookings.every((b) => b.plan_id === used!.id)).toBe(true);
  });

  it('are deleted when only past and cancelled bookings use them; those stay without a plan, each told', async () => {
    const a = acc[0]!.id;
    const today = tokyoToday();
    const created = await http.send<any>('POST', plans(a), {
      token: admin,
      json: { name: '旧プラン', max_num: 2, price: 0 },
    });
    expect(created.status).toBe(201);
    const planId = created.body.id as number;
    // A stay that checks out today still uses the plan; one that left yesterday and a cancelled one do not.
    const pick = async (where: ReturnType<typeof sql>) =>
      (
        await rows<{ id: number }>(
          sql`select id from bookings where accommodation_id = ${a} and ${where} order by id limit 1`,
        )
      )[0]!.id;
    const leavingToday = await pick(sql`delete_flg = 0 and end_date > ${today}::date`);
    const past = await pick(sql`delete_flg = 0 and end_date < ${today}::date`);
    const cancelled = await pick(sql`delete_flg = 1 and end_date >= ${today}::date`);
    await rows(
      sql`update bookings set start_date = ${today}::date - days, end_date = ${today}::date where id = ${leavingToday}`,
    );
    const ids = [leavingToday, past, cancelled];
    await rows(
      sql`update bookings set plan_id = ${planId} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const historyCount = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from audit_log where book_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      )[0]!.n;
    const trail = await historyCount();

    const refused = await http.send<any>('DELETE', plans(a, planId), { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^このプランは本日以降の予約1件で使われているため削除できません。/);
    expect(await historyCount()).toBe(trail);

    expect((await http.send('DELETE', `/api/admin/books/${leavingToday}`, { token: admin })).status).toBe(204);
    expect((await http.send('DELETE', plans(a, planId), { token: admin })).status).toBe(204);
    expect(await stored(planId)).toBeUndefined();
    const kept = await rows<{ plan_id: number | null }>(
      sql`select plan_id from bookings where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(kept).toEqual([{ plan_id: null }, { plan_id: null }, { plan_id: null }]);
    const told = await rows<{ book_id: number; changes: unknown }>(
      sql`select book_id, changes from audit_log where action = 'update' and target_type = 'booking'
        and book_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and changes ? 'plan_name' order by book_id`,
    );
    expect(told).toEqual(
      [...ids]
        .sort((x, y) => x - y)
        .map((id) => ({
          book_id: id,
          changes: { plan_id: { from: planId, to: null }, plan_name: { from: '旧プラン', to: null } },
        })),
    );
  });

  it('keep staff to their accommodations and plans to theirs (404), writing nothing', async () => {
    const [a, b] = [acc[0]!.id, acc[1]!.id];
    const planB = await planOf(b);
    const before = { count: await planCount(), plan: await stored(planB) };
    const calls: [string, string, unknown?][] = [
      ['GET', plans(b)],
      ['GET', plans(b, planB)],
      ['GET', adminPlan(b, planB)],
      ['POST', plans(b), { name: 'x', max_num: 1, price: 0 }],
      ['PATCH', plans(b, planB), { name: 'x' }],
      ['DELETE', plans(b, planB)],
    ];
    for (const [method, path, json] of calls) {
      const res = await http.send<any>(method, path, { token: staff, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    for (const [method, path, json] of [
      ['GET', plans(a, planB)],
      ['GET', adminPlan(a, planB)],
      ['PATCH', plans(a, planB), { name: 'x' }],
      ['DELETE', plans(a, planB)],
    ] as [string, string, unknown?][]) {
      expect((await http.send(method, path, { token: admin, json })).status, `${method} ${path}`).toBe(404);
    }
    expect({ count: await planCount(), plan: await stored(planB) }).toEqual(before);
    expect((await http.get(plans(b, planB), admin)).status).toBe(200);
  });
});
