import type { Tx } from '../../db/client';
import { planPriceRows, planSaleRows, stopSoldRows } from '../../db/queries/channel/stock';
import { bookedNights, roomCapacities } from '../../db/queries/occupancy';
import { addDays, daysBetween } from '../../../contract/dates';

/**
 * Our side of ARI (docs/channel.md): what we would tell the channel per room type and night
 * (availability) and per plan and night (rate, stop-sell). The push (push.ts), the read-back
 * (checks/readback.ts) and the sync check compute from here, so they all agree on what "ours" is.
 * Nights are yyyy-MM-dd; ranges take an exclusive end (a check-out day), as channel_changes do.
 */

/**
 * Rooms left per room type and night: rooms.max_num minus the live bookings (delete_flg 0) of that
 * room type staying that night. Negative when the night is overbooked. Every night of the range
 * has an entry for every room type that exists; channel stop-sells are not folded in (see
 * stopSoldNights).
 */
export async function availabilityByNight(
  tx: Tx,
  roomIds: number[],
  from: string,
  toExclusive: string,
): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  if (roomIds.length === 0 || toExclusive <= from) return out;
  const rooms = await roomCapacities(tx, roomIds);
  const nights = daysBetween(from, toExclusive);
  for (const r of rooms) {
    const perNight = new Map<string, number>();
    for (let i = 0; i < nights; i++) perNight.set(addDays(from, i), r.max_num);
    out.set(r.id, perNight);
  }
  const booked = await bookedNights(tx, roomIds, from, toExclusive);
  for (const b of booked) {
    const perNight = out.get(b.room_id);
    if (!perNight) continue;
    perNight.set(b.night, (perNight.get(b.night) ?? 0) - b.booked);
  }
  return out;
}

/** Nights staff stopped selling on the channel (channel_stop_sells) per room type, within the range. */
export async function stopSoldNights(
  tx: Tx,
  roomIds: number[],
  from: string,
  toExclusive: string,
): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (roomIds.length === 0 || toExclusive <= from) return out;
  const rows = await stopSoldRows(tx, roomIds, from, toExclusive);
  for (const r of rows) {
    let set = out.get(r.room_id);
    if (!set) out.set(r.room_id, (set = new Set()));
    set.add(r.night);
  }
  return out;
}

/**
 * What the channel should sell per room type and night: max(0, rooms left), and 0 on a stop-sold
 * night. What the push sends and the read-back compares with.
 */
export async function channelAvailabilityByNight(
  tx: Tx,
  roomIds: number[],
  from: string,
  toExclusive: string,
): Promise<Map<number, Map<string, number>>> {
  const [avail, stops] = await Promise.all([
    availabilityByNight(tx, roomIds, from, toExclusive),
    stopSoldNights(tx, roomIds, from, toExclusive),
  ]);
  for (const [roomId, perNight] of avail) {
    const stopped = stops.get(roomId);
    for (const [night, n] of perNight) perNight.set(night, stopped?.has(night) ? 0 : Math.max(0, n));
  }
  return avail;
}

export interface PlanNight {
  /** Yen, one guest a night (plan_prices of unit 1); undefined when the night has no price. */
  rate?: number;
  stopSell: boolean;
}

/**
 * A plan's rate and stop-sell per night: the rate is plan_prices of unit 1; the plan is stopped on
 * a night when it is not active, the night is outside start_at/end_at, or the night is closer than
 * close_date_before days from today.
 */
export async function restrictionsByNight(
  tx: Tx,
  planIds: number[],
  from: string,
  toExclusive: string,
  today: string,
): Promise<Map<number, Map<string, PlanNight>>> {
  const out = new Map<number, Map<string, PlanNight>>();
  if (planIds.length === 0 || toExclusive <= from) return out;
  const plans = await planSaleRows(tx, planIds);
  const prices = await planPriceRows(tx, planIds, from, toExclusive);
  const priceOf = new Map<number, Map<string, number>>();
  for (const p of prices) {
    let m = priceOf.get(p.plan_id);
    if (!m) priceOf.set(p.plan_id, (m = new Map()));
    m.set(p.night, p.price);
  }
  const nights = daysBetween(from, toExclusive);
  for (const p of plans) {
    const perNight = new Map<string, PlanNight>();
    const firstOpen = addDays(today, p.close_date_before);
    for (let i = 0; i < nights; i++) {
      const night = addDays(from, i);
      const stopSell =
        p.is_active !== 1 ||
        (p.start_at !== null && night < p.start_at) ||
        (p.end_at !== null && night > p.end_at) ||
        night < firstOpen;
      const rate = priceOf.get(p.id)?.get(night);
      perNight.set(night, rate === undefined ? { stopSell } : { rate, stopSell });
    }
    out.set(p.id, perNight);
  }
  return out;
}
