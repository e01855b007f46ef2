import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';

/** Our changes of a booking going to the channel (server/channel/outbound/bookSync.ts): what it reads and marks. */

/** A booking as its sync reads it. */
export interface SyncBooking {
  id: number;
  accommodation_id: number;
  uid: string;
  via: number;
  sync: number;
  external_id: string | null;
  room_id: number;
  plan_id: number | null;
  start_date: string;
  end_date: string;
  days: number;
  person_number: number;
  name: string;
  delete_flg: number;
}

/** The booking; undefined when there is none. */
export async function findSyncBooking(tx: Tx, id: number): Promise<SyncBooking | undefined> {
  const [row] = await sqlRows<SyncBooking>(
    tx,
    sql`select b.id, b.accommodation_id, b.uid, b.via, b.sync, b.external_id, b.room_id, b.plan_id,
          b.start_date::text as start_date, b.end_date::text as end_date, b.days, b.person_number, b.name, b.delete_flg
        from bookings b where b.id = ${id}`,
  );
  return row;
}

/**
 * Marks the booking synced (and the site's seq when given) only if it is still what was sent;
 * false when a change made meanwhile left it as it was.
 */
export async function markBookingSynced(tx: Tx, booking: SyncBooking, externalSeq: number | null): Promise<boolean> {
  const updated = await sqlRows<{ id: number }>(
    tx,
    sql`update bookings set sync = 1, external_seq = coalesce(${externalSeq}::int, external_seq), updated_at = now()
        where id = ${booking.id} and room_id = ${booking.room_id} and plan_id is not distinct from ${booking.plan_id}
          and start_date = ${booking.start_date}::date and end_date = ${booking.end_date}::date
          and person_number = ${booking.person_number} and name = ${booking.name} and delete_flg = ${booking.delete_flg}
        returning id`,
  );
  return updated.length > 0;
}

/** The facility's unsynced channel bookings (via 1, sync 0), oldest first, at most `limit`. */
export async function unsyncedChannelBookings(tx: Tx, accommodationId: number, limit: number): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from bookings where accommodation_id = ${accommodationId} and via = 1 and sync = 0
        order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
