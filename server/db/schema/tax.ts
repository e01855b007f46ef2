import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { INVOICE_KINDS } from '../../../contract/invoice';
import type { TaxBand } from '../../../contract/taxRule';
import { accommodations, companies, users } from './company';
import { bookings } from './bookings';
import { inList, timestamps, parentId } from './columns';

/**
 * The 宿泊税 rules of a company (issue 31, contract/taxRule.ts): a jurisdiction's charge per guest
 * per night over a span of nights, by bands or a percentage. The rules the product ships are
 * copied to every company on start under their `shipped_key` (server/services/tax/shippedRules.ts),
 * so that a company's correction is its own and a release never overwrites it; a company's own
 * rule has no key. Rules of one code never share a night (the service refuses it under the
 * company's lock).
 */
export const taxRules = pg.pgTable(
  'tax_rules',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'cascade'),
    shippedKey: pg.text('shipped_key'),
    code: pg.text('code').notNull(),
    name: pg.text('name').notNull(),
    /** The first and the last night it applies to; null: open. */
    effectiveFrom: pg.date('effective_from', { mode: 'string' }),
    effectiveTo: pg.date('effective_to', { mode: 'string' }),
    /** [{ from, amount }], lowest first; null for a percentage. */
    bands: pg.jsonb('bands').$type<TaxBand[]>(),
    percent: pg.numeric('percent', { precision: 5, scale: 2 }),
    cap: pg.integer('cap'),
    exemptSchoolTrip: pg.boolean('exempt_school_trip').notNull().default(false),
    exemptUnder12: pg.boolean('exempt_under_12').notNull().default(false),
    note: pg.text('note'),
    sourceUrl: pg.text('source_url').notNull(),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('tax_rules_shipped_key').on(t.companyId, t.shippedKey),
    pg.index('tax_rules_company_code_idx').on(t.companyId, t.code),
    pg.check('tax_rules_bands_or_percent', sql`(${t.bands} is null) <> (${t.percent} is null)`),
    pg.check('tax_rules_bands_array', sql`${t.bands} is null or jsonb_typeof(${t.bands}) = 'array'`),
    pg.check('tax_rules_percent_range', sql`${t.percent} is null or (${t.percent} > 0 and ${t.percent} <= 100)`),
    pg.check('tax_rules_cap_positive', sql`${t.cap} is null or ${t.cap} > 0`),
    pg.check(
      'tax_rules_period_order',
      sql`${t.effectiveFrom} is null or ${t.effectiveTo} is null or ${t.effectiveFrom} <= ${t.effectiveTo}`,
    ),
  ],
);

/**
 * The last number taken of each facility's documents in a year (issue 31). A document takes the
 * next one by `insert ... on conflict do update ... returning` in the transaction that stores it:
 * the counter's row stays locked until that transaction ends, so two issuers (two processes on one
 * PostgreSQL too) take numbers one after the other, and a transaction that fails gives its number
 * back: no gap, no number twice.
 */
export const invoiceCounters = pg.pgTable(
  'invoice_counters',
  {
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    year: pg.integer('year').notNull(),
    lastSeq: pg.integer('last_seq').notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.accommodationId, t.year] })],
);

/**
 * A receipt, invoice or refund document as it was issued (issue 31, contract/invoice.ts): its
 * lines, totals and issuer are kept as printed, so that a later change of the booking or of the
 * settings never rewrites a document handed to a guest. A reissue voids it (voided_at) and the new
 * one names it (replaces_id). Never deleted: money history, like payments.
 */
export const invoices = pg.pgTable(
  'invoices',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'restrict'),
    bookId: parentId('book_id', () => bookings.id, 'restrict'),
    kind: pg.text('kind').notNull(),
    year: pg.integer('year').notNull(),
    seq: pg.integer('seq').notNull(),
    number: pg.text('number').notNull(),
    issuedAt: pg.timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    recipientName: pg.text('recipient_name'),
    proviso: pg.text('proviso'),
    lines: pg.jsonb('lines').notNull(),
    totals: pg.jsonb('totals').notNull(),
    total: pg.integer('total').notNull(),
    registrationNumber: pg.text('registration_number').notNull(),
    issuer: pg.jsonb('issuer').notNull(),
    paidOnChannel: pg.boolean('paid_on_channel').notNull().default(false),
    note: pg.text('note'),
    voidedAt: pg.timestamp('voided_at', { withTimezone: true }),
    replacesId: pg.integer('replaces_id').references((): pg.AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    createdBy: pg.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    pg.uniqueIndex('invoices_number_key').on(t.accommodationId, t.year, t.seq),
    pg.index('invoices_book_idx').on(t.bookId),
    pg.index('invoices_accommodation_issued_idx').on(t.accommodationId, t.issuedAt),
    pg.check('invoices_kind_valid', inList(t.kind, INVOICE_KINDS)),
    pg.check('invoices_seq_positive', sql`${t.seq} > 0`),
  ],
);

/**
 * Day visitors to a facility's baths (日帰り入浴, issue 31): one row per facility and day, the
 * visitors 入湯税 taxes at the facility's day rate and those it exempts (children under 12, school
 * trips). The bathing tax ledger files them beside the staying guests.
 */
export const dayVisits = pg.pgTable(
  'day_visits',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    visitDate: pg.date('visit_date', { mode: 'string' }).notNull(),
    visitors: pg.integer('visitors').notNull().default(0),
    childrenUnder12: pg.integer('children_under_12').notNull().default(0),
    schoolTrip: pg.integer('school_trip').notNull().default(0),
    updatedBy: pg.integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('day_visits_accommodation_date_key').on(t.accommodationId, t.visitDate),
    pg.check(
      'day_visits_counts_nonneg',
      sql`${t.visitors} >= 0 and ${t.childrenUnder12} >= 0 and ${t.schoolTrip} >= 0`,
    ),
  ],
);
