import { afterAll, beforeAll, expect } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { ChannelClient } from '../../server/channel/wire/client';
import { channelKey, loadChannelAccounts, type ChannelAccount } from '../../server/channel/wire/credentials';
import { loadMapping } from '../../server/channel/wire/mapping';
import { pullOnce, type PullOptions } from '../../server/channel/inbound/pull';
import { startChannelSim, type StartedChannelSim } from '../../tools/channelSim/app';
import { sqlRows } from '../../server/db/client';
import { httpClient } from '../support/http';
import { ADMIN, startTestServer, type TestServer } from '../support/testServer';

/** The booking feed's tests (issue 21): the simulator and the app, both over HTTP, each test file its own. */
export interface PullSuite {
  sim: StartedChannelSim;
  server: TestServer;
  http: ReturnType<typeof httpClient>;
  admin: string;
  accommodationIds: number[];
  rows<T>(query: SQL): Promise<T[]>;
  /** A call of the simulator's control API (/sim). */
  ctl(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

export function pullSuite(): PullSuite {
  const suite = {} as PullSuite;
  beforeAll(async () => {
    suite.sim = await startChannelSim({ port: 0 });
    suite.server = await startTestServer({ CHANNEL_URL: suite.sim.url });
    suite.http = httpClient(suite.server.baseUrl);
    suite.admin = (await suite.http.login(ADMIN)).access_token;
    suite.rows = <T>(query: SQL) => sqlRows<T>(suite.server.database.db, query);
    suite.ctl = async (method, path, body) => {
      const res = await fetch(`${suite.sim.url}/sim${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    suite.accommodationIds = (
      await suite.rows<{ accommodation_id: number }>(
        sql`select accommodation_id from sync_settings where service_id = 1 order by accommodation_id`,
      )
    ).map((r) => r.accommodation_id);
    // Tests push stock often; the rate limit has its own tests.
    expect((await suite.ctl('PUT', '/config', { rate_limit_per_minute: 10_000 })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await suite.server?.close();
    await suite.sim?.close();
  });
  return suite;
}

export interface Facility {
  accommodationId: number;
  account: ChannelAccount;
  client: ChannelClient;
  /** A mapped room type with a coded plan, as the site names them. */
  room: { id: number; code: string; maxNum: number };
  plan: { id: number; code: string };
}

/** The demo facility at `index` (its sync setting points at the simulator's demo hotel). */
export async function facility(suite: PullSuite, index: number): Promise<Facility> {
  const accommodationId = suite.accommodationIds[index]!;
  const db = suite.server.database.db;
  const [account] = await loadChannelAccounts(db, await channelKey(db, suite.server.config), accommodationId);
  const mapping = await loadMapping(db, accommodationId);
  const plan = mapping.plans[0]!;
  const room = mapping.roomById.get(plan.roomId)!;
  return {
    accommodationId,
    account: account!,
    client: new ChannelClient(suite.sim.url, account!),
    room,
    plan: { id: plan.id, code: plan.code },
  };
}

/** Puts the nights from `from` to `to` (both included) on sale on the site: `availability` rooms, a rate. */
export async function openOnSite(f: Facility, from: string, to: string, availability: number, roomCode = f.room.code) {
  await f.client.pushAvailability([{ room_code: roomCode, date_from: from, date_to: to, availability }]);
  await f.client.pushRestrictions([
    { plan_code: f.plan.code, room_code: roomCode, date_from: from, date_to: to, rate: 9000, stop_sell: false },
  ]);
}

/** A guest's booking on the site; answers its reservation id. */
export async function siteBook(
  suite: PullSuite,
  f: Facility,
  start: string,
  nights: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await suite.ctl('POST', '/bookings', {
    hotel_id: f.account.hotelId,
    room_code: f.room.code,
    plan_code: f.plan.code,
    start_date: start,
    nights,
    guests: 2,
    name,
    mail: 'guest@example.jp',
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.reservation_id as string;
}

export const pull = (suite: PullSuite, f: Facility, now = new Date(), options: PullOptions = {}) =>
  pullOnce(suite.server.database.db, suite.sim.url, f.account, now, options);

export interface ChannelBookingRow {
  id: number;
  room_id: number;
  plan_id: number | null;
  start_date: string;
  days: number;
  person_number: number;
  name: string;
  price_sub: number;
  via: number;
  sync: number;
  external_seq: number;
  overbooked: number;
  delete_flg: number;
  cancel_fee: number | null;
}

/** Every booking of a reservation (there must be exactly one). */
export function bookingsOf(suite: PullSuite, f: Facility, reservationId: string) {
  return suite.rows<ChannelBookingRow>(sql`
    select id, room_id, plan_id, start_date::text as start_date, days, person_number, name, price_sub, via, sync,
      external_seq, overbooked, delete_flg, cancel_fee
    from bookings where accommodation_id = ${f.accommodationId} and external_id = ${reservationId}`);
}

/** A start date from which the room type holds no live booking for `days` nights, on or after `from`. */
export async function freeStart(suite: PullSuite, roomId: number, days: number, from: string): Promise<string> {
  for (let start = from; ; start = nextDay(start)) {
    const [b] = await suite.rows<{ n: number }>(sql`select count(*)::int as n from bookings where room_id = ${roomId}
      and delete_flg = 0 and start_date < ${start}::date + ${days}::int and end_date > ${start}::date`);
    if (b!.n === 0) return start;
  }
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
