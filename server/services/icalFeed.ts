import { createHash } from 'node:crypto';
import ical from 'ical-generator';
import type { Db } from '../db/client';
import { findAccommodationByUid, listFeedBookings } from '../db/queries/icalFeed';
import { addDays, tokyoToday } from '../../contract/dates';

/** A feed address: the accommodation's uid (lower-case letters and digits) and .ics. */
export const FEED_FILE = /^([0-9a-z]{1,64})\.ics$/;

/**
 * An event's UID: stable for a booking in one feed (calendar apps update it in place) but not the
 * booking's uid, whose first characters are the confirmation number guests quote on the phone.
 */
export function feedEventUid(feedUid: string, bookingId: number): string {
  return `${createHash('sha256').update(`${feedUid}:${bookingId}`).digest('hex').slice(0, 32)}@yadoban`;
}

/**
 * The public calendar feed of an accommodation (/ical/{uid}.ics): one all-day event per live
 * booking from 3 months ago to a year ahead. The address is unguessable but public, so events say
 * which room type is taken and the confirmation number, never the guest's name or contact.
 */
export async function buildIcalFeed(db: Db, uid: string, today = tokyoToday()): Promise<string | null> {
  const accommodation = await findAccommodationByUid(db, uid);
  if (!accommodation) return null;
  const rows = await listFeedBookings(db, accommodation.id, addDays(today, -92), addDays(today, 366));
  // No calendar time zone: all-day dates are then written from UTC getters, exact in any process zone.
  const calendar = ical({ name: `${accommodation.name} 予約`, prodId: { company: 'yadoban', product: 'yadoban' } });
  for (const b of rows) {
    calendar.createEvent({
      id: feedEventUid(uid, b.id),
      start: new Date(`${b.startDate}T00:00:00Z`),
      end: new Date(`${b.endDate}T00:00:00Z`),
      allDay: true,
      summary: `${b.roomName} 予約 #${b.uid.slice(0, 3)}`,
      lastModified: b.updatedAt,
    });
  }
  return calendar.toString();
}
