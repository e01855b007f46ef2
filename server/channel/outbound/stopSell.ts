import { addDays, tokyoToday } from '../../../contract/dates';
import { STOP_SELL_DAYS, STOP_SELL_MAX_LEFT, type StopSellResult } from '../../../contract/syncHealth';
import type { Tx } from '../../db/client';
import { deleteStopSells, insertStopSells, lockRoomTypes, roomNames } from '../../db/queries/channel/stock';
import { audit, type AuditUser } from '../../services/audit';
import { loadMapping } from '../wire/mapping';
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
  await lockRoomTypes(tx, roomIds);
  const today = tokyoToday(now);
  const left = await availabilityByNight(tx, roomIds, today, addDays(today, STOP_SELL_DAYS));
  const wanted: { roomId: number; night: string }[] = [];
  for (const [roomId, perNight] of left) {
    for (const [night, n] of perNight) if (n <= STOP_SELL_MAX_LEFT) wanted.push({ roomId, night });
  }
  if (wanted.length === 0) return { nights: 0, rooms: [] };

  const inserted = await insertStopSells(tx, accommodationId, user.id, wanted);
  const names = await roomNames(tx, accommodationId);
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
  const removed = await deleteStopSells(tx, accommodationId);
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
