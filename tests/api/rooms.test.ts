import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Accommodation } from '../../contract/accommodation';
import { BOOKINGS_IN_USE_SHOWN, bookingsInUseLines, type BookingInUse } from '../../contract/bookingsInUse';
import { roomMessages } from '../../contract/room';
import { tokyoToday } from '../../contract/dates';
import { sqlRows } from '../../server/db/client';
import { startSignedIn, type SignedIn } from '../support/signedIn';
import type { TestServer } from '../support/testServer';

let server: TestServer;
let http: SignedIn['http'];
let admin: string;
let staff: string;
let acc: Accommodation[];
const rooms = (accommodationId: number, id?: number) =>
  `/api/accommodations/${accommodationId}/rooms${id ? `/${id}` : ''}`;
const attach = (accommodationId: number, roomId: number, planId: number) =>
  `${rooms(accommodationId, roomId)}/attach/${planId}`;

const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(server.database.db, query);
const roomCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from rooms`))[0]!.n;
const stored = async (id: number) =>
  (
    await rows<{ name: string; max_num: number; accommodation_id: number }>(
      sql`select name, max_num, accommodation_id from rooms where id = ${id}`,
    )
  )[0];
/** room_number as stored, and the sum of the rooms' max_num it must equal. */
const roomNumber = async (accommodationId: number) =>
  (
    await rows<{ room_number: number; total: number }>(
      sql`select room_number, (select coalesce(sum(max_num), 0)::int from rooms where accommodation_id = a.id) as total
        from accommodations a where id = ${accommodationId}`,
    )
  )[0]!;
const planOf = async (accommodationId: number) =>
  (
    await rows<{ id: number }>(
      sql`select id from plans where accommodation_id = ${accommodationId} order by id limit 1`,
    )
  )[0]!.id;

beforeAll(async () => {
  ({ server, http, admin, staff, accommodations: acc } = await startSignedIn());
});
afterAll(() => server.close());

describe('rooms', () => {
  it('are created, read, changed and deleted, room_number kept in step', async () => {
    const a = acc[0]!.id;
    const before = await roomNumber(a);
    expect(before.room_number).toBe(before.total);

    const created = await http.send<any>('POST', rooms(a), { token: staff, json: { name: ' 和室 10畳 ', max_num: 3 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: '和室 10畳', max_num: 3, plans: [] });
    const id = created.body.id as number;
    expect(await stored(id)).toEqual({ name: '和室 10畳', max_num: 3, accommodation_id: a });
    expect(await roomNumber(a)).toEqual({ room_number: before.total + 3, total: before.total + 3 });

    expect((await http.get(rooms(a, id), staff)).body).toEqual(created.body);
    expect((await http.get(rooms(a), staff)).body.rooms).toContainEqual(created.body);

    const renamed = await http.send<any>('PATCH', rooms(a, id), { token: staff, json: { name: '和室 12畳' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: '和室 12畳', max_num: 3 });
    expect(await roomNumber(a)).toEqual({ room_number: before.total + 3, total: before.total + 3 });

    const grown = await http.send<any>('PATCH', rooms(a, id), { token: staff, json: { max_num: 5 } });
    expect(grown.body).toMatchObject({ name: '和室 12畳', max_num: 5 });
    expect(await stored(id)).toEqual({ name: '和室 12畳', max_num: 5, accommodation_id: a });
    expect(await roomNumber(a)).toEqual({ room_number: before.total + 5, total: before.total + 5 });

    expect((await http.send('DELETE', rooms(a, id), { token: staff })).status).toBe(204);
    expect(await stored(id)).toBeUndefined();
    expect(await roomNumber(a)).toEqual(before);
    expect((await http.send('DELETE', rooms(a, id), { token: staff })).status).toBe(404);
    expect((await http.get(rooms(a, id), staff)).status).toBe(404);
  });

  it('keeps room_number in step when rooms change at the same time', async () => {
    const a = acc[2]!.id;
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        http.send<any>('POST', rooms(a), { token: admin, json: { name: `同時${i}`, max_num: i + 1 } }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(6).fill(201));
    const n = await roomNumber(a);
    expect(n.room_number).toBe(n.total);
    await Promise.all(
      created.map((r, i) =>
        i % 2 === 0
          ? http.send('DELETE', rooms(a, r.body.id), { token: admin })
          : http.send('PATCH', rooms(a, r.body.id), { token: admin, json: { max_num: 9 } }),
      ),
    );
    const after = await roomNumber(a);
    expect(after.room_number).toBe(after.total);
    expect(after.total).toBe(n.total - (1 + 3 + 5) - (2 + 4 + 6) + 27);
  });

  it('refuses a missing or empty name and a missing or zero max_num with the spec messages', async () => {
    const a = acc[0]!.id;
    const before = await roomCount();
    const cases: [unknown, Record<string, string>][] = [
      [{ max_num: 1 }, { name: roomMessages.name }],
      [{ name: '', max_num: 1 }, { name: roomMessages.name }],
      [{ name: '   ', max_num: 1 }, { name: roomMessages.name }],
      [{ name: null, max_num: 1 }, { name: roomMessages.name }],
      [{ name: '洋室' }, { max_num: roomMessages.maxNum }],
      [{ name: '洋室', max_num: 0 }, { max_num: roomMessages.maxNum }],
      [{ name: '洋室', max_num: null }, { max_num: roomMessages.maxNum }],
      [{ name: '洋室', max_num: -2 }, { max_num: roomMessages.maxNum }],
      [{}, { name: roomMessages.name, max_num: roomMessages.maxNum }],
      [{ name: 'あ'.repeat(101), max_num: 1 }, { name: roomMessages.nameTooLong }],
      [{ name: '洋室', max_num: 1000 }, { max_num: roomMessages.maxNumTooLarge }],
    ];
    for (const [json, errors] of cases) {
      const res = await http.send<any>('POST', rooms(a), { token: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.errors).toEqual(errors);
    }
    expect(await roomCount()).toBe(before);
  });

  it('answers 400 for wrong types, writing nothing', async () => {
    const a = acc[0]!.id;
    const [room] = (await http.get(rooms(a), admin)).body.rooms;
    const before = await stored(room.id);
    for (const json of [
      { name: '洋室', max_num: '3' },
      { name: '洋室', max_num: 'abc' },
      { name: '洋室', max_num: 1.5 },
      { name: 12, max_num: 1 },
    ]) {
      const created = await http.send<any>('POST', rooms(a), { token: admin, json });
      expect(created.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(created.body.errors).length).toBeGreaterThan(0);
      const changed = await http.send<any>('PATCH', rooms(a, room.id), { token: admin, json });
      expect(changed.status).toBe(400);
    }
    const cleared = await http.send<any>('PATCH', rooms(a, room.id), { token: admin, json: { name: '' } });
    expect(cleared.body.errors).toEqual({ name: roomMessages.name });
    const zero = await http.send<any>('PATCH', rooms(a, room.id), { token: admin, json: { max_num: 0 } });
    expect(zero.body.errors).toEqual({ max_num: roomMessages.maxNum });
    expect((await http.get(`${rooms(a)}/abc`, admin)).status).toBe(400);
    expect(await stored(room.id)).toEqual(before);
  });

  it('refuses to delete a room type that live or future bookings hold (409, count and first bookings), deleting nothing', async () => {
    const a = acc[0]!.id;
    const today = tokyoToday();
    const [held] = await rows<{ id: number; n: number }>(
      sql`select r.id, count(*)::int as n from rooms r join bookings b on b.room_id = r.id
        where r.accommodation_id = ${a} and b.delete_flg = 0 and b.end_date >= ${today}::date
        group by r.id order by r.id limit 1`,
    );
    const first = await rows<BookingInUse>(
      sql`select id, uid, start_date::text as start_date, end_date::text as end_date, name from bookings
        where room_id = ${held!.id} and delete_flg = 0 and end_date >= ${today}::date
        order by start_date, id limit ${BOOKINGS_IN_USE_SHOWN}`,
    );
    const planId = await planOf(a);
    await http.send('PATCH', attach(a, held!.id, planId), { token: admin });
    const before = { room: await stored(held!.id), number: await roomNumber(a), rooms: await roomCount() };
    const res = await http.send<any>('DELETE', rooms(a, held!.id), { token: admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'conflict',
      message: roomMessages.inUse(held!.n, bookingsInUseLines(held!.n, first)),
    });
    expect(res.body.message).toContain(`この部屋タイプは本日以降の予約${held!.n}件で使われているため削除できません。`);
    expect(res.body.message).toContain(`・確認番号 ${first[0]!.uid.slice(0, 3)}\u3000`);
    expect({ room: await stored(held!.id), number: await roomNumber(a), rooms: await roomCount() }).toEqual(before);
    expect((await http.get(rooms(a, held!.id), admin)).body.plans.map((p: { id: number }) => p.id)).toContain(planId);
  });

  it('still refuses a room type that only past bookings hold: they keep their room type (409, as before)', async () => {
    const a = acc[0]!.id;
    const room = await http.send<any>('POST', rooms(a), { token: admin, json: { name: '旧館', max_num: 1 } });
    const [past] = await rows<{ id: number }>(
      sql`select id from bookings where accommodation_id = ${a} and end_date < ${tokyoToday()}::date order by id limit 1`,
    );
    await rows(sql`update bookings set room_id = ${room.body.id} where id = ${past!.id}`);
    const res = await http.send<any>('DELETE', rooms(a, room.body.id), { token: admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', message: roomMessages.hasBookings });
    expect(await stored(room.body.id)).toMatchObject({ name: '旧館' });
  });

  it('refuses fewer rooms than a coming night already holds (409), and allows down to that', async () => {
    const a = acc[0]!.id;
    const [busiest] = await rows<{ room_id: number; booked: number; max_num: number }>(
      sql`select b.room_id, count(*)::int as booked, r.max_num from bookings b join rooms r on r.id = b.room_id,
          generate_series(greatest(b.start_date, ${tokyoToday()}::date), b.end_date - 1, interval '1 day') d
        where b.accommodation_id = ${a} and b.delete_flg = 0 and b.end_date > ${tokyoToday()}::date
        group by b.room_id, r.max_num, d order by count(*) desc limit 1`,
    );
    const before = { room: await stored(busiest!.room_id), number: await roomNumber(a) };
    const res = await http.send<any>('PATCH', rooms(a, busiest!.room_id), {
      token: admin,
      json: { max_num: busiest!.booked - 1 },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(new RegExp(`${busiest!.booked}件の予約があるため`));
    expect({ room: await stored(busiest!.room_id), number: await roomNumber(a) }).toEqual(before);
    const fits = await http.send<any>('PATCH', rooms(a, busiest!.room_id), {
      token: admin,
      json: { max_num: busiest!.booked },
    });
    expect(fits.status).toBe(200);
    expect((await stored(busiest!.room_id))?.max_num).toBe(busiest!.booked);
  });

  it('attach and detach plans of the same accommodation', async () => {
    const a = acc[0]!.id;
    const room = (await http.send<any>('POST', rooms(a), { token: admin, json: { name: '離れ', max_num: 1 } })).body;
    const plan = (
      await rows<{ id: number; name: string; start_at: string | null }>(
        sql`select id, name, start_at::text as start_at from plans where accommodation_id = ${a} order by id limit 1`,
      )
    )[0]!;
    const attached = await http.send<any>('PATCH', attach(a, room.id, plan.id), { token: staff });
    expect(attached.status).toBe(200);
    expect(attached.body).toEqual({ ...room, plans: [plan] });
    // Twice is the same.
    expect((await http.send<any>('PATCH', attach(a, room.id, plan.id), { token: staff })).body.plans).toEqual([plan]);
    const links = async () =>
      (await rows<{ plan_id: number }>(sql`select plan_id from room_plans where room_id = ${room.id}`)).map(
        (r) => r.plan_id,
      );
    expect(await links()).toEqual([plan.id]);
    expect((await http.get(rooms(a, room.id), staff)).body.plans).toEqual([plan]);

    // A plan of another accommodation, or one that does not exist: 404, nothing linked.
    const other = await planOf(acc[1]!.id);
    expect((await http.send('PATCH', attach(a, room.id, other), { token: admin })).status).toBe(404);
    expect((await http.send('PATCH', attach(a, room.id, 999999), { token: admin })).status).toBe(404);
    expect((await http.send('DELETE', attach(a, room.id, other), { token: admin })).status).toBe(404);
    expect(await links()).toEqual([plan.id]);

    expect((await http.send('DELETE', attach(a, room.id, plan.id), { token: staff })).status).toBe(204);
    expect(await links()).toEqual([]);
    expect((await http.get(rooms(a, room.id), staff)).body.plans).toEqual([]);
    expect((await http.send('DELETE', attach(a, room.id, plan.id), { token: staff })).status).toBe(204);
    expect((await http.send('DELETE', rooms(a, room.id), { token: admin })).status).toBe(204);
  });

  it('keeps staff to their accommodations and rooms to theirs (404), writing nothing', async () => {
    const [a, b] = [acc[0]!.id, acc[1]!.id];
    const before = { rooms: await roomCount(), b: await roomNumber(b) };
    const [roomB] = (await http.get(rooms(b), admin)).body.rooms;
    const planB = await planOf(b);
    const calls: [string, string, unknown?][] = [
      ['GET', rooms(b)],
      ['GET', rooms(b, roomB.id)],
      ['POST', rooms(b), { name: '洋室', max_num: 1 }],
      ['PATCH', rooms(b, roomB.id), { name: 'x' }],
      ['DELETE', rooms(b, roomB.id)],
      ['PATCH', attach(b, roomB.id, planB)],
      ['DELETE', attach(b, roomB.id, planB)],
    ];
    for (const [method, path, json] of calls) {
      const res = await http.send<any>(method, path, { token: staff, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    // A room of accommodation b through accommodation a's path, even for the administrator.
    for (const [method, path, json] of [
      ['GET', rooms(a, roomB.id)],
      ['PATCH', rooms(a, roomB.id), { name: 'x' }],
      ['DELETE', rooms(a, roomB.id)],
      ['PATCH', attach(a, roomB.id, planB)],
    ] as [string, string, unknown?][]) {
      expect((await http.send(method, path, { token: admin, json })).status, `${method} ${path}`).toBe(404);
    }
    expect({ rooms: await roomCount(), b: await roomNumber(b) }).toEqual(before);
    expect((await http.get(rooms(b, roomB.id), admin)).body).toEqual(roomB);
    expect((await http.send('POST', rooms(a), { json: { name: '洋室', max_num: 1 } })).status).toBe(401);
  });
});
