import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
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
export const bookingGuests = pg.pgTable(
  'booking_guests',
  {
    id: pg.serial('id').primaryKey(),
    bookingId: parentId('booking_id', () => bookings.id, 'restrict'),
    /** The booking's representative (代表者); the others are companions (同行者). One per booking. */
    representative: pg.boolean('representative').notNull().default(false),
    name: pg.text('name').notNull(),
    address: pg.text('address'),
    /** A phone number or a mail address (連絡先, 旅館業法施行規則4条の2 since 2023-12-13). */
    contact: pg.text('contact'),
    /** 職業: a minpaku's register item (住宅宿泊事業法施行規則7条). */
    occupation: pg.text('occupation'),
    /** ISO 3166-1 alpha-2 (contract/countries.ts); null while unknown. */
    nationality: pg.text('nationality'),
    residenceCountry: pg.text('residence_country').notNull().default('JP'),
    passportNumber: pg.text('passport_number'),
    sameAsRepresentative: pg.boolean('same_as_representative').notNull().default(false),
    gender: pg.text('gender'),
    age: pg.smallint('age'),
    previousStay: pg.text('previous_stay'),
    nextDestination: pg.text('next_destination'),
    /** yyyy-MM-ddTHH:mm, Tokyo time. */
    arrivalTime: pg.text('arrival_time'),
    departureTime: pg.text('departure_time'),
    room: pg.text('room'),
    ...timestamps,
  },
  (t) => [
    pg.index('booking_guests_booking_idx').on(t.bookingId),
    pg
      .uniqueIndex('booking_guests_one_representative')
      .on(t.bookingId)
      .where(sql`${t.representative}`),
    pg.check('booking_guests_name_present', sql`length(${t.name}) between 1 and 100`),
    pg.check('booking_guests_nationality_code', sql`${t.nationality} ~ '^[A-Z]{2}$'`),
    pg.check('booking_guests_residence_code', sql`${t.residenceCountry} ~ '^[A-Z]{2}$'`),
    pg.check('booking_guests_passport_number', sql`${t.passportNumber} ~ '^[A-Z0-9]{6,20}$'`),
    pg.check('booking_guests_gender_valid', inList(t.gender, GENDERS)),
    pg.check('booking_guests_age_range', sql`${t.age} between 0 and 130`),
    pg.check(
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
export const bookingGuestPassports = pg.pgTable(
  'booking_guest_passports',
  {
    guestId: pg
      .integer('guest_id')
      .primaryKey()
      .references(() => bookingGuests.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    mediaType: pg.text('media_type').notNull(),
    uploadedAt: pg.timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('booking_guest_passports_type', inList(t.mediaType, ['image/jpeg', 'image/png', 'application/pdf'])),
    pg.check('booking_guest_passports_size', sql`octet_length(${t.content}) between 1 and 5000000`),
  ],
);

/**
 * A link to a booking's pre-check-in page (/checkin/{token}): the guest fills the register before
 * arriving. The token itself (128 random bits or more) is handed out once and never kept: the row
 * keeps its SHA-256, so the table read alone opens no page. Valid until the end of the check-out day
 * (Tokyo); a booking may have several (each mail sent with {{book.checkin_url}} makes one).
 */
export const checkinLinks = pg.pgTable(
  'checkin_links',
  {
    tokenHash: pg.text('token_hash').primaryKey(),
    bookingId: parentId('booking_id', () => bookings.id, 'cascade'),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the guest last sent the register through this link. */
    submittedAt: pg.timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('checkin_links_booking_idx').on(t.bookingId),
    pg.index('checkin_links_expires_idx').on(t.expiresAt),
    pg.check('checkin_links_hash_shape', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The refusal log (宿泊拒否の記録, 旅館業法5条): when a facility refused a guest, on which of the law's
 * grounds, the facts, and the staff member who recorded it, named as then (the account may go).
 * Kept three years from the refusal; corrections leave audit rows.
 */
export const refusals = pg.pgTable(
  'refusals',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: pg
      .integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id),
    /** yyyy-MM-ddTHH:mm, Tokyo time, as the staff member gave it. */
    refusedAt: pg.text('refused_at').notNull(),
    guestName: pg.text('guest_name').notNull(),
    ground: pg.text('ground').notNull(),
    facts: pg.text('facts').notNull(),
    staffUserId: pg.integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: pg.text('staff_name').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('refusals_accommodation_idx').on(t.accommodationId, t.refusedAt),
    pg.check('refusals_ground_valid', inList(t.ground, REFUSAL_GROUNDS)),
    pg.check('refusals_refused_at_shape', sql`${t.refusedAt} ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$'`),
  ],
);
