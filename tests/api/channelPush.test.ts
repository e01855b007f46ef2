import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../contract/dates';
import { enqueueFullResync } from '../../server/db/queries/channel/changes';
import { channelToday } from '../../server/db/queries/channel';
import { ChannelClient, ChannelError, channelErrorMessage } from '../../server/channel/wire/client';
import { channelKey, loadChannelAccounts, type ChannelAccount } from '../../server/channel/wire/credentials';
import { loadMapping, type ChannelMapping } from '../../server/channel/wire/mapping';
import {
  availabilityByNight,
  channelAvailabilityByNight,
  restrictionsByNight,
} from '../../server/channel/outbound/ourStock';
import { pushAll, pushMessages, pushOnce } from '../../server/channel/outbound/push';
import { readBackOnce, readbackMessages } from '../../server/channel/checks/readback';
import { startChannelSim, SimState, type StartedChannelSim } from '../../tools/channelSim/app';
import { SlidingWindowLimiter } from '../../tools/channelSim/rateLimit';
import { sqlRows } from '../../server/db/client';
import { httpClient } from '../support/http';
import { ADMIN, startTestServer, type TestServer } from '../support/testServer';

/**
 * ARI out (issue 21) against the simulator over HTTP: our stock, prices and plan publication reach
 * the site, coalesced and batched within its rate limit, and the daily read-back repairs what differs.
 * The simulator's rate limiter runs on the test's clock, so waits of a minute take no time.
 */

let sim: StartedChannelSim;
let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let account: ChannelAccount;
let mapping: ChannelMapping;
/** The simulator's rate-limit clock (ms) and our fake clock move together. */
let clockOffsetMs = 0;
const realStart = Date.now();
const now = () => new Date(realStart + clockOffsetMs);
const advance = (seconds: number) => {
  clockOffsetMs += seconds * 1000;
};

const rows = <T>(query: SQL) => sqlRows<T>(server.database.db, query);
const db = () => server.database.db;
/**
 * Today by the database's clock, from which the queue, the push and the read-back count their
 * nights; the fake clock above runs minutes ahead of it and may be past midnight already.
 */
const dbToday = () => channelToday(db());

async function ctl(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sim.url}/sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const stats = async () =>
  (await ctl('GET', `/stats?hotel_id=${account.hotelId}`)).body as {
    calls: Record<string, number>;
    rate_limited: number;
  };
const clearStats = () => ctl('DELETE', `/stats?hotel_id=${account.hotelId}`);
const push = (at = now(), options = {}) => pushOnce(db(), sim.url, account, at, options);

async function siteStock(roomCode: string, from: string, to: string): Promise<Map<string, number>> {
  const q = new URLSearchParams({ hotel_id: account.hotelId, room_code: roomCode, from, to });
  const res = await ctl('GET', `/inventory?${q}`);
  expect(res.status).toBe(200);
  return new Map((res.body.days as { date: string; stock: number }[]).map((d) => [d.date, d.stock]));
}

async function ourStock(roomId: number, from: string, toExclusive: string) {
  return (await channelAvailabilityByNight(db(), [roomId], from, toExclusive)).get(roomId)!;
}

const pendingChanges = async () =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from channel_changes where accommodation_id = ${account.accommodationId}`,
    )
  )[0]!.n;

/** A mapped room type with a mapped plan, and its first night from `from` with 2+ rooms left that night and the next. */
async function roomAndNight(from: string): Promise<{ roomId: number; planId: number; code: string; night: string }> {
  const plan = mapping.plans.find((p) => mapping.roomById.get(p.roomId)!.maxNum >= 2) ?? mapping.plans[0]!;
  const room = mapping.roomById.get(plan.roomId)!;
  const stock = await ourStock(room.id, from, addDays(from, 200));
  const night = [...stock].find(([d, n]) => n >= 2 && (stock.get(addDays(d, 1)) ?? 0) >= 2)![0];
  return { roomId: room.id, planId: plan.id, code: room.code, night };
}

async function book(roomId: number, planId: number, night: string, name: string): Promise<number> {
  const res = await http.send<any>('POST', '/api/admin/books', {
    token: admin,
    json: {
      accommodation_id: account.accommodationId,
      start_date: night,
      days: 1,
      person_number: 1,
      room_id: roomId,
      plan_id: planId,
      name,
      price: 0,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  const state = new SimState();
  // The site's rate limit counts on the test's clock.
  (state as unknown as { limiter: SlidingWindowLimiter }).limiter = new SlidingWindowLimiter(
    10_000,
    () => realStart + clockOffsetMs,
  );
  sim = await startChannelSim({ port: 0, state });
  server = await startTestServer({ CHANNEL_URL: sim.url });
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  const [first] = await rows<{ accommodation_id: number }>(
    sql`select accommodation_id from sync_settings where service_id = 1 order by accommodation_id limit 1`,
  );
  [account] = (await loadChannelAccounts(db(), await channelKey(db(), server.config), first!.accommodation_id)) as [
    ChannelAccount,
  ];
  mapping = await loadMapping(db(), account.accommodationId);
  expect(mapping.rooms.length).toBeGreaterThan(0);
  expect(mapping.plans.length).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await sim?.close();
});

describe('our stock (ourStock.ts)', () => {
  it('is max_num minus the live bookings of each night, and stop-sold nights count 0 on the channel only', async () => {
    const from = addDays(await dbToday(), 1);
    const { roomId, night } = await roomAndNight(from);
    const [room] = await rows<{ max_num: number }>(sql`select max_num from rooms where id = ${roomId}`);
    const [booked] = await rows<{ n: number }>(
      sql`select count(*)::int as n from bookings where room_id = ${roomId} and delete_flg = 0
          and start_date <= ${night}::date and end_date > ${night}::date`,
    );
    const ours = (await availabilityByNight(db(), [roomId], night, addDays(night, 1))).get(roomId)!;
    expect(ours.get(night)).toBe(room!.max_num - booked!.n);

    await db().execute(sql`insert into channel_stop_sells (room_id, target_date, accommodation_id)
      values (${roomId}, ${night}::date, ${account.accommodationId})`);
    expect((await availabilityByNight(db(), [roomId], night, addDays(night, 1))).get(roomId)!.get(night)).toBe(
      room!.max_num - booked!.n,
    );
    expect((await ourStock(roomId, night, addDays(night, 1))).get(night)).toBe(0);
    await db().execute(sql`delete from channel_stop_sells where room_id = ${roomId} and target_date = ${night}::date`);
  });
});

describe('pushOnce: ARI out', () => {
  it('a full resync of a year costs at most 2 calls per type, and the site then holds our stock and rates', async () => {
    await db().transaction((tx) => enqueueFullResync(tx, account.accommodationId));
    await clearStats();
    const result = await push();
    expect(result.error).toBeUndefined();
    expect(result.availabilityCalls).toBeGreaterThanOrEqual(1);
    expect(result.availabilityCalls).toBeLessThanOrEqual(2);
    expect(result.restrictionsCalls).toBeGreaterThanOrEqual(1);
    expect(result.restrictionsCalls).toBeLessThanOrEqual(2);
    const s = await stats();
    expect(s.calls.availability).toBe(result.availabilityCalls);
    expect(s.calls.restrictions).toBe(result.restrictionsCalls);
    expect(await pendingChanges()).toBe(0);

    const today = await dbToday();
    const end = addDays(today, 365);
    for (const room of mapping.rooms) {
      const site = await siteStock(room.code, today, end);
      const ours = await ourStock(room.id, today, addDays(end, 1));
      for (const [night, n] of ours) expect(site.get(night), `${room.code} ${night}`).toBe(n);
    }
    // Rates and stop-sell per plan, as the site reads them back.
    const plan = mapping.plans[0]!;
    const restrictions = (await restrictionsByNight(db(), [plan.id], today, addDays(today, 60), today)).get(plan.id)!;
    const q = new URLSearchParams({
      room_code: plan.roomCode,
      plan_code: plan.code,
      from: today,
      to: addDays(today, 59),
    });
    const read = await fetch(`${sim.url}/api/v1/hotels/${account.hotelId}/availability?${q}`, {
      headers: { authorization: `Basic ${Buffer.from(`${account.loginId}:${account.password}`).toString('base64')}` },
    });
    const days = ((await read.json()) as { days: { date: string; stop_sell: boolean }[] }).days;
    for (const d of days) expect(d.stop_sell, d.date).toBe(restrictions.get(d.date)!.stopSell);

    const [log] = await rows<{ success: number; message: string }>(
      sql`select success, message from sync_logs where accommodation_id = ${account.accommodationId}
          order by id desc limit 1`,
    );
    expect(log).toEqual({ success: 1, message: pushMessages.sent(result.sent) });

    // Nothing queued: no call, no log row.
    const logsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from sync_logs`);
    await clearStats();
    expect(await push()).toEqual({ availabilityCalls: 0, restrictionsCalls: 0, sent: 0 });
    expect((await stats()).calls.total).toBe(0);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from sync_logs`)).toEqual(logsBefore);
  });

  it('splits a batch only above maxValuesPerCall', async () => {
    await db().transaction((tx) => enqueueFullResync(tx, account.accommodationId));
    await clearStats();
    const result = await push(now(), { maxValuesPerCall: 1 });
    expect(result.sent).toBeGreaterThan(2);
    expect(result.availabilityCalls + result.restrictionsCalls).toBe(result.sent);
    const s = await stats();
    expect(s.calls.availability! + s.calls.restrictions!).toBe(result.sent);
    expect(await pendingChanges()).toBe(0);
  });

  it('a console booking takes a room from the site after the next push; its cancel gives it back', async () => {
    const { roomId, planId, code, night } = await roomAndNight(addDays(await dbToday(), 3));
    const before = (await siteStock(code, night, night)).get(night)!;
    expect(before).toBe((await ourStock(roomId, night, addDays(night, 1))).get(night));

    const id = await book(roomId, planId, night, 'チャネル 送信');
    expect(await pendingChanges()).toBeGreaterThan(0);
    // Not yet pushed: the site still sells the room.
    expect((await siteStock(code, night, night)).get(night)).toBe(before);
    await clearStats();
    const pushed = await push();
    expect(pushed).toMatchObject({ availabilityCalls: 1, restrictionsCalls: 0 });
    expect((await siteStock(code, night, night)).get(night)).toBe(before - 1);
    expect(await pendingChanges()).toBe(0);

    const cancel = await http.send('DELETE', `/api/admin/books/${id}`, { token: admin });
    expect(cancel.status).toBe(204);
    await push();
    expect((await siteStock(code, night, night)).get(night)).toBe(before);
  });

  it('the scheduler paces each facility to one push every 6 seconds, within the rate limit', async () => {
    advance(120);
    const key = await channelKey(db(), server.config);
    const { roomId, planId, code, night } = await roomAndNight(addDays(await dbToday(), 5));
    const before = (await siteStock(code, night, night)).get(night)!;
    await book(roomId, planId, night, '間隔 一');
    const mine = (results: Awaited<ReturnType<typeof pushAll>>) =>
      results.find((r) => r.accommodationId === account.accommodationId)!.result!;
    expect(mine(await pushAll(db(), sim.url, key, now())).availabilityCalls).toBe(1);
    await book(roomId, planId, night, '間隔 二');
    advance(3);
    const paced = mine(await pushAll(db(), sim.url, key, now()));
    expect(paced).toMatchObject({ availabilityCalls: 0, sent: 0 });
    expect(paced.waitedUntil!.getTime() - now().getTime()).toBe(3000);
    expect((await siteStock(code, night, night)).get(night)).toBe(before - 1);
    advance(3);
    expect(mine(await pushAll(db(), sim.url, key, now())).availabilityCalls).toBe(1);
    expect((await siteStock(code, night, night)).get(night)).toBe(before - 2);
  });

  it("changing a room type's max_num pushes a year of its stock in one call", async () => {
    const room = mapping.rooms[0]!;
    const [current] = await rows<{ max_num: number }>(sql`select max_num from rooms where id = ${room.id}`);
    const res = await http.send<any>('PATCH', `/api/accommodations/${account.accommodationId}/rooms/${room.id}`, {
      token: admin,
      json: { max_num: current!.max_num + 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await clearStats();
    const pushed = await push();
    expect(pushed.availabilityCalls).toBe(1);
    const today = await dbToday();
    const far = addDays(today, 360);
    const site = await siteStock(room.code, today, far);
    const ours = await ourStock(room.id, today, addDays(far, 1));
    expect(ours.get(far)).toBe(current!.max_num + 2);
    for (const [night, n] of ours) expect(site.get(night), night).toBe(n);
  });

  it("a plan's publication and its prices reach the site as restrictions", async () => {
    advance(120);
    const plan = mapping.plans[0]!;
    const today = await dbToday();
    const siteDays = async (from: string, to: string) => {
      const q = new URLSearchParams({ room_code: plan.roomCode, plan_code: plan.code, from, to });
      const read = await fetch(`${sim.url}/api/v1/hotels/${account.hotelId}/availability?${q}`, {
        headers: { authorization: `Basic ${Buffer.from(`${account.loginId}:${account.password}`).toString('base64')}` },
      });
      return ((await read.json()) as { days: { date: string; stop_sell: boolean }[] }).days;
    };
    const ours = (await restrictionsByNight(db(), [plan.id], today, addDays(today, 200), today)).get(plan.id)!;
    const [night] = [...ours].find(([, r]) => !r.stopSell && r.rate !== undefined)!;

    const off = await http.send<any>('PATCH', `/api/accommodations/${account.accommodationId}/plans/${plan.id}`, {
      token: admin,
      json: { is_active: 0 },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await clearStats();
    const pushed = await push();
    expect(pushed).toMatchObject({ availabilityCalls: 0, restrictionsCalls: 1 });
    expect((await siteDays(today, addDays(today, 365))).every((d) => d.stop_sell)).toBe(true);

    const on = await http.send<any>('PATCH', `/api/accommodations/${account.accommodationId}/plans/${plan.id}`, {
      token: admin,
      json: { is_active: 1 },
    });
    expect(on.status).toBe(200);
    // A new price for one guest on that night.
    await db().execute(sql`update plan_prices set price = 12345 where plan_id = ${plan.id} and unit = 1
      and target_date = ${night}::date`);
    await push();
    expect((await siteDays(night, night))[0]!.stop_sell).toBe(false);
    const booked = await ctl('POST', '/bookings', {
      hotel_id: account.hotelId,
      room_code: plan.roomCode,
      plan_code: plan.code,
      start_date: night,
      nights: 1,
      guests: 1,
      name: '料金 確認',
      mail: 'guest@example.jp',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const site = (await ctl('GET', `/bookings?hotel_id=${account.hotelId}`)).body.bookings.find(
      (b: any) => b.reservation_id === booked.body.reservation_id,
    );
    expect(site.amount).toBe(12345);
    // The site's own sale, not pulled here: the read-back test below puts the site right again.
    await ctl('POST', `/bookings/${booked.body.reservation_id}/cancel`);
  });

  it('respects 429: no call while push_not_before is ahead, one log row, and the changes arrive after the wait', async () => {
    expect((await ctl('PUT', '/config', { rate_limit_per_minute: 2 })).status).toBe(200);
    advance(120); // a fresh minute on both clocks
    await clearStats();
    const failuresBefore = await rows<{ n: number }>(
      sql`select count(*)::int as n from sync_logs where accommodation_id = ${account.accommodationId} and success = 0`,
    );
    const { roomId, planId, code, night } = await roomAndNight(addDays(await dbToday(), 10));
    const before = (await siteStock(code, night, night)).get(night)!;

    // Two changes, two pushes: the limit.
    await book(roomId, planId, night, 'レート 一');
    expect((await push()).availabilityCalls).toBe(1);
    advance(1);
    await book(roomId, planId, addDays(night, 1), 'レート 二');
    expect((await push()).availabilityCalls).toBe(1);
    advance(1);
    // The third is refused: the site says when to come back.
    const id3 = await book(roomId, planId, night, 'レート 三');
    const refused = await push();
    expect(refused.error?.code).toBe('rate_limited');
    expect(refused.waitedUntil).toBeDefined();
    const waitMs = refused.waitedUntil!.getTime() - now().getTime();
    expect(waitMs).toBeGreaterThanOrEqual(1000);
    expect(waitMs).toBeLessThanOrEqual(60_000);
    expect((await stats()).rate_limited).toBe(1);
    expect(await pendingChanges()).toBeGreaterThan(0);

    // While the wait runs, however often the job comes and whatever else changes: no call at all.
    const callsDuringWait = (await stats()).calls.availability;
    await http.send('DELETE', `/api/admin/books/${id3}`, { token: admin });
    for (const step of [1, 5, 20]) {
      advance(step);
      if (now() >= refused.waitedUntil!) break;
      const waiting = await push();
      expect(waiting).toMatchObject({ availabilityCalls: 0, restrictionsCalls: 0, sent: 0 });
      expect(waiting.waitedUntil).toEqual(refused.waitedUntil);
    }
    const during = await stats();
    expect(during.calls.availability).toBe(callsDuringWait);
    expect(during.rate_limited).toBe(1);

    // After the wait, the queued changes arrive in one call.
    clockOffsetMs = refused.waitedUntil!.getTime() - realStart + 1000;
    const after = await push();
    expect(after.error).toBeUndefined();
    expect(after.availabilityCalls).toBe(1);
    expect((await stats()).rate_limited).toBe(1);
    expect(await pendingChanges()).toBe(0);
    const site = await siteStock(code, night, addDays(night, 1));
    const ours = await ourStock(roomId, night, addDays(night, 2));
    expect(site.get(night)).toBe(before - 1);
    expect(site.get(night)).toBe(ours.get(night));
    expect(site.get(addDays(night, 1))).toBe(ours.get(addDays(night, 1)));

    // One failure row for the whole streak.
    const failures = await rows<{ n: number }>(
      sql`select count(*)::int as n from sync_logs where accommodation_id = ${account.accommodationId} and success = 0`,
    );
    expect(failures[0]!.n - failuresBefore[0]!.n).toBe(1);
    const [state] = await rows<{ push_not_before: Date | null; last_push_ok_at: Date | null }>(
      sql`select push_not_before, last_push_ok_at from channel_state where accommodation_id = ${account.accommodationId}`,
    );
    expect(state!.push_not_before).toBeNull();
    expect(new Date(state!.last_push_ok_at!).getTime()).toBe(now().getTime());
    expect((await ctl('PUT', '/config', { rate_limit_per_minute: 10_000 })).status).toBe(200);
  });

  it('backs off when the site is down, keeps the changes, and logs one row for the outage', async () => {
    advance(120);
    const { roomId, planId, code, night } = await roomAndNight(addDays(await dbToday(), 20));
    const before = (await siteStock(code, night, night)).get(night)!;
    await book(roomId, planId, night, '障害 中');
    await ctl('PUT', '/faults', { outage: true });
    const failuresBefore = await rows<{ n: number }>(
      sql`select count(*)::int as n from sync_logs where accommodation_id = ${account.accommodationId} and success = 0`,
    );
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await push();
      expect(r.error?.code).toBe('unavailable');
      waits.push(r.waitedUntil!.getTime() - now().getTime());
      clockOffsetMs = r.waitedUntil!.getTime() - realStart;
    }
    // 2, 4, 8, 16 s with ±20 % jitter.
    expect(waits[0]).toBeGreaterThanOrEqual(1600);
    expect(waits[0]).toBeLessThanOrEqual(2400);
    expect(waits[3]).toBeGreaterThan(waits[0]!);
    expect(waits[3]).toBeLessThanOrEqual(60_000);
    const failures = await rows<{ n: number }>(
      sql`select count(*)::int as n from sync_logs where accommodation_id = ${account.accommodationId} and success = 0`,
    );
    expect(failures[0]!.n - failuresBefore[0]!.n).toBe(1);
    const [last] = await rows<{ message: string }>(
      sql`select message from sync_logs where accommodation_id = ${account.accommodationId} and success = 0
          order by id desc limit 1`,
    );
    expect(last!.message).toBe(pushMessages.failed(channelErrorMessage(new ChannelError('unavailable', 503, ''))));
    expect(await pendingChanges()).toBeGreaterThan(0);

    await ctl('PUT', '/faults', { outage: false });
    expect((await push()).availabilityCalls).toBe(1);
    expect((await siteStock(code, night, night)).get(night)).toBe(before - 1);
  });

  it('a wrong password logs its sentence and waits; the changes go once it is right again', async () => {
    advance(120);
    const { roomId, planId, code, night } = await roomAndNight(addDays(await dbToday(), 30));
    const before = (await siteStock(code, night, night)).get(night)!;
    await book(roomId, planId, night, 'パスワード 違い');
    await ctl('PUT', `/hotels/${account.hotelId}`, { login_id: account.loginId, password: 'changed-9999', name: 'x' });
    const r = await push();
    expect(r.error?.code).toBe('wrong_password');
    const [log] = await rows<{ success: number; message: string }>(
      sql`select success, message from sync_logs where accommodation_id = ${account.accommodationId}
          order by id desc limit 1`,
    );
    expect(log).toEqual({ success: 0, message: pushMessages.failed('外部予約サイトのパスワードが違います。') });
    const [state] = await rows<{ last_error: string }>(
      sql`select last_error from channel_state where accommodation_id = ${account.accommodationId}`,
    );
    expect(state!.last_error).toBe(log!.message);

    await ctl('PUT', `/hotels/${account.hotelId}`, {
      login_id: account.loginId,
      password: account.password,
      name: 'さくら荘',
    });
    clockOffsetMs = r.waitedUntil!.getTime() - realStart;
    expect((await push()).availabilityCalls).toBe(1);
    expect((await siteStock(code, night, night)).get(night)).toBe(before - 1);
    const [cleared] = await rows<{ last_error: string | null }>(
      sql`select last_error from channel_state where accommodation_id = ${account.accommodationId}`,
    );
    expect(cleared!.last_error).toBeNull();
  });
});

describe('readBackOnce: the daily read-back', () => {
  it('finds nothing when the site holds our stock, then finds a night changed behind our back and the next push restores it', async () => {
    advance(120);
    // The site in step with us first.
    await db().transaction((tx) => enqueueFullResync(tx, account.accommodationId));
    await push();
    const logsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from sync_logs`);
    const same = await readBackOnce(db(), sim.url, account, now());
    expect(same).toEqual({
      rooms: mapping.rooms.length,
      differingNights: 0,
      plans: mapping.plans.length,
      differingPlanNights: 0,
    });
    expect(await pendingChanges()).toBe(0);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from sync_logs`)).toEqual(logsBefore);

    // A guest books on the site; we have not pulled it, so the site sells one room less than we say.
    const today = await dbToday();
    const plan = mapping.plans.find((p) => mapping.roomById.get(p.roomId)!.maxNum >= 2) ?? mapping.plans[0]!;
    const restrictions = (await restrictionsByNight(db(), [plan.id], today, addDays(today, 200), today)).get(plan.id)!;
    const ours0 = await ourStock(plan.roomId, today, addDays(today, 200));
    const open = (d: string) => !restrictions.get(d)?.stopSell && (ours0.get(d) ?? 0) >= 1;
    const night = [...restrictions.keys()].find((d) => open(d) && open(addDays(d, 1)))!;
    const booked = await ctl('POST', '/bookings', {
      hotel_id: account.hotelId,
      room_code: plan.roomCode,
      plan_code: plan.code,
      start_date: night,
      nights: 2,
      guests: 1,
      name: '裏口 予約',
      mail: 'guest@example.jp',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const ours = await ourStock(plan.roomId, night, addDays(night, 2));
    const siteBefore = await siteStock(plan.roomCode, night, addDays(night, 1));
    expect(siteBefore.get(night)).toBe(ours.get(night)! - 1);

    const found = await readBackOnce(db(), sim.url, account, now());
    expect(found.differingNights).toBe(2);
    expect(await pendingChanges()).toBeGreaterThan(0);
    const [log] = await rows<{ success: number; message: string }>(
      sql`select success, message from sync_logs where accommodation_id = ${account.accommodationId}
          order by id desc limit 1`,
    );
    expect(log).toEqual({ success: 1, message: readbackMessages.differed(2) });
    const [state] = await rows<{ last_readback_at: Date }>(
      sql`select last_readback_at from channel_state where accommodation_id = ${account.accommodationId}`,
    );
    expect(new Date(state!.last_readback_at).getTime()).toBe(now().getTime());

    await clearStats();
    const pushed = await push();
    expect(pushed.availabilityCalls).toBe(1);
    const siteAfter = await siteStock(plan.roomCode, night, addDays(night, 1));
    expect(siteAfter.get(night)).toBe(ours.get(night));
    expect(siteAfter.get(addDays(night, 1))).toBe(ours.get(addDays(night, 1)));
  });
  it('finds a plan stopped on the site behind our back and the next push opens it again', async () => {
    advance(120);
    const today = await dbToday();
    const plan = mapping.plans[0]!;
    const ours = (await restrictionsByNight(db(), [plan.id], today, addDays(today, 200), today)).get(plan.id)!;
    const open = (d: string) => ours.get(d)?.stopSell === false;
    const night = [...ours.keys()].find((d) => open(d) && open(addDays(d, 1)) && open(addDays(d, 2)))!;
    const client = new ChannelClient(sim.url, account);
    await client.pushRestrictions([
      { plan_code: plan.code, room_code: plan.roomCode, date_from: night, date_to: addDays(night, 2), stop_sell: true },
    ]);
    const found = await readBackOnce(db(), sim.url, account, now());
    expect(found).toMatchObject({ differingNights: 0, differingPlanNights: 3 });
    const [log] = await rows<{ message: string }>(
      sql`select message from sync_logs where accommodation_id = ${account.accommodationId} order by id desc limit 1`,
    );
    expect(log!.message).toBe(readbackMessages.differed(0, 3));
    const pushed = await push();
    expect(pushed).toMatchObject({ availabilityCalls: 0, restrictionsCalls: 1 });
    const days = await client.availability(plan.roomCode, night, addDays(night, 2), plan.code);
    expect(days.map((d) => d.stop_sell)).toEqual([false, false, false]);
    expect((await readBackOnce(db(), sim.url, account, now())).differingPlanNights).toBe(0);
  });
});
