import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { addMonths, firstOfMonth, tokyoToday } from '../../contract/dates';
import { errorMessages } from '../../contract/messages';
import { syncSettingMessages } from '../../contract/syncSetting';
import {
  mapExternalDayStatus,
  monthDates,
  parseSyncResult,
  SYNC_CHECK_FAILED_CODE,
  syncCheckMessages,
  syncResultLabels,
  type ChecksAnswer,
  type RecheckAnswer,
  type SyncCheckErrorRow,
} from '../../contract/syncCheck';
import { ChannelClient } from '../../server/channel/wire/client';
import { channelKey, loadChannelAccounts, type ChannelAccount } from '../../server/channel/wire/credentials';
import { loadMapping, type ChannelMapping } from '../../server/channel/wire/mapping';
import { startChannelSim, type StartedChannelSim } from '../../tools/channelSim/app';
import { runScheduledSyncChecks, runSyncCheck } from '../../server/channel/checks/syncCheck';
import { sqlRows } from '../../server/db/client';
import { httpClient } from '../support/http';
import { ADMIN, STAFF, startTestServer, type TestServer } from '../support/testServer';

/**
 * The sync check (issue 21) against the channel simulator over HTTP: the stored checks per room
 * type and month, their recompute, the dashboard's error days and the ikuyu call.
 */

let sim: StartedChannelSim;
let server: TestServer;
let http: ReturnType<typeof httpClient>;
let admin: string;
let staff: string;
let facilityIds: number[];
const rows = <T>(query: SQL) => sqlRows<T>(server.database.db, query);

async function ctl(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sim.url}/sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
}

interface Facility {
  id: number;
  account: ChannelAccount;
  client: ChannelClient;
  mapping: ChannelMapping;
}

async function facility(index: number): Promise<Facility> {
  const id = facilityIds[index]!;
  const db = server.database.db;
  const [account] = await loadChannelAccounts(db, await channelKey(db, server.config), id);
  return { id, account: account!, client: new ChannelClient(sim.url, account!), mapping: await loadMapping(db, id) };
}

const today = tokyoToday();
const next = firstOfMonth(addMonths(today, 1));
const nextYear = Number(next.slice(0, 4));
const nextMonth = Number(next.slice(5, 7));
const nextDates = monthDates(nextYear, nextMonth);

const checks = (id: number, query = `?year=${nextYear}&month=${nextMonth}`, token = admin) =>
  http.get<ChecksAnswer>(`/api/checks/${id}${query}`, token);
const recheck = (id: number, offset = 1, token = admin) =>
  http.send<RecheckAnswer>('POST', `/api/cron/caclendar/check/${id}/${offset}`, { token });
const dashboardErrors = (token = admin) => http.get<{ errors: SyncCheckErrorRow[] }>('/api/checks?errors=1', token);

/** Tells the site exactly our stock of next month for every mapped room type (as the push would). */
async function mirrorOurStock(f: Facility) {
  const ours = (await checks(f.id)).body.ours!;
  for (const room of f.mapping.rooms) {
    const left = ours.find((o) => o.room_id === room.id)!.left;
    await f.client.pushAvailability(
      nextDates.map((date, i) => ({
        room_code: room.code,
        date_from: date,
        date_to: date,
        availability: Math.max(0, left[i]!),
      })),
    );
  }
}

/** Books the room type's night through the API until it is full. */
async function fillNight(f: Facility, roomId: number, planId: number, night: string) {
  for (let i = 0; i < 50; i++) {
    const res = await http.send<any>('POST', '/api/admin/books', {
      token: admin,
      json: {
        accommodation_id: f.id,
        start_date: night,
        days: 1,
        person_number: 1,
        room_id: roomId,
        plan_id: planId,
        name: `満室テスト${i}`,
        price: 0,
      },
    });
    if (res.status === 409) return;
    expect(res.status).toBe(201);
  }
  throw new Error('the room type never filled');
}

beforeAll(async () => {
  sim = await startChannelSim({ port: 0 });
  server = await startTestServer({ CHANNEL_URL: sim.url });
  http = httpClient(server.baseUrl);
  admin = (await http.login(ADMIN)).access_token;
  staff = (await http.login(STAFF)).access_token;
  facilityIds = (
    await rows<{ accommodation_id: number }>(
      sql`select accommodation_id from sync_settings where service_id = 1 order by accommodation_id`,
    )
  ).map((r) => r.accommodation_id);
  expect(facilityIds.length).toBeGreaterThanOrEqual(3);
  await ctl('PUT', '/config', { rate_limit_per_minute: 10_000 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await sim?.close();
});

afterEach(() => ctl('PUT', '/faults', { outage: false, wrong_password: false, closed: false }));

describe('the sync check (stored checks per room type and month)', () => {
  it('finds a night the site sells while we are full, stores it as ng with code 1, and the dashboard lists it', async () => {
    const f = await facility(0);
    const plan = f.mapping.plans[0]!;
    const room = f.mapping.roomById.get(plan.roomId)!;
    const night = nextDates[9]!;
    await fillNight(f, room.id, plan.id, night);
    await mirrorOurStock(f);
    // The site still holds 2 rooms that night: its push of our last sale is late.
    await f.client.pushAvailability([{ room_code: room.code, date_from: night, date_to: night, availability: 2 }]);

    const res = await recheck(f.id, 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: nextYear, month: nextMonth, error_message: null });
    const mine = res.body.check.find((c) => c.room_id === room.id)!;
    expect(mine.status).toBe('ng');
    const codes = parseSyncResult(mine.result);
    expect(codes).toHaveLength(nextDates.length);
    expect(codes[9]).toBe(1);
    expect(codes.filter((c) => c !== 0)).toEqual([1]);
    // Every other mapped room type matches the site: ok.
    for (const c of res.body.check.filter((c) => c.room_id !== room.id)) expect(c.status).toBe('ok');

    const stored = await checks(f.id);
    expect(stored.status).toBe(200);
    const again = stored.body.check.filter((c) => c.room_id === room.id);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ status: 'ng', result: mine.result });
    expect(stored.body.rooms.find((r) => r.id === room.id)).toMatchObject({ channel_code: room.code });
    const ours = stored.body.ours!.find((o) => o.room_id === room.id)!;
    expect(ours.left[9]).toBeLessThanOrEqual(0);
    expect(ours.booked[9]).toBeGreaterThanOrEqual(room.maxNum);

    const dash = await dashboardErrors();
    expect(dash.status).toBe(200);
    const row = dash.body.errors.find((e) => e.room_id === room.id && e.date === night);
    expect(row).toMatchObject({
      accommodation_id: f.id,
      code: 1,
      message: syncResultLabels[1],
    });
    expect(row!.room_name).not.toBe('');
    expect(row!.accommodation_name).not.toBe('');
    // Staff of the facility see it too.
    expect((await dashboardErrors(staff)).body.errors.some((e) => e.room_id === room.id && e.date === night)).toBe(
      true,
    );

    // The site corrected: the recheck replaces the row, ok, and the dashboard forgets the day.
    await f.client.pushAvailability([{ room_code: room.code, date_from: night, date_to: night, availability: 0 }]);
    const fixed = await recheck(f.id, 1);
    expect(fixed.body.check.find((c) => c.room_id === room.id)!.status).toBe('ok');
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from sync_checks
      where room_id = ${room.id} and year = ${nextYear} and month = ${nextMonth}`)) as [{ n: number }];
    expect(n).toBe(1);
    expect((await dashboardErrors()).body.errors.some((e) => e.room_id === room.id && e.date === night)).toBe(false);
  });

  it('marks a count that differs with code 2', async () => {
    const f = await facility(0);
    const room = f.mapping.rooms[0]!;
    await mirrorOurStock(f);
    const ours = (await checks(f.id)).body.ours!.find((o) => o.room_id === room.id)!;
    const i = ours.left.findIndex((l, k) => l > 0 && k >= 15);
    expect(i).toBeGreaterThanOrEqual(0);
    const night = nextDates[i]!;
    await f.client.pushAvailability([
      { room_code: room.code, date_from: night, date_to: night, availability: ours.left[i]! + 3 },
    ]);
    const res = await recheck(f.id, 1);
    const check = res.body.check.find((c) => c.room_id === room.id)!;
    expect(check.status).toBe('ng');
    expect(parseSyncResult(check.result)[i]).toBe(2);
    const dash = await dashboardErrors();
    expect(dash.body.errors.find((e) => e.room_id === room.id && e.date === night)).toMatchObject({
      code: 2,
      message: syncResultLabels[2],
    });
    await mirrorOurStock(f);
    await recheck(f.id, 1);
  });

  it('stores error and writes a failed sync log when the channel fails', async () => {
    const f = await facility(0);
    await ctl('PUT', '/faults', { outage: true });
    const res = await recheck(f.id, 2);
    expect(res.status).toBe(200);
    expect(res.body.error_message).toBe(errorMessages.syncFailed);
    expect(res.body.check.length).toBe(f.mapping.rooms.length);
    for (const c of res.body.check) expect(c).toMatchObject({ status: 'error', result: '' });
    const [log] = await rows<{ success: number; message: string }>(
      sql`select success, message from sync_logs where accommodation_id = ${f.id} order by id desc limit 1`,
    );
    expect(log!.success).toBe(0);
    expect(log!.message).toContain('同期チェック');
    expect(log!.message).toContain(errorMessages.syncFailed);

    await ctl('PUT', '/faults', { outage: false, wrong_password: true });
    const wrong = await recheck(f.id, 2);
    expect(wrong.body.error_message).toBe(errorMessages.syncWrongPassword);

    // The dashboard lists the failed check of each room type first, on its month's first day (issue 32).
    const first = `${wrong.body.year}-${String(wrong.body.month).padStart(2, '0')}-01`;
    const failed = (await dashboardErrors()).body.errors.filter((e) => e.accommodation_id === f.id && e.date === first);
    expect(failed.map((e) => e.room_id).sort()).toEqual(f.mapping.rooms.map((r) => r.id).sort());
    for (const e of failed)
      expect(e).toMatchObject({ code: SYNC_CHECK_FAILED_CODE, message: syncCheckMessages.checkFailed });
    expect((await dashboardErrors()).body.errors[0]!.code).toBe(SYNC_CHECK_FAILED_CODE);
  });

  it('answers Japanese refusals: no credentials, no synced room, a month out of range', async () => {
    const third = facilityIds[2]!;
    const bad = await recheck(third, 7);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(syncCheckMessages.offset);
    const badQuery = await checks(third, '?year=2026&month=13');
    expect(badQuery.status).toBe(400);
    expect(JSON.stringify(badQuery.body)).toContain(syncCheckMessages.month);
    const half = await checks(third, '?year=2026');
    expect(half.status).toBe(400);

    await rows(sql`update sync_settings set params = params - 'password' where accommodation_id = ${third}`);
    const none = await recheck(third, 1);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ message: syncCheckMessages.noCredentials });

    const second = facilityIds[1]!;
    const saved = await rows<{ target_id: number; target_name: string }>(
      sql`select target_id, target_name from sync_items where accommodation_id = ${second} and target_type = 1`,
    );
    await rows(sql`delete from sync_items where accommodation_id = ${second} and target_type = 1`);
    const noRooms = await recheck(second, 1);
    expect(noRooms.status).toBe(409);
    expect(noRooms.body).toMatchObject({ message: syncCheckMessages.noRooms });
    for (const s of saved) {
      await rows(sql`insert into sync_items (accommodation_id, service, target_type, target_id, target_name)
        values (${second}, 1, 1, ${s.target_id}, ${s.target_name})`);
    }
  });

  it('keeps staff to their facilities', async () => {
    const [first, second] = facilityIds as [number, number];
    expect((await checks(second, '', staff)).status).toBe(404);
    expect((await recheck(second, 1, staff)).status).toBe(404);
    expect((await checks(first, '', staff)).status).toBe(200);
    expect((await recheck(first, 1, staff)).status).toBe(200);
    await rows(sql`insert into sync_checks (accommodation_id, room_id, year, month, result, status)
      select accommodation_id, id, ${nextYear}, ${nextMonth}, ${nextDates.map(() => '2').join(',')}, 'ng'
      from rooms where accommodation_id = ${second} order by id limit 1`);
    const all = (await dashboardErrors()).body.errors;
    expect(all.some((e) => e.accommodation_id === second)).toBe(true);
    const mine = (await dashboardErrors(staff)).body.errors;
    expect(mine.every((e) => e.accommodation_id === first)).toBe(true);
    // The newest check of a room type and month is the one that counts.
    const whole = (await checks(second, '')).body.check;
    expect(whole.length).toBeGreaterThan(0);
  });

  it('lists only error days from today on, and only of the latest check', async () => {
    const [first] = facilityIds as [number];
    const room = (await facility(0)).mapping.rooms[0]!;
    const thisMonth = firstOfMonth(today);
    const y = Number(thisMonth.slice(0, 4));
    const m = Number(thisMonth.slice(5, 7));
    const dates = monthDates(y, m);
    await rows(sql`delete from sync_checks where room_id = ${room.id} and year = ${y} and month = ${m}`);
    await rows(sql`insert into sync_checks (accommodation_id, room_id, year, month, result, status, created_at)
      values (${first}, ${room.id}, ${y}, ${m}, ${dates.map(() => '1').join(',')}, 'ng', now())`);
    const listed = (await dashboardErrors()).body.errors.filter((e) => e.room_id === room.id && e.date < next);
    // Today as the server counted it a moment ago (the run may have passed midnight since the file loaded).
    const now = tokyoToday();
    expect(listed.map((e) => e.date)).toEqual(dates.filter((d) => d >= now));
    await rows(sql`insert into sync_checks (accommodation_id, room_id, year, month, result, status, created_at)
      values (${first}, ${room.id}, ${y}, ${m}, ${dates.map(() => '0').join(',')}, 'ok', now() + interval '1 second')`);
    const after = (await dashboardErrors()).body.errors.filter((e) => e.room_id === room.id && e.date < next);
    expect(after).toEqual([]);
    const month = (await checks(first, `?year=${y}&month=${m}`)).body.check.filter((c) => c.room_id === room.id);
    expect(month).toHaveLength(1);
    expect(month[0]!.status).toBe('ok');
  });
});

describe('the credentials test (POST facility/{id}/sync-settings/{setting_id}/login, issue 32)', () => {
  const settingOf = async (id: number) =>
    (await http.get<{ sync_settings: { id: number }[] }>(`/api/facility/${id}/sync-settings`, admin)).body
      .sync_settings[0]!.id;
  const login = (id: number, settingId: number, token = admin) =>
    http.send<{ ok: boolean; message: string }>('POST', `/api/facility/${id}/sync-settings/${settingId}/login`, {
      token,
    });

  it('says whether the stored credentials open the site, and why not: a wrong password, the site down', async () => {
    const [first, second] = facilityIds as [number, number];
    const setting = await settingOf(first);
    const ok = await login(first, setting);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, message: syncSettingMessages.loginOk });

    await ctl('PUT', '/faults', { wrong_password: true });
    expect((await login(first, setting)).body).toEqual({
      ok: false,
      message: syncSettingMessages.loginFailed + errorMessages.syncWrongPassword,
    });
    await ctl('PUT', '/faults', { wrong_password: false, outage: true });
    expect((await login(first, setting)).body).toEqual({
      ok: false,
      message: `${syncSettingMessages.loginFailed}外部予約サイトに接続できません。`,
    });

    // Administrators only; another facility's setting is not found.
    expect((await login(first, setting, staff)).status).toBe(403);
    expect((await login(second, setting)).status).toBe(404);
  });
});

describe('the scheduled recompute and the job function', () => {
  it('checks the 6 months starting next month of every facility with credentials, on a fake clock', async () => {
    const db = server.database.db;
    const key = await channelKey(db, server.config);
    // Noon in Tokyo on 15 March of a year neither the demo's checks (next month) nor this file's
    // (up to two months ahead) reach: that year holds only the checks of this run.
    const year = Number(today.slice(0, 4)) + 3;
    const now = new Date(`${year}-03-15T03:00:00Z`);
    const summary = await runScheduledSyncChecks(db, sim.url, key, now);
    expect(summary.facilities).toBeGreaterThanOrEqual(2);
    const months = await rows<{ accommodation_id: number; ym: string; n: number }>(sql`
      select accommodation_id, year || '-' || month as ym, count(*)::int as n from sync_checks
      where year = ${year} group by 1, 2 order by 1, 2`);
    const first = months.filter((r) => r.accommodation_id === facilityIds[0]).map((r) => r.ym);
    expect(first).toEqual([4, 5, 6, 7, 8, 9].map((m) => `${year}-${m}`));
    // Nothing was pushed for that year yet: the site sells nothing while we have rooms, so counts differ.
    const f = await facility(0);
    const run = await runSyncCheck(db, sim.url, f.account, 1, now);
    expect(run).toMatchObject({ year, month: 4, errorMessage: null, noRooms: false });
    expect(run.checks.every((c) => c.status === 'ng')).toBe(true);
    expect(parseSyncResult(run.checks[0]!.result).every((c) => c === 2)).toBe(true);
  });
});

describe('the ikuyu call (GET .../plans/{planId}/ikuyu)', () => {
  it("answers the site's raw codes of the plan's month; the console maps them", async () => {
    const f = await facility(0);
    const plan = f.mapping.plans[0]!;
    const [d0, d1, d2, d3] = nextDates as [string, string, string, string];
    await f.client.pushAvailability([
      { room_code: plan.roomCode, date_from: d0, date_to: d0, availability: 5 },
      { room_code: plan.roomCode, date_from: d1, date_to: d1, availability: 2 },
      { room_code: plan.roomCode, date_from: d2, date_to: d2, availability: 0 },
      { room_code: plan.roomCode, date_from: d3, date_to: d3, availability: 5 },
    ]);
    await f.client.pushRestrictions([
      { plan_code: plan.code, room_code: plan.roomCode, date_from: d3, date_to: d3, stop_sell: true },
    ]);
    const res = await http.get<{ status: string }>(
      `/api/accommodations/${f.id}/plans/${plan.id}/ikuyu?year=${nextYear}&month=${nextMonth}`,
      staff,
    );
    expect(res.status).toBe(200);
    const raw = res.body.status.split(',');
    expect(raw).toHaveLength(nextDates.length);
    expect(raw.slice(0, 4)).toEqual(['1', '2', '0', '0']);
    expect(mapExternalDayStatus(res.body.status).slice(0, 4)).toEqual([1, 1, 0, 0]);
  });

  it('refuses in Japanese: a plan without ikyu_id, a facility without credentials, the channel failing, a bad month', async () => {
    const f = await facility(0);
    const plan = f.mapping.plans[0]!;
    const url = (planId: number, query = `?year=${nextYear}&month=${nextMonth}`, id = f.id) =>
      `/api/accommodations/${id}/plans/${planId}/ikuyu${query}`;
    const [uncoded] = await rows<{ id: number }>(
      sql`select id from plans where accommodation_id = ${f.id} and (ikyu_id is null or btrim(ikyu_id) = '') limit 1`,
    );
    if (uncoded) {
      const none = await http.get(url(uncoded.id), admin);
      expect(none.status).toBe(409);
      expect(none.body.message).toBe(syncCheckMessages.noIkyuId);
    }
    const month = await http.get(url(plan.id, `?year=${nextYear}&month=13`), admin);
    expect(month.status).toBe(400);
    expect(month.body.errors.month).toBe(syncCheckMessages.month);
    const year = await http.get(url(plan.id, `?year=1999&month=1`), admin);
    expect(year.status).toBe(400);
    expect(year.body.errors.year).toBe(syncCheckMessages.year);
    expect((await http.get(url(plan.id), undefined)).status).toBe(401);
    // Another facility's plan, or a facility staff do not reach: 404.
    expect((await http.get(url(plan.id, undefined, facilityIds[1]), admin)).status).toBe(404);
    expect((await http.get(url(plan.id, undefined, facilityIds[1]), staff)).status).toBe(404);

    // A plan the site does not know (never pushed there).
    await rows(sql`update plans set ikyu_id = 'NOT-ON-SITE-1' where id = ${plan.id}`);
    const unknown = await http.get(url(plan.id), admin);
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe(syncCheckMessages.planNotOnSite);
    await rows(sql`update plans set ikyu_id = ${plan.code} where id = ${plan.id}`);

    await ctl('PUT', '/faults', { wrong_password: true });
    const wrong = await http.get(url(plan.id), admin);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(errorMessages.syncWrongPassword);
    await ctl('PUT', '/faults', { wrong_password: false, outage: true });
    const down = await http.get(url(plan.id), admin);
    expect(down.status).toBe(502);
    expect(down.body.message).toBe(errorMessages.syncFailed);
    await ctl('PUT', '/faults', { outage: false });

    await rows(sql`update sync_settings set params = params - 'password' where accommodation_id = ${f.id}`);
    const noCred = await http.get(url(plan.id), admin);
    expect(noCred.status).toBe(409);
    expect(noCred.body.message).toBe(syncCheckMessages.noCredentials);
  });
});
