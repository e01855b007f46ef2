import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TaxBand } from '../../../contract/taxRule';
import { companies } from './company';
import { timestamps } from './columns';

/**
 * The 宿泊税 rules of a company (issue 31, contract/taxRule.ts): a jurisdiction's charge per guest
 * per night over a span of nights, by bands or a percentage. The rules the product ships are
 * copied to every company on start under their `shipped_key` (server/services/tax/shippedRules.ts),
 * so that a company's correction is its own and a release never overwrites it; a company's own
 * rule has no key. Rules of one code never share a night (the service refuses it under the
 * company's lock).
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shippedKey: text('shipped_key'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The first and the last night it applies to; null: open. */
    effectiveFrom: date('effective_from', { mode: 'string' }),
    effectiveTo: date('effective_to', { mode: 'string' }),
    /** [{ from, amount }], lowest first; null for a percentage. */
    bands: jsonb('bands').$type<TaxBand[]>(),
    percent: numeric('percent', { precision: 5, scale: 2 }),
    cap: integer('cap'),
    exemptSchoolTrip: boolean('exempt_school_trip').notNull().default(false),
    exemptUnder12: boolean('exempt_under_12').notNull().default(false),
    note: text('note'),
    sourceUrl: text('source_url').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tax_rules_shipped_key').on(t.companyId, t.shippedKey),
    index('tax_rules_company_code_idx').on(t.companyId, t.code),
    check('tax_rules_bands_or_percent', sql`(${t.bands} is null) <> (${t.percent} is null)`),
    check('tax_rules_bands_array', sql`${t.bands} is null or jsonb_typeof(${t.bands}) = 'array'`),
    check('tax_rules_percent_range', sql`${t.percent} is null or (${t.percent} > 0 and ${t.percent} <= 100)`),
    check('tax_rules_cap_positive', sql`${t.cap} is null or ${t.cap} > 0`),
    check(
      'tax_rules_period_order',
      sql`${t.effectiveFrom} is null or ${t.effectiveTo} is null or ${t.effectiveFrom} <= ${t.effectiveTo}`,
    ),
  ],
);
