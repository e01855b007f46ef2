import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../client';
import { accommodations, bookings, rooms } from '../schema';

export async function findAccommodationByUid(tx: Tx, uid: string) {
  const [row] = await tx
    .select({ id: accommodations.id, name: accommodations.name })
    .from(accommodations)
    .where(eq(accommodations.uid, uid));
  return row;
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
