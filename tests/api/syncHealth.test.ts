import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../contract/dates';
import { STOP_SELL_DAYS, syncHealthMessages, type StopSellResult, type SyncHealth } from '../../contract/syncHealth';
import { roomForTwo, signedInSuite, type RoomPlan } from '../support/fixtures';

const api = signedInSuite();
const HEALTH = '/api/admin/sync/health';
const STOP = '/api/admin/sync/stop-sell';
const health = (token = api.admin) => api.http.get<SyncHealth>(HEALTH, token);
const stopSell = (json: unknown, token = api.admin) =>
  api.http.send<StopSellResult & { message?: string; errors?: Record<string, string> }>('POST', STOP, { token, json });
const lift = (accommodationId: number | string, token = api.admin) =>
  api.http.send<{ nights: number }>('DELETE', `${STOP}?accommodation_id=${accommodationId}`, { token });
const ids = () => api.accommodations.map((a) => a.id);
const rowOf = (h: SyncHealth, id: number) => h.rows.find((r) => r.accommodation_id === id)!;

/** channel_state of a facility: the last good pull `pullAgo` seconds ago (null: never). */
async function pulled(accommodationId: number, pullAgo: number | null, pushAgo: number | null = pullAgo) {
  const at = (ago: number | null) => (ago === null ? sql`null` : sql`now() - make_interval(secs => ${ago})`);
  await api.rows(sql`
    insert into channel_state (accommodation_id, last_pull_at, last_pull_ok_at, last_push_ok_at, last_error)
    values (${accommodationId}, now(), ${at(pullAgo)}, ${at(pushAgo)}, null)
    on conflict (accommodation_id) do update set last_pull_ok_at = excluded.last_pull_ok_at,
      last_push_ok_at = excluded.last_push_ok_at, last_error = null`);
}
/** Books the room type's `night` through the console for two (guests `${name}0`, ...) until `left` rooms are left; answers its number of rooms. */
async function fillNight(accommodationId: number, room: RoomPlan, night: string, left: number, name: string) {
  const [{ max_num: maxNum } = { max_num: 0 }] = await api.rows<{ max_num: number }>(
    sql`select max_num from rooms where id = ${room.room_id}`,
  );
  const [{ n: booked } = { n: 0 }] = await api.rows<{ n: number }>(sql`
    select count(*)::int as n from bookings where room_id = ${room.room_id} and delete_flg = 0
      and start_date <= ${night}::date and end_date > ${night}::date`);
  for (let i = booked; i < maxNum - left; i++) {
    const made = await api.http.send('POST', '/api/admin/books', {
      token: api.admin,
      json: {
        accommodation_id: accommodationId,
        start_date: night,
        days: 1,
        person_number: 2,
        room_id: room.room_id,
        plan_id: room.plan_id,
        name: `${name}${i}`,
        price: 0,
      },
    });
    expect(made.status).toBe(201);
  }
  return maxNum;
}

const clearQueue = () => api.rows(sql`delete from channel_changes`);

describe('GET admin/sync/health', () => {
  it('answers fresh and stale facilities from channel_state', async () => {
    const [a, b, c] = ids() as [number, number, number];
    await clearQueue();
    await pulled(a, 10);
    await pulled(b, 200, 5);
    await api.rows(sql`delete from channel_state where accommodation_id = ${c}`);
    await api.rows(sql`update sync_settings set created_at = now() - interval '1 hour' where accommodation_id = ${c}`);

    const answer = await health();
    expect(answer.status).toBe(200);
    expect(answer.body.poll_seconds).toBe(30);
    expect(answer.body.rows.map((r) => r.accommodation_id)).toEqual([a, b, c]);
    const fresh = rowOf(answer.body, a);
    expect(fresh).toMatchObject({ stale: false, stale_seconds: 0, pending_changes: 0, oldest_pending_at: null });
    expect(fresh.name).toBe(api.accommodations[0]!.name);
    expect(Date.now() - Date.parse(fresh.last_pull_ok_at!)).toBeGreaterThan(9_000);
    expect(Date.now() - Date.parse(fresh.last_pull_ok_at!)).toBeLessThan(60_000);
    const stale = rowOf(answer.body, b);
    expect(stale.stale).toBe(true);
    expect(stale.stale_seconds).toBeGreaterThanOrEqual(200);
    const never = rowOf(answer.body, c);
    expect(never).toMatchObject({ stale: true, last_pull_ok_at: null, last_push_ok_at: null });

    // A setting made just now, never pulled yet, is not stale.
    await api.rows(sql`update sync_settings set created_at = now() where accommodation_id = ${c}`);
    expect(rowOf((await health()).body, c).stale).toBe(false);
  });

  it('counts the changes waiting and is stale when the oldest waits too long', async () => {
    const a = ids()[0]!;
    await clearQueue();
    await pulled(a, 5);
    const [room] = await api.rows<{ id: number }>(
      sql`select id from rooms where accommodation_id = ${a} order by id limit 1`,
    );
    // Times on the server's clock, which GET /health reads (the database's may run apart by a fraction of a second).
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await api.rows(sql`
      insert into channel_changes (accommodation_id, kind, target_id, date_from, date_to, created_at)
      values (${a}, 1, ${room!.id}, '2099-01-01', '2099-01-02', ${ago(10)}),
             (${a}, 1, ${room!.id}, '2099-01-03', '2099-01-04', ${ago(1)}),
             (${a}, 1, ${room!.id}, '2099-01-05', '2099-01-06', ${ago(0)})`);
    const row = rowOf((await health()).body, a);
    expect(row.pending_changes).toBe(3);
    expect(row.oldest_pending_seconds).toBeGreaterThanOrEqual(600);
    expect(row.oldest_pending_seconds).toBeLessThan(660);
    expect(row.stale).toBe(true);

    await api.rows(sql`delete from channel_changes where created_at < now() - interval '5 minutes'`);
    const after = rowOf((await health()).body, a);
    expect(after.pending_changes).toBe(2);
    expect(after.stale).toBe(false);
    await clearQueue();
  });

  it('shows staff only the facilities they reach', async () => {
    const answer = await health(api.staff);
    expect(answer.status).toBe(200);
    expect(answer.body.rows.map((r) => r.accommodation_id)).toEqual([ids()[0]]);
    expect((await api.http.send('GET', HEALTH)).status).toBe(401);
  });

  it('leaves out a facility without a channel setting', async () => {
    const c = ids()[2]!;
    await api.rows(sql`delete from sync_settings where accommodation_id = ${c}`);
    expect((await health()).body.rows.map((r) => r.accommodation_id)).not.toContain(c);
    const refused = await stopSell({ accommodation_id: c });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(syncHealthMessages.notSynced);
  });
});

describe('POST/DELETE admin/sync/stop-sell', () => {
  /** Nights from today for STOP_SELL_DAYS where a mapped room type has at most one room left, as `room/date`. */
  async function lowNights(accommodationId: number): Promise<string[]> {
    const today = tokyoToday();
    const rows = await api.rows<{ k: string }>(sql`
      select r.id || '/' || to_char(d, 'YYYY-MM-DD') as k
      from rooms r
      cross join generate_series(${today}::date, ${addDays(today, STOP_SELL_DAYS - 1)}::date, interval '1 day') d
      where r.accommodation_id = ${accommodationId}
        and exists (select 1 from sync_items i where i.target_type = 1 and i.target_id = r.id and i.service = 1)
        and r.max_num - (select count(*) from bookings b where b.room_id = r.id and b.delete_flg = 0
                         and b.start_date <= d::date and b.end_date > d::date) <= 1
      order by 1`);
    return rows.map((r) => r.k);
  }
  const stopped = async (accommodationId: number) =>
    (
      await api.rows<{ k: string }>(sql`
        select room_id || '/' || to_char(target_date, 'YYYY-MM-DD') as k from channel_stop_sells
        where accommodation_id = ${accommodationId} order by 1`)
    ).map((r) => r.k);

  it('stop-sells the nights with at most one room left, queues their push, and lifts them', async () => {
    const a = ids()[0]!;
    const room = await roomForTwo(api, a);
    // A night 40 days ahead filled through the console until one room is left.
    const night = addDays(tokyoToday(), 40);
    await fillNight(a, room, night, 1, '売止テスト');
    const expected = await lowNights(a);
    expect(expected).toContain(`${room.room_id}/${night}`);

    await clearQueue();
    const answer = await stopSell({ accommodation_id: a }, api.staff);
    expect(answer.status).toBe(200);
    expect(answer.body.nights).toBe(expected.length);
    const listed = answer.body.rooms.flatMap((r) => r.dates.map((d) => `${r.room_id}/${d}`)).sort();
    expect(listed).toEqual(expected);
    expect(answer.body.rooms.find((r) => r.room_id === room.room_id)!.room_name).not.toBe('');
    expect(await stopped(a)).toEqual(expected);

    // The triggers queued the availability of the night's room type.
    const queued = await api.rows<{ n: number }>(sql`
      select count(*)::int as n from channel_changes where accommodation_id = ${a} and kind = 1
        and target_id = ${room.room_id} and date_from <= ${night}::date and date_to > ${night}::date`);
    expect(queued[0]!.n).toBeGreaterThan(0);
    const trail = await api.rows<{ action: string; user_name: string }>(sql`
      select action, user_name from audit_log where target_type = 'channel_stop_sell' and target_id = ${a}`);
    expect(trail).toEqual([{ action: 'create', user_name: expect.any(String) }]);
    expect(rowOf((await health()).body, a).stop_sell_nights).toBe(expected.length);

    // Again: nothing new.
    const again = await stopSell({ accommodation_id: a });
    expect(again.body).toEqual({ nights: 0, rooms: [] });

    await clearQueue();
    const lifted = await lift(a, api.staff);
    expect(lifted.status).toBe(200);
    expect(lifted.body.nights).toBe(expected.length);
    expect(await stopped(a)).toEqual([]);
    const requeued = await api.rows<{ n: number }>(sql`
      select count(*)::int as n from channel_changes where accommodation_id = ${a} and target_id = ${room.room_id}`);
    expect(requeued[0]!.n).toBeGreaterThan(0);
    expect((await lift(a)).body.nights).toBe(0);
    const trail2 = await api.rows<{ action: string }>(sql`
      select action from audit_log where target_type = 'channel_stop_sell' and target_id = ${a} order by id`);
    expect(trail2.map((t) => t.action)).toEqual(['create', 'delete']);
    expect(rowOf((await health()).body, a).stop_sell_nights).toBe(0);
  });

  it('refuses a facility staff do not reach (404) and a bad body (400), writing nothing', async () => {
    const other = ids()[1]!;
    const before = await stopped(other);
    expect((await stopSell({ accommodation_id: other }, api.staff)).status).toBe(404);
    expect((await lift(other, api.staff)).status).toBe(404);
    expect(await stopped(other)).toEqual(before);
    for (const body of [{}, { accommodation_id: 'x' }, { accommodation_id: -1 }, { accommodation_id: 1e12 }]) {
      const refused = await stopSell(body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.accommodation_id).toBe(syncHealthMessages.accommodation);
    }
    expect((await lift('abc')).status).toBe(400);
    expect((await stopSell({ accommodation_id: 999999 })).status).toBe(404);
  });
});

describe('an overbooked channel booking', () => {
  it('is answered with overbooked 1, listed by ?overbooked=1 from today, and makes its night over', async () => {
    const a = ids()[0]!;
    const room = await roomForTwo(api, a);
    const night = addDays(tokyoToday(), 50);
    const maxNum = await fillNight(a, room, night, 0, '満室');
    // What the channel's apply does with a site booking on a full night: kept and flagged.
    const [channel] = await api.rows<{ id: number }>(sql`
      insert into bookings (accommodation_id, room_id, plan_id, name, start_date, end_date, days, person_number,
                            uid, via, external_id, sync, overbooked)
      values (${a}, ${room.room_id}, ${room.plan_id}, '売越 太郎', ${night}::date, ${night}::date + 1, 1, 2,
              md5(random()::text), 1, 'R-OVER-1', 1, 1)
      returning id`);

    const detail = await api.http.get<any>(`/api/admin/books/${channel!.id}`, api.staff);
    expect(detail.body).toMatchObject({ via: 1, overbooked: 1, sync: 1 });
    const listed = await api.http.get<any>(
      `/api/admin/books?overbooked=1&stay_start_date=${tokyoToday()}&with_consecutive=true`,
      api.staff,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.books.map((b: any) => b.id)).toContain(channel!.id);
    expect(listed.body.books.every((b: any) => b.overbooked === 1)).toBe(true);

    const day = await api.http.get<any>(`/api/admin/books/date/${night}?accommodation_id=${a}`, api.staff);
    const status = day.body.rooms.find((r: any) => r.room_id === room.room_id);
    expect(status).toMatchObject({ over: true, booked: maxNum + 1, capacity: maxNum });
  });
});
