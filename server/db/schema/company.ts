import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LICENCES } from '../../../contract/guestRegister';
import { ROUNDINGS } from '../../../contract/consumptionTax';
import { TAX_COLLECTIONS } from '../../../contract/tax';
import { inList, timestamps, parentId } from './columns';

/** Company, its accommodations, the users who sign in and what each may reach. */

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The invoice settings (issue 31, contract/consumptionTax.ts): the registration number (T and 13
     * digits), whether the company is a corporation (its number is then checked as a 法人番号), the
     * issuer's name, address and phone as the documents print them, and how the tax of each rate is
     * rounded (once per rate and document).
     */
    invoiceRegistrationNumber: text('invoice_registration_number'),
    invoiceCorporate: boolean('invoice_corporate').notNull().default(true),
    invoiceIssuerName: text('invoice_issuer_name'),
    invoiceIssuerAddress: text('invoice_issuer_address'),
    invoiceIssuerTel: text('invoice_issuer_tel'),
    invoiceRounding: text('invoice_rounding').notNull().default('floor'),
    ...timestamps,
  },
  (t) => [
    check('companies_invoice_registration_number_format', sql`${t.invoiceRegistrationNumber} ~ '^T[0-9]{13}$'`),
    check('companies_invoice_rounding_valid', inList(t.invoiceRounding, ROUNDINGS)),
  ],
);

export const accommodations = pgTable(
  'accommodations',
  {
    id: serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    /** Public identifier: mail template routes. */
    uid: text('uid').notNull(),
    /**
     * The calendar feed's address /ical/{ical_uid}.ics (issue 22): 256 random bits, regenerated on
     * demand (the old address answers 404 at once). Migration 0016 kept uid for existing feeds.
     */
    icalUid: text('ical_uid')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** Hex colour without '#'. */
    color: text('color').notNull(),
    detailUrl: text('detail_url'),
    roomNumber: integer('room_number').notNull().default(0),
    /** Days before payment_limit_date that the transfer-deadline reminder (send type 14) goes out. */
    transferReminderDays: smallint('transfer_reminder_days').notNull().default(3),
    /**
     * Opt-in: unpaid bookings past their payment_limit_date are cancelled the next day, with the
     * automatic-cancel mail (send type 21); server/services/autoCancel.ts. Off unless an operator asks.
     */
    autoCancelUnpaid: boolean('auto_cancel_unpaid').notNull().default(false),
    /**
     * The guest register's settings (issue 30, contract/guestRegister.ts): the licence the facility
     * runs under (which items the law asks of each guest), its 届出番号 or 許可番号, and the items its
     * prefecture adds ({ gender: 'required', ... }; an item not named is off).
     */
    licence: text('licence').notNull().default('ryokan'),
    notificationNumber: text('notification_number'),
    registerExtraFields: jsonb('register_extra_fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * The tax settings (issue 31, contract/tax.ts): the codes of the jurisdictions whose 宿泊税 the
     * facility collects (tax_rules.code), 入湯税 per adult per night and per day visitor, and whether
     * the taxes are added to the guest's bill (separate) or inside its price (included).
     */
    taxJurisdictions: jsonb('tax_jurisdictions').$type<string[]>().notNull().default([]),
    bathingTaxEnabled: boolean('bathing_tax_enabled').notNull().default(false),
    bathingTaxRate: integer('bathing_tax_rate').notNull().default(150),
    bathingTaxDayRate: integer('bathing_tax_day_rate').notNull().default(0),
    taxCollection: text('tax_collection').notNull().default('separate'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accommodations_uid_key').on(t.uid),
    uniqueIndex('accommodations_ical_uid_key').on(t.icalUid),
    index('accommodations_company_idx').on(t.companyId),
    check('accommodations_color_hex', sql`${t.color} ~ '^[0-9A-Fa-f]{6}$'`),
    check('accommodations_room_number_nonneg', sql`${t.roomNumber} >= 0`),
    check('accommodations_transfer_reminder_days_range', sql`${t.transferReminderDays} between 0 and 60`),
    check('accommodations_licence_valid', inList(t.licence, LICENCES)),
    check('accommodations_register_extra_fields_object', sql`jsonb_typeof(${t.registerExtraFields}) = 'object'`),
    check('accommodations_tax_jurisdictions_array', sql`jsonb_typeof(${t.taxJurisdictions}) = 'array'`),
    check(
      'accommodations_bathing_tax_rates_range',
      sql`${t.bathingTaxRate} between 0 and 10000 and ${t.bathingTaxDayRate} between 0 and 10000`,
    ),
    check('accommodations_tax_collection_valid', inList(t.taxCollection, TAX_COLLECTIONS)),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    name: text('name').notNull(),
    /**
     * Sign-in address, stored lower-cased. Unique in its company only: one person may hold an
     * account in several companies (docs/decisions.md "Accounts belong to one company").
     */
    mail: text('mail').notNull(),
    /** argon2id PHC string; never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    /** 1 administrator, 2 staff. */
    userType: smallint('user_type').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_company_mail_key').on(t.companyId, t.mail),
    index('users_mail_idx').on(t.mail),
    index('users_company_idx').on(t.companyId),
    check('users_user_type_valid', sql`${t.userType} in (1, 2)`),
    check('users_mail_lowercase', sql`${t.mail} = lower(${t.mail})`),
  ],
);

/**
 * Failed sign-ins of one account from one client (its address, as the server sees it behind
 * TRUST_PROXY): after LOGIN_MAX_FAILURES within LOGIN_LOCK_MINUTES that pair is locked for
 * LOGIN_LOCK_MINUTES. Someone guessing from their own network locks only themselves out; the user
 * still signs in from theirs.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    // No foreign key: an unknown address's failures are counted under user id 0 (queries/users.ts
    // NO_ACCOUNT), so that its sign-in writes what a known one's does.
    userId: integer('user_id').notNull(),
    client: text('client').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] }), index('login_throttles_last_failed_idx').on(t.lastFailedAt)],
);

/** Accommodations granted to a staff user (administrators reach every one of their company). */
export const userAccommodations = pgTable(
  'user_accommodations',
  {
    userId: parentId('user_id', () => users.id, 'cascade'),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accommodationId] }),
    index('user_accommodations_accommodation_idx').on(t.accommodationId),
  ],
);

/**
 * One sign-in: the family of refresh tokens that rotate from one password grant.
 * Revoking it (logout, or replay of a used refresh token) ends every token of the family,
 * and access tokens carry its id so that they stop working at once too.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: parentId('user_id', () => users.id, 'cascade'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Where servers before issue 28 kept the keys they generated ('access-token-key',
 * 'channel-credentials-key'). Read only to move them into the key file at start, then emptied
 * (server/auth/keys.ts): no key is kept in the database.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
