import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { GENDERS } from '../../../contract/guestRegister';
import { REFUSAL_GROUNDS } from '../../../contract/refusal';
import { bookings } from './bookings';
import { accommodations, users } from './company';
import { bytea, inList, timestamps, parentId } from './columns';

/**
 * The guest register (宿泊者名簿, issue 30): one row per guest of a booking, the representative
 * first. A booking is never deleted (cancelling keeps it), and its guests are kept with it for the
 * register's three years; contract/guestRegister.ts says which items each guest needs.
 */
export const bookingGuests = pgTable(
  'booking_guests',
  {
    id: serial('id').primaryKey(),
    bookingId: parentId('booking_id', () => bookings.id, 'restrict'),
    /** The booking's representative (代表者); the others are companions (同行者). One per booking. */
    representative: boolean('representative').notNull().default(false),
    name: text('name').notNull(),
    address: text('address'),
    /** A phone number or a mail address (連絡先, 旅館業法施行規則4条の2 since 2023-12-13). */
    contact: text('contact'),
    /** 職業: a minpaku's register item (住宅宿泊事業法施行規則7条). */
    occupation: text('occupation'),
    /** ISO 3166-1 alpha-2 (contract/countries.ts); null while unknown. */
    nationality: text('nationality'),
    residenceCountry: text('residence_country').notNull().default('JP'),
    passportNumber: text('passport_number'),
    sameAsRepresentative: boolean('same_as_representative').notNull().default(false),
    gender: text('gender'),
    age: smallint('age'),
    previousStay: text('previous_stay'),
    nextDestination: text('next_destination'),
    /** yyyy-MM-ddTHH:mm, Tokyo time. */
    arrivalTime: text('arrival_time'),
    departureTime: text('departure_time'),
    room: text('room'),
    ...timestamps,
  },
  (t) => [
    index('booking_guests_booking_idx').on(t.bookingId),
    uniqueIndex('booking_guests_one_representative')
      .on(t.bookingId)
      .where(sql`${t.representative}`),
    check('booking_guests_name_present', sql`length(${t.name}) between 1 and 100`),
    check('booking_guests_nationality_code', sql`${t.nationality} ~ '^[A-Z]{2}$'`),
    check('booking_guests_residence_code', sql`${t.residenceCountry} ~ '^[A-Z]{2}$'`),
    check('booking_guests_passport_number', sql`${t.passportNumber} ~ '^[A-Z0-9]{6,20}$'`),
    check('booking_guests_gender_valid', inList(t.gender, GENDERS)),
    check('booking_guests_age_range', sql`${t.age} between 0 and 130`),
    check(
      'booking_guests_times',
      sql`${t.arrivalTime} ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' and ${t.departureTime} ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$'`,
    ),
  ],
);

/**
 * The copy of a guest's passport (旅券の写し) that the facility keeps with the register: one per
 * guest, its type judged by its content (JPEG, PNG or PDF), at most 5,000,000 bytes. It goes with
 * its guest; it is served only to the users of the guest's facility, never cached, and every view
 * leaves an audit row.
 */
export const bookingGuestPassports = pgTable(
  'booking_guest_passports',
  {
    guestId: integer('guest_id')
      .primaryKey()
      .references(() => bookingGuests.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    mediaType: text('media_type').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('booking_guest_passports_type', inList(t.mediaType, ['image/jpeg', 'image/png', 'application/pdf'])),
    check('booking_guest_passports_size', sql`octet_length(${t.content}) between 1 and 5000000`),
  ],
);

/**
 * A link to a booking's pre-check-in page (/checkin/{token}): the guest fills the register before
 * arriving. The token itself (128 random bits or more) is handed out once and never kept: the row
 * keeps its SHA-256, so the table read alone opens no page. Valid until the end of the check-out day
 * (Tokyo); a booking may have several (each mail sent with {{book.checkin_url}} makes one).
 */
export const checkinLinks = pgTable(
  'checkin_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: parentId('booking_id', () => bookings.id, 'cascade'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the guest last sent the register through this link. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('checkin_links_booking_idx').on(t.bookingId),
    index('checkin_links_expires_idx').on(t.expiresAt),
    check('checkin_links_hash_shape', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The refusal log (宿泊拒否の記録, 旅館業法5条): when a facility refused a guest, on which of the law's
 * grounds, the facts, and the staff member who recorded it, named as then (the account may go).
 * Kept three years from the refusal; corrections leave audit rows.
 */
export const refusals = pgTable(
  'refusals',
  {
    id: serial('id').primaryKey(),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id),
    /** yyyy-MM-ddTHH:mm, Tokyo time, as the staff member gave it. */
    refusedAt: text('refused_at').notNull(),
    guestName: text('guest_name').notNull(),
    ground: text('ground').notNull(),
    facts: text('facts').notNull(),
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refusals_accommodation_idx').on(t.accommodationId, t.refusedAt),
    check('refusals_ground_valid', inList(t.ground, REFUSAL_GROUNDS)),
    check('refusals_refused_at_shape', sql`${t.refusedAt} ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$'`),
  ],
);
