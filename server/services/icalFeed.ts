import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import type { Db } from '../db/client';
import { findAccommodationByIcalUid, findIcalUid, listFeedBookings, updateIcalUid } from '../db/queries/icalFeed';
import { icalFeedPath, type IcalFeed } from '../../contract/icalFeed';
import { notFound } from '../errors';
import { assertAccommodation } from './access';
import { audit } from './audit';
import type { CurrentUser } from './auth';
import { addDays, tokyoToday } from '../../contract/dates';

/**
 * A feed address: the accommodation's ical_uid (lower-case letters and digits: 64 hex digits from a
 * regenerate, or an older uid kept by migration 0016) and .ics.
 */
export const FEED_FILE = /^([0-9a-z]{1,64})\.ics$/;

/**
 * An event's UID: stable for a booking in one feed (calendar apps update it in place) but not the
 * booking's uid, whose first characters are the confirmation number guests quote on the phone.
 * Derived from the feed address, so a regenerated address gives every event a new UID: a calendar
 * app subscribes to the new address as a new calendar anyway, and nothing links the events of a
 * leaked old feed to the new one (docs/decisions.md "The calendar feed's address").
 */
export function feedEventUid(feedUid: string, bookingId: number): string {
  return `${createHash('sha256').update(`${feedUid}:${bookingId}`).digest('hex').slice(0, 32)}@yadoban`;
}

/**
 * The public calendar feed of an accommodation (/ical/{ical_uid}.ics): one all-day event per live
 * booking from 3 months ago to a year ahead. The address is unguessable but public, so events say
 * which room type is taken and the confirmation number, never the guest's name or contact.
 */
export async function buildIcalFeed(db: Db, uid: string, today = tokyoToday()): Promise<string | null> {
  const accommodation = await findAccommodationByIcalUid(db, uid);
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

/** A new feed address: 256 random bits as 64 lower-case hex digits (FEED_FILE accepts it). */
export function newFeedUid(): string {
  return randomBytes(32).toString('hex');
}

/** `sha256:` and 8 hex digits: tells two addresses apart in the audit log without revealing them. */
export function fingerprint(uid: string): string {
  return `sha256:${createHash('sha256').update(uid).digest('hex').slice(0, 8)}`;
}

/** The whole address of a feed from the caller's origin (`https://host`). */
export function feedAddress(origin: string, uid: string): IcalFeed {
  return { uid, url: `${origin}${icalFeedPath(uid)}` };
}

/**
 * A facility's calendar feed address (GET /facility/{id}/ical, anyone who reaches the facility) and
 * its regenerate (POST /facility/{id}/ical/regenerate, administrators: the route says so): a new
 * address of 256 random bits; the old one answers 404 from the next request on (the feed is never
 * cached). The regenerate leaves an audit row (target accommodation, change ical_uid) that holds
 * fingerprints of the old and new addresses, never the secret addresses themselves.
 */
export class IcalFeedService {
  constructor(private readonly db: Db) {}

  async get(user: CurrentUser, accommodationId: number, origin: string): Promise<IcalFeed> {
    assertAccommodation(user, accommodationId);
    const uid = await findIcalUid(this.db, accommodationId);
    if (uid === undefined) throw notFound();
    return feedAddress(origin, uid);
  }

  async regenerate(user: CurrentUser, accommodationId: number, origin: string): Promise<IcalFeed> {
    assertAccommodation(user, accommodationId);
    const uid = newFeedUid();
    await this.db.transaction(async (tx) => {
      const before = await findIcalUid(tx, accommodationId, true);
      if (before === undefined) throw notFound();
      await updateIcalUid(tx, accommodationId, uid);
      await audit(tx, user, {
        action: 'update',
        target: 'accommodation',
        targetId: accommodationId,
        accommodationId,
        changes: { ical_uid: { from: fingerprint(before), to: fingerprint(uid) } },
      });
    });
    return feedAddress(origin, uid);
  }
}
