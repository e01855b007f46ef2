import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../contract/dates';
import { sqlRows } from '../../server/db/client';
import { httpClient } from './http';
import { startTestServer, type TestServer } from './testServer';
import { startSignedIn, type SignedIn } from './signedIn';

export interface ApiFixture extends SignedIn {
  /** Runs SQL on the test server's own database. */
  rows<T>(query: SQL): Promise<T[]>;
}

/**
 * The test file's server with both demo users signed in: started before its tests (before the
 * file's own beforeAll hooks registered later), closed after them. Its fields are there from then on.
 */
export function signedInSuite(): ApiFixture {
  const api = {} as ApiFixture;
  beforeAll(async () => {
    const signedIn = await startSignedIn();
    Object.assign(api, signedIn, {
      rows: <T>(query: SQL) => sqlRows<T>(signedIn.server.database.db, query),
    });
  });
  afterAll(() => api.server?.close());
  return api;
}

export interface ServerFixture {
  server: TestServer;
  http: ReturnType<typeof httpClient>;
}

/** The test file's server, nobody signed in: started before its tests, closed after them (as signedInSuite). */
export function serverSuite(): ServerFixture {
  const api = {} as ServerFixture;
  beforeAll(async () => {
    const server = await startTestServer();
    Object.assign(api, { server, http: httpClient(server.baseUrl) });
  });
  afterAll(() => api.server?.close());
  return api;
}

export interface RoomPlan {
  room_id: number;
  plan_id: number;
}

/** The largest room type of the accommodation with a plan for two: the one the booking tests book. */
export async function roomForTwo(api: ApiFixture, accommodationId: number): Promise<RoomPlan> {
  const [room] = await api.rows<RoomPlan>(sql`
    select r.id as room_id, p.id as plan_id from rooms r
    join room_plans rp on rp.room_id = r.id join plans p on p.id = rp.plan_id
    where r.accommodation_id = ${accommodationId} and p.max_num >= 2 order by r.max_num desc, r.id, p.id limit 1`);
  return room!;
}

/** A booking as the API answers it, as far as the tests that make one read it. */
export interface MadeBooking {
  id: number;
  uid: string;
  name: string;
}

/**
 * A booking without a plan (no prices needed, any date) through the API, as the console makes one:
 * in the accommodation's largest room type, one night for two at 12,000円 unless `fields` say otherwise.
 */
export async function planlessBooking(
  api: ApiFixture,
  accommodationIndex: number,
  fields: Record<string, unknown>,
): Promise<MadeBooking> {
  const accommodationId = api.accommodations[accommodationIndex]!.id;
  const start = String(fields.start_date ?? '');
  const days = Number(fields.days ?? 1);
  // The largest room type with a room left on every night of the stay (the demo data fills some
  // nights, which ones depending on the day the suite runs).
  const roomLeft = start
    ? sql`and not exists (
          select 1 from generate_series(${start}::date, ${start}::date + ${days - 1}::int, interval '1 day') d
          where (select count(*) from bookings b where b.room_id = r.id and b.delete_flg = 0
                   and b.start_date <= d::date and b.end_date > d::date) >= r.max_num)`
    : sql``;
  const [room] = await api.rows<{ id: number }>(
    sql`select r.id from rooms r where r.accommodation_id = ${accommodationId} ${roomLeft}
        order by r.max_num desc, r.id limit 1`,
  );
  expect(room, `a room type with a room left from ${start} for ${days} nights`).toBeTruthy();
  const res = await api.http.send<MadeBooking>('POST', '/api/admin/books', {
    token: api.admin,
    json: {
      accommodation_id: accommodationId,
      room_id: room!.id,
      plan_id: null,
      days: 1,
      person_number: 2,
      price: 0,
      price_sub: 12000,
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export interface BookingMakerOptions {
  /** The first start date tried; each booking starts later than the one before. */
  from: string;
  days: number;
  name: string;
  /** Also pass over nights on which the room type already has a stay starting. */
  skipTakenStarts?: boolean;
}

/**
 * Makes fresh bookings for two through the API (no payment, price 0), each on the next nights the
 * room type has free: `newBooking(accommodationId, room, fields)`, by default in the first
 * accommodation and its `roomForTwo`; `fields` adds to the body (a guest's mail).
 */
export function bookingMaker(api: ApiFixture, { from, days, name, skipTakenStarts = false }: BookingMakerOptions) {
  let nextStart = from;
  return async function newBooking(
    accommodationId = api.accommodations[0]!.id,
    room?: RoomPlan,
    fields: Record<string, unknown> = {},
  ): Promise<any> {
    const r = room ?? (await roomForTwo(api, accommodationId));
    for (;;) {
      const start = nextStart;
      nextStart = addDays(nextStart, days);
      if (skipTakenStarts) {
        const [taken] = await api.rows<{ n: number }>(sql`select count(*)::int as n from bookings
          where room_id = ${r.room_id} and delete_flg = 0 and start_date = ${start}::date`);
        if (taken!.n > 0) continue;
      }
      const res = await api.http.send<any>('POST', '/api/admin/books', {
        token: api.admin,
        json: {
          accommodation_id: accommodationId,
          start_date: start,
          days,
          person_number: 2,
          room_id: r.room_id,
          plan_id: r.plan_id,
          name,
          ...fields,
          price: 0,
        },
      });
      if (res.status === 409) continue;
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    }
  };
}

/** bookingMaker's bookings with the guest's mail given, or none: `newBooking('hanako@example.org')`. */
export function mailBookingMaker(api: ApiFixture, options: BookingMakerOptions) {
  const makeBooking = bookingMaker(api, options);
  return (mail: string | null, accommodationId = api.accommodations[0]!.id) =>
    makeBooking(accommodationId, undefined, mail ? { mail } : {});
}

export interface PlanRef {
  id: number;
  max_num: number;
}

/** A plan for two of the first accommodation (staff may reach it) and one of another (staff may not). */
export async function ownAndOtherPlans(api: ApiFixture): Promise<{ own: PlanRef; other: PlanRef }> {
  const first = api.accommodations[0]!.id;
  const plans = await api.rows<PlanRef & { accommodation_id: number }>(
    sql`select id, accommodation_id, max_num from plans order by id`,
  );
  return {
    own: plans.find((p) => p.accommodation_id === first && p.max_num >= 2)!,
    other: plans.find((p) => p.accommodation_id !== first)!,
  };
}

/** The plan's stored prices from `from` to `to` (yyyy-MM-dd), by date then unit. */
export function storedPrices(api: ApiFixture, planId: number, from: string, to: string) {
  return api.rows<{ target_date: string; unit: number; price: number }>(
    sql`select target_date::text as target_date, unit, price from plan_prices
      where plan_id = ${planId} and target_date between ${from}::date and ${to}::date order by target_date, unit`,
  );
}

/**
 * A one-night booking for two through the API on the first night from `from` on with a room left
 * (a 409 tries the next night): `fields` name its accommodation, room type, plan, guest.
 */
export async function bookFirstFreeNight<T = { id: number }>(
  http: ReturnType<typeof httpClient>,
  token: string,
  from: string,
  fields: Record<string, unknown>,
): Promise<T> {
  for (let start = from; ; start = addDays(start, 1)) {
    const res = await http.send<T>('POST', '/api/admin/books', {
      token,
      json: { start_date: start, days: 1, person_number: 2, ...fields, price: 0 },
    });
    if (res.status === 201) return res.body;
    expect(res.status, JSON.stringify(res.body)).toBe(409);
  }
}
