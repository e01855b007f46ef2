import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accommodations, companies, users } from './company';
import { flagCheck, timestamps, parentId } from './columns';

/** Staff work: shift (timesheet) groups and requests, and each accommodation's petty cash. */

/** A period staff enter their shift wishes for, until end_at; released (1) means closed. */
export const timesheetGroups = pgTable(
  'timesheet_groups',
  {
    id: serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Registration deadline. */
    endAt: date('end_at', { mode: 'string' }).notNull(),
    releaseFlg: smallint('release_flg').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('timesheet_groups_company_idx').on(t.companyId, t.startDate),
    check('timesheet_groups_period_order', sql`${t.endDate} >= ${t.startDate}`),
    flagCheck('timesheet_groups_release_flg_flag', t.releaseFlg),
  ],
);

/** One staff user available to work at one accommodation on one day of a group. */
export const timesheetEntries = pgTable(
  'timesheet_entries',
  {
    id: serial('id').primaryKey(),
    groupId: parentId('group_id', () => timesheetGroups.id, 'cascade'),
    userId: parentId('user_id', () => users.id, 'cascade'),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    note: text('note'),
    /** 1: an administrator assigned this member of staff to this facility on this day (issue 22). */
    assigned: smallint('assigned').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    flagCheck('timesheet_entries_assigned_flag', t.assigned),
    uniqueIndex('timesheet_entries_slot_key').on(t.groupId, t.userId, t.targetDate, t.accommodationId),
    index('timesheet_entries_user_idx').on(t.userId),
    index('timesheet_entries_accommodation_idx').on(t.accommodationId),
  ],
);

/** Petty cash ledger of an accommodation. amount < 0 is money going out. Money history: restrict. */
export const pettyCashEntries = pgTable(
  'petty_cash_entries',
  {
    id: serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'restrict'),
    /** Who recorded it; the entry outlives the user. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    paidDate: date('paid_date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    /** 1: the cash was counted and matched the balance at this entry. */
    balanceCheck: smallint('balance_check').notNull().default(0),
    intendedUse: text('intended_use').notNull().default(''),
    /**
     * Issue 32: the entry this one reverses (訂正), of the same facility, the opposite amount; null
     * for an ordinary entry. Unique: an entry is reversed once, even by two requests at once.
     */
    correctsId: integer('corrects_id').references((): AnyPgColumn => pettyCashEntries.id, { onDelete: 'restrict' }),
    /** Why it was reversed (訂正理由): present exactly on a reversing entry. */
    correctionReason: text('correction_reason'),
    ...timestamps,
  },
  (t) => [
    index('petty_cash_entries_accommodation_date_idx').on(t.accommodationId, t.paidDate),
    index('petty_cash_entries_user_idx').on(t.userId),
    flagCheck('petty_cash_entries_balance_check_flag', t.balanceCheck),
    uniqueIndex('petty_cash_entries_corrects_key').on(t.correctsId),
    check(
      'petty_cash_entries_correction_reason',
      sql`(${t.correctsId} is null) = (${t.correctionReason} is null) and ${t.correctsId} <> ${t.id}`,
    ),
  ],
);
