import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';
import { idList } from './ids';

/**
 * A minpaku house's days and report (issue 30): the nights of its stays, live (not cancelled) and
 * not a no-show, night by night.
 */
const LIVE = sql`b.delete_flg = 0 and b.stay_status <> 'no_show'`;

/** The nights from `from` to `to` (not included) with a guest staying, but for `exceptId`'s booking. */
export async function usedNights(tx: Tx, accommodationId: number, from: string, to: string, exceptId: number | null) {
  const rows = await sqlRows<{ night: string }>(
    tx,
    sql`select distinct d::date::text as night
    from bookings b, generate_series(greatest(b.start_date, ${from}::date), least(b.end_date, ${to}::date) - 1,
      interval '1 day') d
    where b.accommodation_id = ${accommodationId} and ${LIVE}
      and b.start_date < ${to}::date and b.end_date > ${from}::date
      ${exceptId === null ? sql`` : sql`and b.id <> ${exceptId}`}`,
  );
  return rows.map((r) => r.night);
}

/** A stay of a report's period: its nights in the period, its headcount and its guests' nationalities. */
export interface ReportStay {
  nights: string[];
  person_number: number;
  nationalities: (string | null)[];
}

/** The statement of reportStays (the scale benchmark times it alone). */
export const reportStaysSql = (accommodationId: number, from: string, to: string) =>
  sql`select b.person_number,
      (select array_agg(d::date::text order by d) from generate_series(greatest(b.start_date, ${from}::date),
        least(b.end_date, ${to}::date) - 1, interval '1 day') d) as nights,
      coalesce((select array_agg(g.nationality order by g.id) from booking_guests g where g.booking_id = b.id),
        '{}') as nationalities
    from bookings b
    where b.accommodation_id = ${accommodationId} and ${LIVE}
      and b.start_date < ${to}::date and b.end_date > ${from}::date`;

export async function reportStays(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<ReportStay>(tx, reportStaysSql(accommodationId, from, to));
}

/** The facility's licence; a minpaku house's row locked (one booking write at a time counts its days). */
export async function lockMinpakuHouse(tx: Tx, accommodationId: number): Promise<boolean> {
  const rows = await sqlRows<{ licence: string }>(
    tx,
    sql`select licence from accommodations where id = ${accommodationId}`,
  );
  if (rows[0]?.licence !== 'minpaku') return false;
  await tx.execute(sql`select 1 from accommodations where id = ${accommodationId} for update`);
  return true;
}

/** The minpaku houses among these facilities, by id. */
export async function minpakuHouses(tx: Tx, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return [];
  return sqlRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from accommodations where licence = 'minpaku' and id in (${idList(accommodationIds)}) order by id`,
  );
}

/** Flags a channel booking that took its minpaku house past 180 days (1), or clears it (0). */
export async function setMinpakuOver(tx: Tx, bookingId: number, flag: 0 | 1): Promise<void> {
  await tx.execute(sql`update bookings set minpaku_over = ${flag} where id = ${bookingId}`);
}

/** The house's bookings flagged past 180 days, with their stays (the flags to check again). */
export async function minpakuOverBookings(tx: Tx, accommodationId: number) {
  return sqlRows<{ id: number; start_date: string; days: number; live: boolean }>(
    tx,
    sql`select b.id, b.start_date::text, b.days, (${LIVE}) as live from bookings b
    where b.accommodation_id = ${accommodationId} and b.minpaku_over = 1 order by b.id`,
  );
}
