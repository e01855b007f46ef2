import { sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';

/**
 * Room capacity, the one home of counting bookings against rooms.max_num (issue 29); the console's
 * side of the same rule is contract/calendarDay.ts (staysOn, isOverbooked).
 * - A booking occupies its room type on night d when it is live (delete_flg 0) and
 *   start_date <= d < end_date (check-in day up to, not including, the check-out day).
 * - A room type is full on a night when the bookings occupying it reach max_num, and overbooked
 *   when they pass it.
 * Two ways to count, each built here once: per night of a series (`occupies`: the nights of one
 * stay, one night of many room types), and per booking over its nights in a range (`bookedNights`:
 * many nights of a few room types, reading only the bookings that overlap the range).
 */

/** Booking `b` (a table alias) occupies its room type on `night` (a date expression). */
export const occupies = (b: SQL, night: SQL): SQL =>
  sql`${b}.delete_flg = 0 and ${b}.start_date <= ${night} and ${b}.end_date > ${night}`;

/** The live bookings of room type `room` (an expression) on `night`, other than `except`. */
export const bookedOn = (room: SQL, night: SQL, exceptBookingId: number | null = null): SQL =>
  sql`(select count(*)::int from bookings b where b.room_id = ${room} and ${occupies(sql`b`, night)}
       ${exceptBookingId === null ? sql`` : sql`and b.id <> ${exceptBookingId}`})`;

/** Full: the bookings reach the rooms (one more would not fit). Over: they pass them. */
const crowded = { full: sql`>=`, over: sql`>` } as const;

/**
 * Nights of [start, start + days) on which the room type is full (`full`, leaving out the booking
 * being moved) or overbooked (`over`), as yyyy-MM-dd, in order.
 */
export function crowdedNightsSql(
  roomId: number,
  startDate: string,
  days: number,
  level: keyof typeof crowded,
  exceptBookingId: number | null = null,
): SQL {
  return sql`
    select d::date::text as night
    from generate_series(${startDate}::date, ${startDate}::date + ${days - 1}::int, interval '1 day') d
    join rooms r on r.id = ${roomId}
    where ${bookedOn(sql`r.id`, sql`d::date`, exceptBookingId)} ${crowded[level]} r.max_num
    order by d`;
}

export async function crowdedNights(
  tx: Tx,
  roomId: number,
  startDate: string,
  days: number,
  level: keyof typeof crowded,
  exceptBookingId: number | null = null,
): Promise<string[]> {
  const rows = await sqlRows<{ night: string }>(tx, crowdedNightsSql(roomId, startDate, days, level, exceptBookingId));
  return rows.map((r) => r.night);
}

/** A condition on `bookings o`: some night of its stay holds more live bookings than its room type's rooms. */
export const overbookedSomeNight = (o: SQL): SQL => sql`exists (
  select 1 from generate_series(${o}.start_date, ${o}.end_date - 1, interval '1 day') d
  join rooms r on r.id = ${o}.room_id
  where ${bookedOn(sql`${o}.room_id`, sql`d::date`)} ${crowded.over} r.max_num)`;

/**
 * Live bookings per room type and night from `from` (up to `toExclusive` when given), nights that
 * hold none left out: rows (room_id, night yyyy-MM-dd, booked).
 */
export function bookedNightsSql(roomIds: readonly number[], from: string, toExclusive: string | null): SQL {
  const ids = sql.join(
    roomIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const last = toExclusive === null ? sql`b.end_date - 1` : sql`least(b.end_date, ${toExclusive}::date) - 1`;
  return sql`
    select b.room_id, d::date::text as night, count(*)::int as booked
    from bookings b, generate_series(greatest(b.start_date, ${from}::date), ${last}, interval '1 day') d
    where b.room_id in (${ids}) and b.delete_flg = 0 and b.end_date > ${from}::date
      ${toExclusive === null ? sql`` : sql`and b.start_date < ${toExclusive}::date`}
    group by b.room_id, d`;
}

export function bookedNights(tx: Tx, roomIds: readonly number[], from: string, toExclusive: string | null) {
  if (roomIds.length === 0) return Promise.resolve([]);
  return sqlRows<{ room_id: number; night: string; booked: number }>(tx, bookedNightsSql(roomIds, from, toExclusive));
}

/** The rooms (max_num) of each room type. */
export function roomCapacities(tx: Tx, roomIds: readonly number[]) {
  if (roomIds.length === 0) return Promise.resolve([]);
  return sqlRows<{ id: number; max_num: number }>(
    tx,
    sql`select id, max_num from rooms where id in (${sql.join(
      roomIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
