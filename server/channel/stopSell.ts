import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { STOP_SELL_DAYS, STOP_SELL_MAX_LEFT, type StopSellResult } from '../../contract/syncHealth';
import { sqlRows, type Tx } from '../db/client';
import { audit, type AuditUser } from '../services/audit';
import { loadMapping } from './mapping';
import { availabilityByNight } from './ourStock';

/**
 * Staff's emergency stop-sell (the stale warning's one click): while sync is stopped the site keeps
 * selling from its own copy of our stock, so every mapped room type's nights from today for
 * STOP_SELL_DAYS with at most STOP_SELL_MAX_LEFT rooms left are stop-sold on the channel
 * (channel_stop_sells; the push sends availability 0 for them). The triggers of migration 0014
 * queue the pushes in the same transaction. The caller has checked the user reaches the facility.
 */
export async function stopSellLowStock(
  tx: Tx,
  user: AuditUser,
  accommodationId: number,
  now: Date,
): Promise<StopSellResult> {
  const mapping = await loadMapping(tx, accommodationId);
  if (mapping.rooms.length === 0) return { nights: 0, rooms: [] };
  const roomIds = mapping.rooms.map((r) => r.id);
  // Bookings made meanwhile wait for this: the nights read are the nights stop-sold.
  await tx.execute(
    sql`select id from rooms where id in (${sql.join(
      roomIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
  const today = tokyoToday(now);
  const left = await availabilityByNight(tx, roomIds, today, addDays(today, STOP_SELL_DAYS));
  const wanted: { roomId: number; night: string }[] = [];
  for (const [roomId, perNight] of left) {
    for (const [night, n] of perNight) if (n <= STOP_SELL_MAX_LEFT) wanted.push({ roomId, night });
  }
  if (wanted.length === 0) return { nights: 0, rooms: [] };

  const inserted = await sqlRows<{ room_id: number; night: string }>(
    tx,
    sql`insert into channel_stop_sells (room_id, target_date, accommodation_id, created_by)
        select w.room_id, w.night::date, ${accommodationId}, ${user.id}
        from jsonb_to_recordset(${JSON.stringify(wanted.map((w) => ({ room_id: w.roomId, night: w.night })))}::jsonb)
          as w(room_id int, night text)
        on conflict (room_id, target_date) do nothing
        returning room_id, to_char(target_date, 'YYYY-MM-DD') as night`,
  );
  const names = await sqlRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from rooms where accommodation_id = ${accommodationId}`,
  );
  const nameOf = new Map(names.map((r) => [r.id, r.name]));
  const byRoom = new Map<number, string[]>();
  for (const row of inserted) {
    const dates = byRoom.get(row.room_id) ?? [];
    dates.push(row.night);
    byRoom.set(row.room_id, dates);
  }
  const rooms = [...byRoom.entries()]
    .sort(([a], [b]) => a - b)
    .map(([roomId, dates]) => ({ room_id: roomId, room_name: nameOf.get(roomId) ?? '', dates: dates.sort() }));
  if (inserted.length > 0) {
    await audit(tx, user, {
      action: 'create',
      target: 'channel_stop_sell',
      targetId: accommodationId,
      accommodationId,
      changes: Object.fromEntries(rooms.map((r) => [`room/${r.room_id}`, { from: null, to: r.dates }])),
    });
  }
  return { nights: inserted.length, rooms };
}

/** Lifts every stop-sell of the facility (the push sends our availability again); answers how many nights. */
export async function liftStopSells(tx: Tx, user: AuditUser, accommodationId: number): Promise<number> {
  const removed = await sqlRows<{ room_id: number; night: string }>(
    tx,
    sql`delete from channel_stop_sells where accommodation_id = ${accommodationId}
        returning room_id, to_char(target_date, 'YYYY-MM-DD') as night`,
  );
  if (removed.length > 0) {
    const byRoom = new Map<number, string[]>();
    for (const row of removed) byRoom.set(row.room_id, [...(byRoom.get(row.room_id) ?? []), row.night]);
    await audit(tx, user, {
      action: 'delete',
      target: 'channel_stop_sell',
      targetId: accommodationId,
      accommodationId,
      changes: Object.fromEntries(
        [...byRoom.entries()].map(([roomId, dates]) => [`room/${roomId}`, { from: dates.sort(), to: null }]),
      ),
    });
  }
  return removed.length;
}
