import { randomInt } from 'node:crypto';
import { datesBetween, daysInMonth, nightsOf } from './dates';
import { demoHotels, type HotelCredentials } from './demoHotels';
import { mulberry32 } from '../../server/db/seed/util';
import { noFaults, type Faults, type FaultsPatch } from './faults';
import { SlidingWindowLimiter } from './rateLimit';
import type {
  AvailabilityValue,
  BookingChange,
  ChannelBooking,
  ChannelRevision,
  ReservationFields,
  RestrictionValue,
  RevisionOrigin,
  RevisionStatus,
} from '../../server/channel/wire/types';

/** An error the simulator answers as `{ error: code, message }` with `status`. */
export class SimError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new SimError(404, 'not_found', `${what} not found`);

export interface Room {
  code: string;
  /** Rooms the site still sells per night; a night absent was never set (sells none). */
  nights: Map<string, number>;
}

export interface PlanNight {
  rate?: number;
  stopSell?: boolean;
}

export interface Plan {
  code: string;
  roomCode: string;
  nights: Map<string, PlanNight>;
}

export interface Reservation extends ReservationFields {
  reservationId: string;
  hotelId: string;
  status: 'booked' | 'cancelled';
  seq: number;
  updatedAt: string;
  latest: Revision;
}

export interface Revision extends ReservationFields {
  id: string;
  reservationId: string;
  seq: number;
  status: RevisionStatus;
  insertedAt: string;
  origin: RevisionOrigin;
  acked: boolean;
}

export interface Hotel extends HotelCredentials {
  rooms: Map<string, Room>;
  plans: Map<string, Plan>;
  reservations: Map<string, Reservation>;
  revisions: Map<string, Revision>;
  /** Every revision, oldest first (the replay order). */
  revisionList: Revision[];
  /** Unacknowledged revisions in insertion order, oldest first: the feed reads its head. */
  unacked: Map<string, Revision>;
}

export interface HotelStats {
  calls: Record<string, number>;
  rate_limited: number;
}

/** A booking a guest makes on the site (the control API's POST /sim/bookings). */
export interface GuestBookingInput extends BookingChange {
  hotel_id: string;
  mail?: string;
  amount?: number;
}

/** A change of a reservation: the fields given, the others stay. */
export type ReservationChange = Partial<ReservationFields>;

export const DEFAULT_RATE_LIMIT = 10;
export const FEED_PAGE = 100;

/** The site's whole in-memory state: facilities, stock, reservations, revisions, faults, stats. */
export class SimState {
  hotels = new Map<string, Hotel>();
  faults: Faults = noFaults();
  readonly limiter = new SlidingWindowLimiter(DEFAULT_RATE_LIMIT);
  stats = new Map<string, HotelStats>();
  /** A fixed time (ISO) stamped on revisions, or null for the real clock. */
  fixedNow: string | null = null;
  /** Seeded, so that an error_rate run repeats the same failures. */
  random: () => number = mulberry32(42);
  /**
   * Reservation numbers grow from a random base and survive a reset, so that a reset simulator
   * does not hand out a number a client already stored for another reservation. Kept with the
   * site's saved state (persist.ts).
   */
  nextReservationNumber = randomInt(10_000_000, 90_000_000);

  constructor() {
    this.reset();
  }

  reset(): void {
    this.hotels.clear();
    for (const h of demoHotels) this.putHotel(h);
    this.faults = noFaults();
    this.random = mulberry32(42);
    this.limiter.perMinute = DEFAULT_RATE_LIMIT;
    this.limiter.clear();
    this.stats.clear();
    this.fixedNow = null;
  }

  now(): string {
    return this.fixedNow ?? new Date().toISOString();
  }

  setFaults(patch: FaultsPatch): Faults {
    const { seed, ...rest } = patch;
    this.faults = { ...this.faults, ...rest };
    if (seed !== undefined || rest.error_rate !== undefined) this.random = mulberry32(seed ?? 42);
    return this.faults;
  }

  // ---- facilities -------------------------------------------------------------------------

  /** Adds a facility, or replaces its login and name (its stock and reservations stay). */
  putHotel(c: HotelCredentials): Hotel {
    const existing = this.hotels.get(c.hotelId);
    if (existing) {
      existing.loginId = c.loginId;
      existing.password = c.password;
      existing.name = c.name;
      return existing;
    }
    const hotel: Hotel = {
      ...c,
      rooms: new Map(),
      plans: new Map(),
      reservations: new Map(),
      revisions: new Map(),
      revisionList: [],
      unacked: new Map(),
    };
    this.hotels.set(c.hotelId, hotel);
    return hotel;
  }

  hotel(hotelId: string): Hotel {
    const h = this.hotels.get(hotelId);
    if (!h) throw notFound(`hotel ${hotelId}`);
    return h;
  }

  // ---- stats ------------------------------------------------------------------------------

  count(hotelId: string, kind: string): void {
    const s = this.statsOf(hotelId);
    s.calls[kind] = (s.calls[kind] ?? 0) + 1;
  }

  countRateLimited(hotelId: string): void {
    this.statsOf(hotelId).rate_limited++;
  }

  private statsOf(hotelId: string): HotelStats {
    let s = this.stats.get(hotelId);
    if (!s) {
      s = { calls: {}, rate_limited: 0 };
      this.stats.set(hotelId, s);
    }
    return s;
  }

  statsFor(hotelId?: string): HotelStats {
    const out: HotelStats = { calls: {}, rate_limited: 0 };
    for (const [id, s] of this.stats) {
      if (hotelId !== undefined && id !== hotelId) continue;
      for (const [k, v] of Object.entries(s.calls)) out.calls[k] = (out.calls[k] ?? 0) + v;
      out.rate_limited += s.rate_limited;
    }
    return out;
  }

  // ---- pushes -----------------------------------------------------------------------------

  private roomOrCreate(hotel: Hotel, code: string): Room {
    let room = hotel.rooms.get(code);
    if (!room) {
      room = { code, nights: new Map() };
      hotel.rooms.set(code, room);
    }
    return room;
  }

  pushAvailability(hotel: Hotel, values: AvailabilityValue[]): number {
    let accepted = 0;
    for (const v of values) {
      const room = this.roomOrCreate(hotel, v.room_code);
      for (const d of datesBetween(v.date_from, v.date_to)) {
        room.nights.set(d, v.availability);
        accepted++;
      }
    }
    return accepted;
  }

  pushRestrictions(hotel: Hotel, values: RestrictionValue[]): number {
    let accepted = 0;
    for (const v of values) {
      this.roomOrCreate(hotel, v.room_code);
      let plan = hotel.plans.get(v.plan_code);
      if (!plan) {
        plan = { code: v.plan_code, roomCode: v.room_code, nights: new Map() };
        hotel.plans.set(v.plan_code, plan);
      } else {
        plan.roomCode = v.room_code;
      }
      for (const d of datesBetween(v.date_from, v.date_to)) {
        const night = plan.nights.get(d) ?? {};
        if (v.rate !== undefined) night.rate = v.rate;
        if (v.stop_sell !== undefined) night.stopSell = v.stop_sell;
        plan.nights.set(d, night);
        accepted++;
      }
    }
    return accepted;
  }

  // ---- reads ------------------------------------------------------------------------------

  readAvailability(
    hotel: Hotel,
    roomCode: string,
    from: string,
    to: string,
    planCode?: string,
  ): { date: string; availability: number | null; stop_sell: boolean }[] {
    const room = hotel.rooms.get(roomCode);
    if (!room) throw notFound(`room_code ${roomCode}`);
    let plans: Plan[];
    if (planCode !== undefined) {
      const plan = hotel.plans.get(planCode);
      if (!plan || plan.roomCode !== roomCode) throw notFound(`plan_code ${planCode}`);
      plans = [plan];
    } else {
      plans = [...hotel.plans.values()].filter((p) => p.roomCode === roomCode);
    }
    return datesBetween(from, to).map((date) => ({
      date,
      availability: room.nights.get(date) ?? null,
      stop_sell: plans.length > 0 && plans.every((p) => p.nights.get(date)?.stopSell === true),
    }));
  }

  /** The site's per-day code of a plan for a month: 0 not on sale, 1 on sale, 2 at most 2 left, 3 never set. */
  statusCodes(hotel: Hotel, planCode: string, year: number, month: number): number[] {
    const plan = hotel.plans.get(planCode);
    if (!plan) throw notFound(`plan_code ${planCode}`);
    const room = hotel.rooms.get(plan.roomCode);
    return daysInMonth(year, month).map((date) => {
      if (plan.nights.get(date)?.stopSell === true) return 0;
      const a = room?.nights.get(date);
      if (a === undefined) return 3;
      if (a <= 0) return 0;
      if (a <= 2) return 2;
      return 1;
    });
  }

  inventory(hotel: Hotel, roomCode: string, from: string, to: string): { date: string; stock: number }[] {
    const room = hotel.rooms.get(roomCode);
    if (!room) throw notFound(`room_code ${roomCode}`);
    return datesBetween(from, to).map((date) => ({ date, stock: room.nights.get(date) ?? 0 }));
  }

  // ---- revisions --------------------------------------------------------------------------

  feed(hotel: Hotel): Revision[] {
    let page: Revision[];
    if (this.faults.out_of_order) {
      page = [...hotel.unacked.values()].reverse().slice(0, FEED_PAGE);
    } else {
      page = [];
      for (const r of hotel.unacked.values()) {
        if (page.length >= FEED_PAGE) break;
        page.push(r);
      }
    }
    return this.faults.duplicate_revisions ? [...page, ...page] : page;
  }

  ack(hotel: Hotel, revisionId: string): void {
    const rev = hotel.revisions.get(revisionId);
    if (!rev) throw notFound(`revision ${revisionId}`);
    rev.acked = true;
    hotel.unacked.delete(revisionId);
  }

  /** Every revision (of one facility, or all) is served again as unacknowledged. */
  replay(hotelId?: string): number {
    let n = 0;
    for (const hotel of this.hotels.values()) {
      if (hotelId !== undefined && hotel.hotelId !== hotelId) continue;
      hotel.unacked.clear();
      for (const r of hotel.revisionList) {
        r.acked = false;
        hotel.unacked.set(r.id, r);
        n++;
      }
    }
    return n;
  }

  bookingsSince(hotel: Hotel, updatedFrom?: number): Reservation[] {
    const out: Reservation[] = [];
    for (const r of hotel.reservations.values()) {
      if (updatedFrom === undefined || Date.parse(r.updatedAt) >= updatedFrom) out.push(r);
    }
    return out.sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0));
  }

  private addRevision(hotel: Hotel, res: Reservation, status: RevisionStatus, origin: RevisionOrigin): Revision {
    const now = this.now();
    res.seq += 1;
    res.updatedAt = now;
    const rev: Revision = {
      id: `${res.reservationId}-${res.seq}`,
      reservationId: res.reservationId,
      seq: res.seq,
      status,
      ...pickFields(res),
      insertedAt: now,
      origin,
      acked: false,
    };
    res.latest = rev;
    hotel.revisions.set(rev.id, rev);
    hotel.revisionList.push(rev);
    hotel.unacked.set(rev.id, rev);
    return rev;
  }

  // ---- reservations -----------------------------------------------------------------------

  private planOn(hotel: Hotel, roomCode: string, planCode: string): { room: Room; plan: Plan } {
    const room = hotel.rooms.get(roomCode);
    if (!room) throw notFound(`room_code ${roomCode}`);
    const plan = hotel.plans.get(planCode);
    if (!plan || plan.roomCode !== roomCode) throw notFound(`plan_code ${planCode}`);
    return { room, plan };
  }

  private sellable(room: Room, plan: Plan, nights: string[]): boolean {
    return nights.every((d) => (room.nights.get(d) ?? 0) >= 1 && plan.nights.get(d)?.stopSell !== true);
  }

  /** Takes one room from each night (never below 0; a never-set night stays never set). */
  private take(room: Room, nights: string[]): void {
    for (const d of nights) {
      const a = room.nights.get(d);
      if (a !== undefined) room.nights.set(d, Math.max(0, a - 1));
    }
  }

  /** Gives one room back to each night (a never-set night stays never set). */
  private give(room: Room | undefined, nights: string[]): void {
    if (!room) return;
    for (const d of nights) {
      const a = room.nights.get(d);
      if (a !== undefined) room.nights.set(d, a + 1);
    }
  }

  private priceOf(plan: Plan, nights: string[], guests: number): number {
    let sum = 0;
    for (const d of nights) sum += plan.nights.get(d)?.rate ?? 0;
    return sum * guests;
  }

  reservation(hotel: Hotel, reservationId: string): Reservation {
    const r = hotel.reservations.get(reservationId);
    if (!r) throw notFound(`reservation ${reservationId}`);
    return r;
  }

  /** Finds a reservation in any facility (the control API names only the reservation). */
  findReservation(reservationId: string): { hotel: Hotel; res: Reservation } {
    for (const hotel of this.hotels.values()) {
      const res = hotel.reservations.get(reservationId);
      if (res) return { hotel, res };
    }
    throw notFound(`reservation ${reservationId}`);
  }

  guestBook(input: GuestBookingInput): Reservation {
    const hotel = this.hotel(input.hotel_id);
    const { room, plan } = this.planOn(hotel, input.room_code, input.plan_code);
    const nights = nightsOf(input.start_date, input.nights);
    if (!this.sellable(room, plan, nights)) throw new SimError(409, 'sold_out', 'sold out on at least one night');
    this.take(room, nights);
    const reservationId = `IK${String(this.nextReservationNumber++ % 100_000_000).padStart(8, '0')}`;
    const res = {
      reservationId,
      hotelId: hotel.hotelId,
      status: 'booked',
      seq: 0,
      updatedAt: this.now(),
      room_code: input.room_code,
      plan_code: input.plan_code,
      start_date: input.start_date,
      nights: input.nights,
      guests: input.guests,
      name: input.name,
      mail: input.mail ?? '',
      amount: input.amount ?? this.priceOf(plan, nights, input.guests),
    } as Reservation;
    hotel.reservations.set(reservationId, res);
    this.addRevision(hotel, res, 'new', 'guest');
    return res;
  }

  /** The guest changes a reservation on the site: needs stock on the new nights; the amount is repriced unless given. */
  guestChange(reservationId: string, change: ReservationChange): Reservation {
    const { hotel, res } = this.findReservation(reservationId);
    if (res.status === 'cancelled') throw new SimError(409, 'cancelled', 'the reservation is cancelled');
    const next = { ...pickFields(res), ...definedOnly(change) };
    const { room, plan } = this.planOn(hotel, next.room_code, next.plan_code);
    const oldRoom = hotel.rooms.get(res.room_code);
    const oldNights = nightsOf(res.start_date, res.nights);
    const newNights = nightsOf(next.start_date, next.nights);
    this.give(oldRoom, oldNights);
    if (!this.sellable(room, plan, newNights)) {
      if (oldRoom) this.take(oldRoom, oldNights);
      throw new SimError(409, 'sold_out', 'sold out on at least one night');
    }
    this.take(room, newNights);
    if (change.amount === undefined) next.amount = this.priceOf(plan, newNights, next.guests);
    Object.assign(res, next);
    this.addRevision(hotel, res, 'modified', 'guest');
    return res;
  }

  guestCancel(reservationId: string): Reservation {
    const { hotel, res } = this.findReservation(reservationId);
    if (res.status === 'cancelled') return res;
    this.give(hotel.rooms.get(res.room_code), nightsOf(res.start_date, res.nights));
    res.status = 'cancelled';
    this.addRevision(hotel, res, 'cancelled', 'guest');
    return res;
  }

  /**
   * Our change (the hotel's, through the channel API): the site does not refuse it for stock, it
   * moves the rooms (never below 0). A change that changes nothing makes no revision (a retry is
   * harmless).
   */
  hotelChange(hotel: Hotel, reservationId: string, change: ReservationChange): Reservation {
    const res = this.reservation(hotel, reservationId);
    if (res.status === 'cancelled') {
      throw new SimError(409, 'close_booking_error', 'the reservation is cancelled and cannot be changed');
    }
    const next = { ...pickFields(res), ...definedOnly(change) };
    const { room } = this.planOn(hotel, next.room_code, next.plan_code);
    const same = (Object.keys(next) as (keyof ReservationFields)[]).every((k) => next[k] === res[k]);
    if (same) return res;
    const oldNights = nightsOf(res.start_date, res.nights);
    const newNights = nightsOf(next.start_date, next.nights);
    if (next.room_code !== res.room_code || next.start_date !== res.start_date || next.nights !== res.nights) {
      this.give(hotel.rooms.get(res.room_code), oldNights);
      this.take(room, newNights);
    }
    Object.assign(res, next);
    this.addRevision(hotel, res, 'modified', 'hotel');
    return res;
  }

  hotelCancel(hotel: Hotel, reservationId: string): Reservation {
    const res = this.reservation(hotel, reservationId);
    if (res.status === 'cancelled') return res;
    this.give(hotel.rooms.get(res.room_code), nightsOf(res.start_date, res.nights));
    res.status = 'cancelled';
    this.addRevision(hotel, res, 'cancelled', 'hotel');
    return res;
  }
}

function pickFields(r: ReservationFields): ReservationFields {
  return {
    room_code: r.room_code,
    plan_code: r.plan_code,
    start_date: r.start_date,
    nights: r.nights,
    guests: r.guests,
    name: r.name,
    mail: r.mail,
    amount: r.amount,
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---- JSON shapes ----------------------------------------------------------------------------

export function revisionJson(r: Revision): ChannelRevision {
  return {
    id: r.id,
    reservation_id: r.reservationId,
    seq: r.seq,
    status: r.status,
    ...pickFields(r),
    inserted_at: r.insertedAt,
    origin: r.origin,
  };
}

/** A reservation in its latest state: the fields of its latest revision, with revision_id. */
export function bookingJson(r: Reservation): ChannelBooking {
  return {
    reservation_id: r.reservationId,
    revision_id: r.latest.id,
    seq: r.seq,
    status: r.latest.status,
    ...pickFields(r),
    inserted_at: r.latest.insertedAt,
    updated_at: r.updatedAt,
    origin: r.latest.origin,
  };
}
