import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { LICENCES } from '../../../contract/guestRegister';
import { ROUNDINGS } from '../../../contract/consumptionTax';
import { TAX_COLLECTIONS } from '../../../contract/tax';
import { inList, timestamps, parentId } from './columns';

/** Company, its accommodations, the users who sign in and what each may reach. */

export const companies = pg.pgTable(
  'companies',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.text('name').notNull(),
    /**
     * The invoice settings (issue 31, contract/consumptionTax.ts): the registration number (T and 13
     * digits), whether the company is a corporation (its number is then checked as a 法人番号), the
     * issuer's name, address and phone as the documents print them, and how the tax of each rate is
     * rounded (once per rate and document).
     */
    invoiceRegistrationNumber: pg.text('invoice_registration_number'),
    invoiceCorporate: pg.boolean('invoice_corporate').notNull().default(true),
    invoiceIssuerName: pg.text('invoice_issuer_name'),
    invoiceIssuerAddress: pg.text('invoice_issuer_address'),
    invoiceIssuerTel: pg.text('invoice_issuer_tel'),
    invoiceRounding: pg.text('invoice_rounding').notNull().default('floor'),
    ...timestamps,
  },
  (t) => [
    pg.check('companies_invoice_registration_number_format', sql`${t.invoiceRegistrationNumber} ~ '^T[0-9]{13}$'`),
    pg.check('companies_invoice_rounding_valid', inList(t.invoiceRounding, ROUNDINGS)),
  ],
);

export const accommodations = pg.pgTable(
  'accommodations',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    /** Public identifier: mail template routes. */
    uid: pg.text('uid').notNull(),
    /**
     * The calendar feed's address /ical/{ical_uid}.ics (issue 22): 256 random bits, regenerated on
     * demand (the old address answers 404 at once). Migration 0016 kept uid for existing feeds.
     */
    icalUid: pg
      .text('ical_uid')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    name: pg.text('name').notNull(),
    shortName: pg.text('short_name').notNull(),
    /** Hex colour without '#'. */
    color: pg.text('color').notNull(),
    detailUrl: pg.text('detail_url'),
    roomNumber: pg.integer('room_number').notNull().default(0),
    /** Days before payment_limit_date that the transfer-deadline reminder (send type 14) goes out. */
    transferReminderDays: pg.smallint('transfer_reminder_days').notNull().default(3),
    /**
     * Opt-in: unpaid bookings past their payment_limit_date are cancelled the next day, with the
     * automatic-cancel mail (send type 21); server/services/autoCancel.ts. Off unless an operator asks.
     */
    autoCancelUnpaid: pg.boolean('auto_cancel_unpaid').notNull().default(false),
    /**
     * The guest register's settings (issue 30, contract/guestRegister.ts): the licence the facility
     * runs under (which items the law asks of each guest), its 届出番号 or 許可番号, and the items its
     * prefecture adds ({ gender: 'required', ... }; an item not named is off).
     */
    licence: pg.text('licence').notNull().default('ryokan'),
    notificationNumber: pg.text('notification_number'),
    registerExtraFields: pg.jsonb('register_extra_fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * The tax settings (issue 31, contract/tax.ts): the codes of the jurisdictions whose 宿泊税 the
     * facility collects (tax_rules.code), 入湯税 per adult per night and per day visitor, and whether
     * the taxes are added to the guest's bill (separate) or inside its price (included).
     */
    taxJurisdictions: pg.jsonb('tax_jurisdictions').$type<string[]>().notNull().default([]),
    bathingTaxEnabled: pg.boolean('bathing_tax_enabled').notNull().default(false),
    bathingTaxRate: pg.integer('bathing_tax_rate').notNull().default(150),
    bathingTaxDayRate: pg.integer('bathing_tax_day_rate').notNull().default(0),
    taxCollection: pg.text('tax_collection').notNull().default('separate'),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('accommodations_uid_key').on(t.uid),
    pg.uniqueIndex('accommodations_ical_uid_key').on(t.icalUid),
    pg.index('accommodations_company_idx').on(t.companyId),
    pg.check('accommodations_color_hex', sql`${t.color} ~ '^[0-9A-Fa-f]{6}$'`),
    pg.check('accommodations_room_number_nonneg', sql`${t.roomNumber} >= 0`),
    pg.check('accommodations_transfer_reminder_days_range', sql`${t.transferReminderDays} between 0 and 60`),
    pg.check('accommodations_licence_valid', inList(t.licence, LICENCES)),
    pg.check('accommodations_register_extra_fields_object', sql`jsonb_typeof(${t.registerExtraFields}) = 'object'`),
    pg.check('accommodations_tax_jurisdictions_array', sql`jsonb_typeof(${t.taxJurisdictions}) = 'array'`),
    pg.check(
      'accommodations_bathing_tax_rates_range',
      sql`${t.bathingTaxRate} between 0 and 10000 and ${t.bathingTaxDayRate} between 0 and 10000`,
    ),
    pg.check('accommodations_tax_collection_valid', inList(t.taxCollection, TAX_COLLECTIONS)),
  ],
);

export const users = pg.pgTable(
  'users',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    name: pg.text('name').notNull(),
    /**
     * Sign-in address, stored lower-cased. Unique in its company only: one person may hold an
     * account in several companies (docs/decisions.md "Accounts belong to one company").
     */
    mail: pg.text('mail').notNull(),
    /** argon2id PHC string; never leaves the server. */
    passwordHash: pg.text('password_hash').notNull(),
    /** 1 administrator, 2 staff. */
    userType: pg.smallint('user_type').notNull(),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('users_company_mail_key').on(t.companyId, t.mail),
    pg.index('users_mail_idx').on(t.mail),
    pg.index('users_company_idx').on(t.companyId),
    pg.check('users_user_type_valid', sql`${t.userType} in (1, 2)`),
    pg.check('users_mail_lowercase', sql`${t.mail} = lower(${t.mail})`),
  ],
);

/**
 * Failed sign-ins of one account from one client (its address, as the server sees it behind
 * TRUST_PROXY): after LOGIN_MAX_FAILURES within LOGIN_LOCK_MINUTES that pair is locked for
 * LOGIN_LOCK_MINUTES. Someone guessing from their own network locks only themselves out; the user
 * still signs in from theirs.
 */
export const loginThrottles = pg.pgTable(
  'login_throttles',
  {
    // No foreign key: an unknown address's failures are counted under user id 0 (queries/users.ts
    // NO_ACCOUNT), so that its sign-in writes what a known one's does.
    userId: pg.integer('user_id').notNull(),
    client: pg.text('client').notNull(),
    failures: pg.integer('failures').notNull().default(0),
    lastFailedAt: pg.timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: pg.timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.userId, t.client] }),
    pg.index('login_throttles_last_failed_idx').on(t.lastFailedAt),
  ],
);

/** Accommodations granted to a staff user (administrators reach every one of their company). */
export const userAccommodations = pg.pgTable(
  'user_accommodations',
  {
    userId: parentId('user_id', () => users.id, 'cascade'),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
  },
  (t) => [
    pg.primaryKey({ columns: [t.userId, t.accommodationId] }),
    pg.index('user_accommodations_accommodation_idx').on(t.accommodationId),
  ],
);

/**
 * One sign-in: the family of refresh tokens that rotate from one password grant.
 * Revoking it (logout, or replay of a used refresh token) ends every token of the family,
 * and access tokens carry its id so that they stop working at once too.
 */
export const authSessions = pg.pgTable(
  'auth_sessions',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: parentId('user_id', () => users.id, 'cascade'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    revokedReason: pg.text('revoked_reason'),
  },
  (t) => [pg.index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pg.pgTable(
  'refresh_tokens',
  {
    id: pg.serial('id').primaryKey(),
    sessionId: pg
      .uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: pg.text('token_hash').notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    pg.index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Where servers before issue 28 kept the keys they generated ('access-token-key',
 * 'channel-credentials-key'). Read only to move them into the key file at start, then emptied
 * (server/auth/keys.ts): no key is kept in the database.
 */
export const serverSecrets = pg.pgTable('server_secrets', {
  name: pg.text('name').primaryKey(),
  value: pg.text('value').notNull(),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
