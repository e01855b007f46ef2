import { sql } from 'drizzle-orm';
import { VIA } from '../../../../contract/enums';
import { sqlRows, type Tx } from '../../client';
import type { StayRow } from '../bookings';
import { overbookedSomeNight } from '../occupancy';

/**
 * Bookings in (server/channel/inbound/apply.ts): the revisions applied (channel_revisions, keyed by facility
 * and revision id) and the channel's writes of its bookings (external_id, external_seq, sync,
 * overbooked), all in the transaction of one revision.
 */

/**
 * Marks the transaction as the channel's own change: the trigger of migration 0014 keeps sync as
 * it is set.
 */
export async function markChannelApply(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('yadoban.channel_apply', 'on', true)`);
}

/** Records the revision as applied; false when it was applied already (a duplicate). */
export async function recordRevision(
  tx: Tx,
  accommodationId: number,
  rev: { id: string; reservation_id: string; seq: number },
): Promise<boolean> {
  const fresh = await sqlRows<{ revision_id: string }>(
    tx,
    sql`
    insert into channel_revisions (accommodation_id, revision_id, reservation_id, seq)
    values (${accommodationId}, ${rev.id}, ${rev.reservation_id}, ${rev.seq})
    on conflict do nothing returning revision_id`,
  );
  return fresh.length > 0;
}

/** A channel booking's stay with what the channel's writes read. */
export type ChannelStay = StayRow & {
  external_seq: number | null;
  overbooked: number;
  sync: number;
  end_date: string;
};

/** The facility's booking of the reservation, locked (FOR UPDATE); undefined when there is none yet. */
export async function lockChannelBooking(
  tx: Tx,
  accommodationId: number,
  reservationId: string,
): Promise<ChannelStay | undefined> {
  const rows = await sqlRows<ChannelStay>(
    tx,
    sql`
    select id, accommodation_id, room_id, plan_id, start_date::text as start_date, end_date::text as end_date,
           days, person_number, price_sub, delete_flg, name, mail, tel, address, job, mini_memo, memo,
           payment_limit_date::text as payment_limit_date, cancel_fee, external_seq, overbooked, sync
    from bookings where accommodation_id = ${accommodationId} and external_id = ${reservationId} for update`,
  );
  return rows[0];
}

/** The company of the facility. */
export async function companyOfAccommodation(tx: Tx, accommodationId: number): Promise<number> {
  const rows = await sqlRows<{ company_id: number }>(
    tx,
    sql`select company_id from accommodations where id = ${accommodationId}`,
  );
  return rows[0]!.company_id;
}

/**
 * After a stay left nights of a room type (a cancel, a move): the other bookings flagged overbooked
 * there that now fit every night lose the flag.
 */
export async function clearResolvedOverbookings(tx: Tx, roomId: number, startDate: string, endDate: string) {
  await tx.execute(sql`
    update bookings o set overbooked = 0, updated_at = now()
    where o.room_id = ${roomId} and o.overbooked = 1 and o.delete_flg = 0
      and o.start_date < ${endDate}::date and o.end_date > ${startDate}::date
      and not ${overbookedSomeNight(sql`o`)}`);
}

/** A reservation seen for the first time, as its booking is inserted. */
export interface NewChannelBooking {
  accommodationId: number;
  roomId: number;
  planId: number | null;
  name: string;
  mail: string | null;
  startDate: string;
  nights: number;
  guests: number;
  amount: number;
  uid: string;
  reservationId: string;
  seq: number;
  /** Cancelled on the site before we saw it: inserted cancelled at this instant. */
  cancelledAt: Date | null;
}

/** Inserts the booking; undefined when another process inserted the reservation first. */
export async function insertChannelBooking(tx: Tx, b: NewChannelBooking): Promise<number | undefined> {
  const cancelled = b.cancelledAt !== null;
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`
    insert into bookings (accommodation_id, room_id, plan_id, name, mail, start_date, end_date, days,
      person_number, price, price_sub, uid, via, external_id, external_seq, sync, delete_flg, deleted_at)
    values (${b.accommodationId}, ${b.roomId}, ${b.planId}, ${b.name}, ${b.mail}, ${b.startDate}::date,
      ${b.startDate}::date + ${b.nights}::int, ${b.nights}, ${b.guests}, 0, ${b.amount}, ${b.uid},
      ${VIA.channel}, ${b.reservationId}, ${b.seq}, 1, ${cancelled ? 1 : 0},
      ${b.cancelledAt ? b.cancelledAt.toISOString() : null}::timestamptz)
    on conflict (accommodation_id, external_id) do nothing
    returning id`,
  );
  return rows[0]?.id;
}

/** Flags the booking overbooked (1) or not (0). */
export async function setOverbooked(tx: Tx, bookingId: number, overbooked: number): Promise<void> {
  await tx.execute(sql`update bookings set overbooked = ${overbooked} where id = ${bookingId}`);
}

/** Moves the booking's external_seq only (our own change coming back). */
export async function setExternalSeq(tx: Tx, bookingId: number, seq: number): Promise<void> {
  await tx.execute(sql`update bookings set external_seq = ${seq} where id = ${bookingId}`);
}

/** The site's cancel of a booking cancelled here already: both sides agree, it is synced. */
export async function markCancelSynced(tx: Tx, bookingId: number, seq: number): Promise<void> {
  await tx.execute(sql`update bookings set external_seq = ${seq}, sync = 1 where id = ${bookingId}`);
}

/** The site's cancel applied: not overbooked any more, synced at the revision's seq. */
export async function markChannelCancelled(tx: Tx, bookingId: number, seq: number): Promise<void> {
  await tx.execute(sql`
    update bookings set overbooked = 0, external_seq = ${seq}, sync = 1 where id = ${bookingId}`);
}

/** The site's change of a reservation, as its booking is updated. */
export interface ChannelBookingChange {
  roomId: number;
  planId: number | null;
  startDate: string;
  nights: number;
  guests: number;
  name: string;
  amount: number;
  seq: number;
  sync: number;
}

/** Writes the site's change over the booking. */
export async function updateChannelBooking(tx: Tx, bookingId: number, c: ChannelBookingChange): Promise<void> {
  await tx.execute(sql`
    update bookings set room_id = ${c.roomId}, plan_id = ${c.planId}, start_date = ${c.startDate}::date,
      end_date = ${c.startDate}::date + ${c.nights}::int, days = ${c.nights}, person_number = ${c.guests},
      name = ${c.name}, price_sub = ${c.amount}, external_seq = ${c.seq},
      sync = ${c.sync}, updated_at = now()
    where id = ${bookingId}`);
}
