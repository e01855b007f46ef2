import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../contract/dates';
import { ChannelClient } from '../server/channel/wire/client';
import { loadChannelAccounts, seedChannelKey } from '../server/channel/wire/credentials';
import { startChannelSim, type StartedChannelSim } from '../tools/channelSim/app';
import type { AvailabilityValue, RestrictionValue } from '../server/channel/wire/types';
import { openDatabase, sqlRows, type Database, type Db } from '../server/db/client';
import { seedDemo } from '../server/db/seed';
import { Rng } from '../server/db/seed/util';
import type { Benchmark } from './lib/benchmark';
import { heading, log, ms, table } from './lib/format';
import { signIn } from './lib/http';
import { loadAverage } from './lib/machine';
import { tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { freePort, startServer, type RunningServer } from './lib/server';
import { percentile, round } from './lib/stats';

/**
 * The external channel (issue 21), end to end: a real server process (as `npm start` runs it) with
 * its channel scheduler at CHANNEL_POLL_SECONDS=5, and the simulator of the booking site over HTTP
 * (inside the server on the embedded default, as `npm start` starts it; in this process for
 * PostgreSQL, given to the server as CHANNEL_URL, as `npm run channel-sim` would be).
 *
 * 1. site → console: a guest books on the site (POST /sim/bookings); the time until the booking
 *    list of the console's API (GET /api/admin/books) shows it, polled every 200 ms.
 * 2. console → site: staff book in the console (POST /api/admin/books); the time until the site's
 *    stock of that night (GET /sim/inventory) shows one room fewer, polled every 200 ms.
 * 3. burst: the site is told it has more rooms than we do on some nights (the channel API, as a
 *    stale or hand-edited extranet would), then 1,000 guest bookings land on the site across the
 *    three demo facilities, room types and the next 60 days; the time until every one is applied
 *    here (the site's feed fully acknowledged: the adapter acknowledges only after its commit).
 *    Then, from the database: each reservation imported once, and exactly the bookings the site
 *    oversold flagged (bookings.overbooked = 1), computed from our other bookings and rooms.max_num,
 *    applying the site's reservations in the order the site made them.
 * Throughout, GET /sim/stats is sampled every 250 ms per facility: the site's 429s, and any 429
 * that directly follows another 429 of the same facility with no accepted push between them (a
 * retry that did not wait for Retry-After).
 */

const BURST = 1000;
const LATENCY_SAMPLES = 20;
const POLL_SECONDS = 5;
/** Nights the burst and the samples spread over, from the day after tomorrow. */
const HORIZON = 60;
const POLL_MS = 200;
const BURST_CONCURRENCY = 16;
const TARGETS = { drainS: 60, visibleP95Ms: (POLL_SECONDS + 5) * 1000, pushP95Ms: 15_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- what the database holds ------------------------------------------------------------------

interface Room {
  id: number;
  accommodationId: number;
  /** Its name on the site (sync item, target_type 1). */
  code: string;
  maxNum: number;
}

interface Facility {
  accommodationId: number;
  hotelId: string;
  loginId: string;
  password: string;
  rooms: Room[];
}

const key = (roomId: number, night: string) => `${roomId}|${night}`;

/** The facilities that sync, with the room types the site knows (read before the server starts). */
async function readFacilities(db: Db): Promise<Facility[]> {
  const accounts = await loadChannelAccounts(db, await seedChannelKey(db));
  const rooms = await sqlRows<{ id: number; accommodation_id: number; code: string; max_num: number }>(
    db,
    sql`select r.id, r.accommodation_id, si.target_name as code, r.max_num
        from rooms r join sync_items si on si.target_type = 1 and si.target_id = r.id and si.service = 1
        order by r.id`,
  );
  return accounts.map((a) => ({
    accommodationId: a.accommodationId,
    hotelId: a.hotelId,
    loginId: a.loginId,
    password: a.password,
    rooms: rooms
      .filter((r) => r.accommodation_id === a.accommodationId)
      .map((r) => ({ id: r.id, accommodationId: r.accommodation_id, code: r.code, maxNum: r.max_num })),
  }));
}

/** Live bookings per room type and night within [from, toExclusive), leaving out the given reservations. */
async function occupancy(
  db: Db,
  from: string,
  toExclusive: string,
  excludeExternalIds: readonly string[] = [],
): Promise<Map<string, number>> {
  const excluded = `{${excludeExternalIds.join(',')}}`;
  const rows = await sqlRows<{ room_id: number; night: string; n: number }>(
    db,
    sql`select b.room_id, to_char(d, 'YYYY-MM-DD') as night, count(*)::int as n
        from bookings b
        cross join lateral generate_series(greatest(b.start_date, ${from}::date),
          least(b.end_date, ${toExclusive}::date) - 1, interval '1 day') d
        where b.delete_flg = 0 and b.start_date < ${toExclusive}::date and b.end_date > ${from}::date
          and (b.external_id is null or not (b.external_id = any(${excluded}::text[])))
        group by 1, 2`,
  );
  return new Map(rows.map((r) => [key(r.room_id, r.night), r.n]));
}

async function stopSold(db: Db): Promise<Set<string>> {
  const rows = await sqlRows<{ room_id: number; night: string }>(
    db,
    sql`select room_id, to_char(target_date, 'YYYY-MM-DD') as night from channel_stop_sells`,
  );
  return new Set(rows.map((r) => key(r.room_id, r.night)));
}

// ---- HTTP ----------------------------------------------------------------------------------

async function call<T>(
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function ok<T>(method: string, url: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await call<T>(method, url, options);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The site's stock per night of a room type (0 for a night never set); null when the site does not know the room. */
async function siteStock(simUrl: string, hotelId: string, code: string, from: string, to: string) {
  const q = new URLSearchParams({ hotel_id: hotelId, room_code: code, from, to });
  const res = await call<{ days: { date: string; stock: number }[] }>('GET', `${simUrl}/sim/inventory?${q}`);
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`GET /sim/inventory answered ${res.status}`);
  return new Map(res.body.days.map((d) => [d.date, d.stock]));
}

interface SimHotel {
  hotel_id: string;
  rooms: string[];
  plans: { plan_code: string; room_code: string }[];
  reservations: number;
  unacked: number;
}
const simHotels = async (simUrl: string) => (await ok<{ hotels: SimHotel[] }>('GET', `${simUrl}/sim/hotels`)).hotels;

// ---- the rate limit, watched ------------------------------------------------------------------

interface HotelCalls {
  availability: number;
  restrictions: number;
  rateLimited: number;
  /** A 429 right after a 429 of the same facility, with no accepted push in between. */
  retriesTooSoon: number;
}

/** Samples GET /sim/stats per facility every 250 ms (see the module comment). */
function watchRateLimit(simUrl: string, hotelIds: string[]) {
  const state = new Map(
    hotelIds.map((h) => [h, { pushes: 0, limited: 0, lastWasLimited: false, retriesTooSoon: 0, calls: null as any }]),
  );
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const h of hotelIds) {
        const s = await ok<{ calls: Record<string, number>; rate_limited: number }>(
          'GET',
          `${simUrl}/sim/stats?hotel_id=${h}`,
        ).catch(() => null);
        if (!s) continue;
        const st = state.get(h)!;
        const pushes = (s.calls.availability ?? 0) + (s.calls.restrictions ?? 0);
        const dLimited = s.rate_limited - st.limited;
        const dAccepted = pushes - st.pushes - dLimited;
        if (dLimited > 0 && dAccepted === 0) {
          // Within 250 ms, or right after the previous 429: no wait for Retry-After (at least 1 s).
          st.retriesTooSoon += (st.lastWasLimited ? 1 : 0) + (dLimited - 1);
          st.lastWasLimited = true;
        } else if (dAccepted > 0) {
          st.lastWasLimited = false;
        }
        st.pushes = pushes;
        st.limited = s.rate_limited;
        st.calls = s.calls;
      }
      await sleep(250);
    }
  })();
  return {
    async stop(): Promise<Record<string, HotelCalls>> {
      stopped = true;
      await loop;
      return Object.fromEntries(
        [...state].map(([h, st]) => [
          h,
          {
            availability: st.calls?.availability ?? 0,
            restrictions: st.calls?.restrictions ?? 0,
            rateLimited: st.limited,
            retriesTooSoon: st.retriesTooSoon,
          },
        ]),
      );
    },
  };
}

// ---- the phases --------------------------------------------------------------------------------

/** Waits until the site sells exactly what we have (max(0, rooms left), 0 when stop-sold) for the horizon. */
async function waitInitialSync(
  simUrl: string,
  facilities: Facility[],
  ours: Map<string, number>,
  stops: Set<string>,
  from: string,
  to: string,
  timeoutMs: number,
): Promise<number> {
  const t0 = performance.now();
  let why = '';
  while (performance.now() - t0 < timeoutMs) {
    why = '';
    check: for (const f of facilities) {
      for (const r of f.rooms) {
        const stock = await siteStock(simUrl, f.hotelId, r.code, from, addDays(to, -1));
        if (!stock) {
          why = `the site does not know room ${r.code} of hotel ${f.hotelId}`;
          break check;
        }
        for (const [night, n] of stock) {
          const want = stops.has(key(r.id, night)) ? 0 : Math.max(0, r.maxNum - (ours.get(key(r.id, night)) ?? 0));
          if (n !== want) {
            why = `hotel ${f.hotelId} room ${r.code} ${night}: site ${n}, ours ${want}`;
            break check;
          }
        }
      }
    }
    if (!why) return performance.now() - t0;
    await sleep(500);
  }
  throw new Error(
    `our stock did not reach the site in ${timeoutMs / 1000} s (${why}). Is the channel scheduler running ` +
      '(the job channelSync, server/jobs/channelSync.ts) and does the demo data queue a full resync (or the first read-back)?',
  );
}

interface Bookable {
  hotelId: string;
  accommodationId: number;
  room: Room;
  planCode: string;
}

/**
 * A plan to sell each room type on: the site's own (pushed by us from the plan's ikyu_id), else a
 * plan the bench creates on the site (one restrictions call per facility): the site sells only
 * through plans, and the demo data publishes a few room types only.
 */
async function bookables(simUrl: string, facilities: Facility[], from: string, to: string): Promise<Bookable[]> {
  const hotels = await simHotels(simUrl);
  const out: Bookable[] = [];
  for (const f of facilities) {
    const plans = hotels.find((h) => h.hotel_id === f.hotelId)?.plans ?? [];
    const created: RestrictionValue[] = [];
    for (const room of f.rooms) {
      let planCode = plans.find((p) => p.room_code === room.code)?.plan_code;
      if (!planCode) {
        planCode = `BENCH-${room.code}`;
        created.push({
          plan_code: planCode,
          room_code: room.code,
          date_from: from,
          date_to: to,
          rate: 10000,
          stop_sell: false,
        });
      }
      out.push({ hotelId: f.hotelId, accommodationId: f.accommodationId, room, planCode });
    }
    if (created.length > 0) await new ChannelClient(simUrl, f).pushRestrictions(created);
  }
  return out;
}

/** What the latency samples work on: the site, the console, where to book, and a tag for the guests' names. */
interface LatencyRun {
  simUrl: string;
  baseUrl: string;
  token: string;
  targets: Bookable[];
  /** The first night of the horizon. */
  first: string;
  tag: string;
}

/**
 * LATENCY_SAMPLES timings, each on a target and a night of the horizon drawn from `r`: `measure`
 * answers one in ms, or null when that night cannot be used (another is drawn, `exhausted` thrown
 * after ten times as many tries).
 */
async function latencySamples(
  r: Rng,
  { targets, first }: LatencyRun,
  exhausted: string,
  measure: (target: Bookable, night: string, i: number, r: Rng) => Promise<number | null>,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; samples.length < LATENCY_SAMPLES; i++) {
    if (i > LATENCY_SAMPLES * 10) throw new Error(exhausted);
    const target = targets[r.int(0, targets.length - 1)]!;
    const night = addDays(first, r.int(0, HORIZON - 1));
    const ms = await measure(target, night, i, r);
    if (ms !== null) samples.push(ms);
  }
  return samples;
}

async function siteToConsole(run: LatencyRun): Promise<number[]> {
  const { simUrl, baseUrl, token, tag } = run;
  return latencySamples(
    new Rng(7),
    run,
    'site → console: no night with stock left on the site',
    async (t, night, i, r) => {
      const stock = await siteStock(simUrl, t.hotelId, t.room.code, night, night);
      if ((stock?.get(night) ?? 0) < 1) return null;
      // Anywhere in the poll cycle: a pause drawn over more than a whole cycle, so that the samples
      // do not lock onto the pulls.
      await sleep(r.float() * (POLL_SECONDS + 3) * 1000);
      const name = `計測${tag}${i}`;
      const t0 = performance.now();
      const res = await call<{ reservation_id?: string }>('POST', `${simUrl}/sim/bookings`, {
        body: {
          hotel_id: t.hotelId,
          room_code: t.room.code,
          plan_code: t.planCode,
          start_date: night,
          nights: 1,
          guests: 1,
          name,
        },
      });
      if (res.status === 409) return null;
      if (res.status !== 201) throw new Error(`POST /sim/bookings answered ${res.status}: ${JSON.stringify(res.body)}`);
      const q = new URLSearchParams({
        accommodation_id: String(t.accommodationId),
        stay_start_date: night,
        stay_end_date: night,
      });
      for (;;) {
        const list = await ok<{ books: { name: string }[] }>('GET', `${baseUrl}/api/admin/books?${q}`, { token });
        if (list.books.some((b) => b.name === name)) break;
        if (performance.now() - t0 > 120_000) throw new Error(`site → console: ${name} not shown after 120 s`);
        await sleep(POLL_MS);
      }
      return performance.now() - t0;
    },
  );
}

async function consoleToSite(run: LatencyRun): Promise<number[]> {
  const { simUrl, baseUrl, token, tag } = run;
  return latencySamples(new Rng(11), run, 'console → site: no night with a room left', async (t, night, i, r) => {
    const before = (await siteStock(simUrl, t.hotelId, t.room.code, night, night))?.get(night) ?? 0;
    if (before < 1) return null;
    const t0 = performance.now();
    const res = await call('POST', `${baseUrl}/api/admin/books`, {
      token,
      body: {
        accommodation_id: t.accommodationId,
        room_id: t.room.id,
        plan_id: null,
        start_date: night,
        days: 1,
        person_number: 1,
        name: `計測${tag}${i}`,
        price: 0,
        price_sub: 10000,
      },
    });
    if (res.status === 409) return null;
    if (res.status !== 201)
      throw new Error(`POST /api/admin/books answered ${res.status}: ${JSON.stringify(res.body)}`);
    for (;;) {
      const now = (await siteStock(simUrl, t.hotelId, t.room.code, night, night))?.get(night) ?? 0;
      if (now < before) break;
      if (performance.now() - t0 > 120_000)
        throw new Error(`console → site: ${night} of ${t.room.code} not pushed after 120 s`);
      await sleep(POLL_MS);
    }
    const took = performance.now() - t0;
    // One change at a time, a few seconds apart: about 8 pushes a minute, under the site's 10.
    await sleep(3000 + r.float() * 3000);
    return took;
  });
}

interface Landed {
  reservationId: string;
  hotelId: string;
  roomId: number;
  start: string;
  nights: number;
}

interface BurstResult {
  attempts: number;
  landed: Landed[];
  soldOut: number;
  inflatedNights: number;
  extraRooms: number;
  postSeconds: number;
  drainSeconds: number;
  drainAfterLastPostSeconds: number;
}

async function burst(simUrl: string, facilities: Facility[], targets: Bookable[], first: string): Promise<BurstResult> {
  const r = new Rng(42);
  const last = addDays(first, HORIZON);
  // The site's stock now (it equals ours: the latency phases waited for it).
  const stock = new Map<string, number>();
  for (const t of targets) {
    const s = await siteStock(simUrl, t.hotelId, t.room.code, first, last);
    for (const [night, n] of s ?? []) stock.set(key(t.room.id, night), n);
  }
  const free = [...stock.values()].reduce((a, b) => a + b, 0);
  // Demand: 1 night (70 %) or 2; the site gets 25 % more than that, and at least a room more on a
  // tenth of the nights: those are the nights it will oversell.
  const demand = Math.round(BURST * 1.3);
  const pairs = [...stock.keys()];
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const extra = new Map<string, number>();
  let toAdd = Math.max(Math.ceil(pairs.length / 10), Math.ceil(demand * 1.25) - free);
  const extraRooms = toAdd;
  for (let i = 0; toAdd > 0; i = (i + 1) % pairs.length, toAdd--) {
    extra.set(pairs[i]!, (extra.get(pairs[i]!) ?? 0) + 1);
  }
  for (const f of facilities) {
    const values: AvailabilityValue[] = [];
    for (const room of f.rooms) {
      for (let night = first; night <= last; night = addDays(night, 1)) {
        const k = key(room.id, night);
        if (!extra.has(k)) continue;
        const n = (stock.get(k) ?? 0) + extra.get(k)!;
        stock.set(k, n);
        values.push({ room_code: room.code, date_from: night, date_to: night, availability: n });
      }
    }
    if (values.length > 0) await new ChannelClient(simUrl, f).pushAvailability(values);
  }
  log(`burst: site stock ${free} room-nights, ${extraRooms} more on ${extra.size} room-nights`);

  const landed: Landed[] = [];
  let attempts = 0;
  let soldOut = 0;
  let inFlight = 0;
  const pick = () => {
    for (let tries = 0; tries < 200; tries++) {
      const t = targets[r.int(0, targets.length - 1)]!;
      const nights = r.float() < 0.7 ? 1 : 2;
      const start = addDays(first, r.int(0, HORIZON - nights));
      const ns = Array.from({ length: nights }, (_, i) => key(t.room.id, addDays(start, i)));
      if (ns.every((k) => (stock.get(k) ?? 0) > 0)) return { t, nights, start, ns };
    }
    return null;
  };
  const t0 = performance.now();
  const worker = async () => {
    while (landed.length + inFlight < BURST && attempts < BURST * 4) {
      const choice = pick();
      if (!choice) return;
      const { t, nights, start, ns } = choice;
      for (const k of ns) stock.set(k, stock.get(k)! - 1);
      attempts++;
      inFlight++;
      const res = await call<{ reservation_id?: string }>('POST', `${simUrl}/sim/bookings`, {
        body: {
          hotel_id: t.hotelId,
          room_code: t.room.code,
          plan_code: t.planCode,
          start_date: start,
          nights,
          guests: r.int(1, 2),
          name: `一括 ${attempts}`,
        },
      }).finally(() => inFlight--);
      if (res.status === 201) {
        landed.push({ reservationId: res.body.reservation_id!, hotelId: t.hotelId, roomId: t.room.id, start, nights });
      } else if (res.status === 409) {
        // Our push lowered the site's stock meanwhile: those nights are gone.
        soldOut++;
        for (const k of ns) stock.set(k, 0);
      } else {
        throw new Error(`POST /sim/bookings answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: BURST_CONCURRENCY }, worker));
  const posted = performance.now();
  log(`burst: ${landed.length} landed of ${attempts} in ${((posted - t0) / 1000).toFixed(1)} s; waiting for the feed`);
  for (;;) {
    const unacked = (await simHotels(simUrl)).reduce((a, h) => a + h.unacked, 0);
    if (unacked === 0) break;
    if (performance.now() - t0 > 300_000)
      throw new Error(`burst: ${unacked} revisions still unacknowledged after 300 s`);
    await sleep(100);
  }
  const drained = performance.now();
  return {
    attempts,
    landed,
    soldOut,
    inflatedNights: extra.size,
    extraRooms,
    postSeconds: round((posted - t0) / 1000, 2),
    drainSeconds: round((drained - t0) / 1000, 2),
    drainAfterLastPostSeconds: round((drained - posted) / 1000, 2),
  };
}

interface Verification {
  imported: number;
  missing: number;
  duplicated: number;
  flagged: number;
  expected: number;
  /** Flagged and not expected, or expected and not flagged. */
  wrong: number;
}

/** From the database after the run: see the module comment. */
async function verify(
  db: Db,
  facilities: Facility[],
  landed: Landed[],
  from: string,
  to: string,
): Promise<Verification> {
  const ids = landed.map((l) => l.reservationId);
  const rows = await sqlRows<{ external_id: string; overbooked: number; n: number }>(
    db,
    sql`select external_id, max(overbooked)::int as overbooked, count(*)::int as n from bookings
        where via = 1 and external_id = any(${`{${ids.join(',')}}`}::text[]) group by external_id`,
  );
  const byId = new Map(rows.map((r) => [r.external_id, r]));
  const maxNum = new Map(facilities.flatMap((f) => f.rooms.map((r) => [r.id, r.maxNum] as const)));
  const count = await occupancy(db, from, to, ids);
  const order = [...landed].sort((a, b) => a.reservationId.localeCompare(b.reservationId, 'en', { numeric: true }));
  let expected = 0;
  let wrong = 0;
  for (const l of order) {
    let over = false;
    for (let i = 0; i < l.nights; i++) {
      const k = key(l.roomId, addDays(l.start, i));
      const n = (count.get(k) ?? 0) + 1;
      count.set(k, n);
      if (n > maxNum.get(l.roomId)!) over = true;
    }
    if (over) expected++;
    if (over !== (byId.get(l.reservationId)?.overbooked === 1)) wrong++;
  }
  return {
    imported: rows.length,
    missing: ids.length - rows.length,
    duplicated: rows.filter((r) => r.n > 1).length,
    flagged: rows.filter((r) => r.overbooked === 1).length,
    expected,
    wrong,
  };
}

// ---- one engine ----------------------------------------------------------------------------------

interface EngineTarget {
  engine: string;
  /** The database, seeded; closed before the server starts (PGlite is one process's). */
  open(): Promise<Database>;
  /** Starts the server (and the simulator where it is not inside it); answers the simulator's address. */
  start(): Promise<{ server: RunningServer; simUrl: string; stopSim?: () => Promise<void> }>;
}

async function measure(target: EngineTarget) {
  const { engine } = target;
  const today = tokyoToday();
  const first = addDays(today, 2);
  const to = addDays(today, HORIZON + 4);
  let database = await target.open();
  await seedDemo(database.db);
  const facilities = await readFacilities(database.db);
  const ours = await occupancy(database.db, today, to);
  const stops = await stopSold(database.db);
  await database.close();
  if (facilities.length === 0) throw new Error('the demo data has no facility with a channel setting');
  log(`${engine}: ${facilities.length} facilities, ${facilities.reduce((a, f) => a + f.rooms.length, 0)} room types`);

  const loadBefore = loadAverage();
  const { server, simUrl, stopSim } = await target.start();
  const live = await (async () => {
    try {
      const initialSyncMs =
        server.readyMs + (await waitInitialSync(simUrl, facilities, ours, stops, today, to, 120_000));
      log(`${engine}: the site holds our stock ${(initialSyncMs / 1000).toFixed(1)} s after the server started`);
      const hotels = facilities.map((f) => f.hotelId);
      await call('DELETE', `${simUrl}/sim/stats`);
      const watch = watchRateLimit(simUrl, hotels);
      const { accessToken } = await signIn(server.baseUrl);
      const targets = await bookables(simUrl, facilities, today, to);
      const tag = engine.startsWith('Postgre') ? 'P' : 'E';

      const run: LatencyRun = { simUrl, baseUrl: server.baseUrl, token: accessToken, targets, first, tag };
      const visible = await siteToConsole(run);
      log(`${engine}: site → console p95 ${Math.round(percentile(visible, 0.95))} ms`);
      const pushed = await consoleToSite(run);
      log(`${engine}: console → site p95 ${Math.round(percentile(pushed, 0.95))} ms`);
      const b = await burst(simUrl, facilities, targets, first);
      log(`${engine}: burst drained in ${b.drainSeconds} s`);
      // The pushes the burst caused, under the rate limit.
      await sleep(15_000);
      const calls = await watch.stop();
      // What the site sells now, compared with ours once the server has stopped.
      const siteAfter = new Map<string, number>();
      for (const f of facilities) {
        for (const room of f.rooms) {
          const stock = await siteStock(simUrl, f.hotelId, room.code, today, addDays(to, -1));
          for (const [night, n] of stock ?? []) siteAfter.set(key(room.id, night), n);
        }
      }
      return {
        landed: b.landed,
        siteAfter,
        result: {
          engine,
          serverReadyMs: round(server.readyMs),
          initialSyncS: round(initialSyncMs / 1000, 1),
          visible: {
            n: visible.length,
            p50Ms: round(percentile(visible, 0.5)),
            p95Ms: round(percentile(visible, 0.95)),
            maxMs: round(Math.max(...visible)),
          },
          pushed: {
            n: pushed.length,
            p50Ms: round(percentile(pushed, 0.5)),
            p95Ms: round(percentile(pushed, 0.95)),
            maxMs: round(Math.max(...pushed)),
          },
          burst: { ...b, landed: b.landed.length },
          calls,
          loadAverage: { before: loadBefore, after: loadAverage() },
        },
      };
    } finally {
      await server.stop();
      await stopSim?.();
    }
  })();
  database = await target.open();
  try {
    const verification = await verify(database.db, facilities, live.landed, today, to);
    log(`${engine}: ${verification.flagged} flagged, ${verification.expected} expected, ${verification.wrong} differ`);
    // Nights on which the site still sells other than we would, 15 s after the burst: those the
    // bench inflated and no booking touched wait for the daily read-back.
    const oursAfter = await occupancy(database.db, today, to);
    const stopsAfter = await stopSold(database.db);
    let siteDiffersAfterBurst = 0;
    for (const f of facilities) {
      for (const room of f.rooms) {
        for (let night = today; night < to; night = addDays(night, 1)) {
          const k = key(room.id, night);
          const want = stopsAfter.has(k) ? 0 : Math.max(0, room.maxNum - (oursAfter.get(k) ?? 0));
          if (live.siteAfter.get(k) !== want) siteDiffersAfterBurst++;
        }
      }
    }
    log(`${engine}: 15 s after the burst the site differs from us on ${siteDiffersAfterBurst} room-nights`);
    return { ...live.result, verification: { ...verification, siteDiffersAfterBurst } };
  } finally {
    await database.close();
  }
}

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return { AUTH_RATE_LIMIT: '100000', SEED_DEMO: '0', CHANNEL_POLL_SECONDS: String(POLL_SECONDS), ...extra };
}

async function run(): Promise<Record<string, unknown>> {
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  const errors: string[] = [];
  const attempt = async (target: EngineTarget) => {
    try {
      results.push(await measure(target));
    } catch (e) {
      errors.push(`${target.engine}: ${e instanceof Error ? e.message : String(e)}`);
      console.error(`${target.engine} failed:`, e);
    }
  };

  // The embedded default, as `npm start` runs it: the simulator inside the server process.
  const dataDir = tempDir('channel');
  try {
    await attempt({
      engine: 'PGlite (embedded)',
      open: () => openDatabase({ dataDir }),
      async start() {
        const simPort = await freePort();
        const server = await startServer({ dataDir, env: serverEnv({ CHANNEL_SIM_PORT: String(simPort) }) });
        return { server, simUrl: `http://127.0.0.1:${simPort}` };
      },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const probe = await probePostgres();
  if (probe.available) {
    const created = await createDatabase(probe.url);
    try {
      await attempt({
        engine: 'PostgreSQL',
        open: () => openDatabase({ url: created.url }),
        async start() {
          // `npm run channel-sim` beside the server: here, in this process.
          const sim: StartedChannelSim = await startChannelSim({ port: 0, host: '127.0.0.1' });
          const server = await startServer({
            databaseUrl: created.url,
            env: serverEnv({ CHANNEL_URL: sim.url }),
          }).catch(async (e: unknown) => {
            await sim.close();
            throw e;
          });
          return { server, simUrl: sim.url, stopSim: () => sim.close() };
        },
      });
    } finally {
      await dropDatabase(probe.url, created.name);
    }
  } else {
    log(`PostgreSQL not measured: ${probe.reason}`);
  }

  console.log(
    heading(
      `channel: ${BURST.toLocaleString('en')} site bookings, ${LATENCY_SAMPLES} samples each way, CHANNEL_POLL_SECONDS=${POLL_SECONDS}`,
    ),
  );
  console.log(
    table(
      [
        'engine',
        'site→console p50',
        'p95',
        'console→site p50',
        'p95',
        'burst landed/tried',
        'posted',
        'drained',
        'flagged',
        'expected',
        'differ',
        '429s',
        'too soon',
        'site≠ours after',
      ],
      results.map((r) => [
        r.engine,
        ms(r.visible.p50Ms),
        ms(r.visible.p95Ms),
        ms(r.pushed.p50Ms),
        ms(r.pushed.p95Ms),
        `${r.burst.landed}/${r.burst.attempts}`,
        `${r.burst.postSeconds} s`,
        `${r.burst.drainSeconds} s`,
        String(r.verification.flagged),
        String(r.verification.expected),
        String(r.verification.wrong + r.verification.missing + r.verification.duplicated),
        String(Object.values(r.calls).reduce((a, c) => a + c.rateLimited, 0)),
        String(Object.values(r.calls).reduce((a, c) => a + c.retriesTooSoon, 0)),
        String(r.verification.siteDiffersAfterBurst),
      ]),
    ),
  );
  console.log(
    `targets: drained <= ${TARGETS.drainS} s with flagged = expected; site→console p95 <= ${TARGETS.visibleP95Ms} ms; ` +
      `console→site p95 <= ${TARGETS.pushP95Ms} ms; no 429 retried before Retry-After`,
  );
  const met =
    errors.length === 0 &&
    results.length > 0 &&
    results.every(
      (r) =>
        r.burst.landed === BURST &&
        r.burst.drainSeconds <= TARGETS.drainS &&
        r.verification.missing === 0 &&
        r.verification.duplicated === 0 &&
        r.verification.wrong === 0 &&
        r.visible.p95Ms <= TARGETS.visibleP95Ms &&
        r.pushed.p95Ms <= TARGETS.pushP95Ms &&
        Object.values(r.calls).every((c) => c.retriesTooSoon === 0),
    );
  console.log(`met: ${met}`);
  return {
    burst: BURST,
    samples: LATENCY_SAMPLES,
    pollSeconds: POLL_SECONDS,
    results,
    targets: TARGETS,
    met,
    ...(errors.length ? { errors } : {}),
  };
}

export const channel: Benchmark = {
  name: 'channel',
  description:
    'booking channel end to end: site→console and console→site latency, a burst of 1,000 site bookings drained and overbookings flagged',
  run,
};
