import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../client';
import { accommodations, bookings, rooms } from '../schema';

/** The accommodation whose calendar feed address is `icalUid` (not its uid: mail template routes use that). */
export async function findAccommodationByIcalUid(tx: Tx, icalUid: string) {
  const [row] = await tx
    .select({ id: accommodations.id, name: accommodations.name })
    .from(accommodations)
    .where(eq(accommodations.icalUid, icalUid));
  return row;
}

/** An accommodation's feed address; with `lock`, its row locked for the rest of the transaction. */
export async function findIcalUid(tx: Tx, accommodationId: number, lock = false) {
  const query = tx
    .select({ icalUid: accommodations.icalUid })
    .from(accommodations)
    .where(eq(accommodations.id, accommodationId));
  const [row] = lock ? await query.for('update') : await query;
  return row?.icalUid;
}

export async function updateIcalUid(tx: Tx, accommodationId: number, icalUid: string) {
  await tx.update(accommodations).set({ icalUid, updatedAt: new Date() }).where(eq(accommodations.id, accommodationId));
}

/** Live (not cancelled) bookings of an accommodation whose stay touches [from, to]. */
export async function listFeedBookings(tx: Tx, accommodationId: number, from: string, to: string) {
  return tx
    .select({
      id: bookings.id,
      uid: bookings.uid,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      roomName: rooms.name,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(
      and(
        eq(bookings.accommodationId, accommodationId),
        eq(bookings.deleteFlg, 0),
        gte(bookings.endDate, from),
        lte(bookings.startDate, to),
      ),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(5000);
}
