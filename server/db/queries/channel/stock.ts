import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';
import { idList } from '../ids';

/**
 * Our side of ARI as the database holds it beyond room capacity (occupancy.ts): the nights staff
 * stopped selling on the channel (channel_stop_sells), and the plans' sale periods and prices.
 * Nights are yyyy-MM-dd; ranges take an exclusive end (a check-out day).
 */

/** The stop-sold nights of the room types within [from, toExclusive). */
export function stopSoldRows(tx: Tx, roomIds: readonly number[], from: string, toExclusive: string) {
  return sqlRows<{ room_id: number; night: string }>(
    tx,
    sql`select room_id, to_char(target_date, 'YYYY-MM-DD') as night from channel_stop_sells
        where room_id in (${idList(roomIds)}) and target_date >= ${from}::date and target_date < ${toExclusive}::date`,
  );
}

/** What decides whether a plan sells on a night: active, its sale period, how many days before it closes. */
export function planSaleRows(tx: Tx, planIds: readonly number[]) {
  return sqlRows<{
    id: number;
    is_active: number;
    start_at: string | null;
    end_at: string | null;
    close_date_before: number;
  }>(
    tx,
    sql`select id, is_active, start_at::text as start_at, end_at::text as end_at, close_date_before
        from plans where id in (${idList(planIds)})`,
  );
}

/** The plans' prices of one guest (unit 1) per night within [from, toExclusive). */
export function planPriceRows(tx: Tx, planIds: readonly number[], from: string, toExclusive: string) {
  return sqlRows<{ plan_id: number; night: string; price: number }>(
    tx,
    sql`select plan_id, to_char(target_date, 'YYYY-MM-DD') as night, price from plan_prices
        where plan_id in (${idList(planIds)}) and unit = 1 and target_date >= ${from}::date and target_date < ${toExclusive}::date`,
  );
}

/** Locks the room types (FOR UPDATE, by id): bookings made meanwhile wait for the stop-sell. */
export async function lockRoomTypes(tx: Tx, roomIds: readonly number[]): Promise<void> {
  await tx.execute(sql`select id from rooms where id in (${idList(roomIds)}) order by id for update`);
}

/** Stop-sells the nights not stop-sold yet; answers those it added. */
export function insertStopSells(
  tx: Tx,
  accommodationId: number,
  createdBy: number | null,
  wanted: readonly { roomId: number; night: string }[],
) {
  return sqlRows<{ room_id: number; night: string }>(
    tx,
    sql`insert into channel_stop_sells (room_id, target_date, accommodation_id, created_by)
        select w.room_id, w.night::date, ${accommodationId}, ${createdBy}
        from jsonb_to_recordset(${JSON.stringify(wanted.map((w) => ({ room_id: w.roomId, night: w.night })))}::jsonb)
          as w(room_id int, night text)
        on conflict (room_id, target_date) do nothing
        returning room_id, to_char(target_date, 'YYYY-MM-DD') as night`,
  );
}

/** The names of the facility's room types. */
export function roomNames(tx: Tx, accommodationId: number) {
  return sqlRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from rooms where accommodation_id = ${accommodationId}`,
  );
}

/** Deletes every stop-sell of the facility; answers the nights deleted. */
export function deleteStopSells(tx: Tx, accommodationId: number) {
  return sqlRows<{ room_id: number; night: string }>(
    tx,
    sql`delete from channel_stop_sells where accommodation_id = ${accommodationId}
        returning room_id, to_char(target_date, 'YYYY-MM-DD') as night`,
  );
}
