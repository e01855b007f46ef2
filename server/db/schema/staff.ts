import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { accommodations, companies, users } from './company';
import { flagCheck, timestamps, parentId } from './columns';

/** Staff work: shift (timesheet) groups and requests, and each accommodation's petty cash. */

/** A period staff enter their shift wishes for, until end_at; released (1) means closed. */
export const timesheetGroups = pg.pgTable(
  'timesheet_groups',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    startDate: pg.date('start_date', { mode: 'string' }).notNull(),
    endDate: pg.date('end_date', { mode: 'string' }).notNull(),
    /** Registration deadline. */
    endAt: pg.date('end_at', { mode: 'string' }).notNull(),
    releaseFlg: pg.smallint('release_flg').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    pg.index('timesheet_groups_company_idx').on(t.companyId, t.startDate),
    pg.check('timesheet_groups_period_order', sql`${t.endDate} >= ${t.startDate}`),
    flagCheck('timesheet_groups_release_flg_flag', t.releaseFlg),
  ],
);

/** One staff user available to work at one accommodation on one day of a group. */
export const timesheetEntries = pg.pgTable(
  'timesheet_entries',
  {
    id: pg.serial('id').primaryKey(),
    groupId: parentId('group_id', () => timesheetGroups.id, 'cascade'),
    userId: parentId('user_id', () => users.id, 'cascade'),
    targetDate: pg.date('target_date', { mode: 'string' }).notNull(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    note: pg.text('note'),
    /** 1: an administrator assigned this member of staff to this facility on this day (issue 22). */
    assigned: pg.smallint('assigned').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    flagCheck('timesheet_entries_assigned_flag', t.assigned),
    pg.uniqueIndex('timesheet_entries_slot_key').on(t.groupId, t.userId, t.targetDate, t.accommodationId),
    pg.index('timesheet_entries_user_idx').on(t.userId),
    pg.index('timesheet_entries_accommodation_idx').on(t.accommodationId),
  ],
);

/** Petty cash ledger of an accommodation. amount < 0 is money going out. Money history: restrict. */
export const pettyCashEntries = pg.pgTable(
  'petty_cash_entries',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'restrict'),
    /** Who recorded it; the entry outlives the user. */
    userId: pg.integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    paidDate: pg.date('paid_date', { mode: 'string' }).notNull(),
    amount: pg.integer('amount').notNull(),
    /** 1: the cash was counted and matched the balance at this entry. */
    balanceCheck: pg.smallint('balance_check').notNull().default(0),
    intendedUse: pg.text('intended_use').notNull().default(''),
    /**
     * Issue 32: the entry this one reverses (訂正), of the same facility, the opposite amount; null
     * for an ordinary entry. Unique: an entry is reversed once, even by two requests at once.
     */
    correctsId: pg
      .integer('corrects_id')
      .references((): pg.AnyPgColumn => pettyCashEntries.id, { onDelete: 'restrict' }),
    /** Why it was reversed (訂正理由): present exactly on a reversing entry. */
    correctionReason: pg.text('correction_reason'),
    ...timestamps,
  },
  (t) => [
    pg.index('petty_cash_entries_accommodation_date_idx').on(t.accommodationId, t.paidDate),
    pg.index('petty_cash_entries_user_idx').on(t.userId),
    flagCheck('petty_cash_entries_balance_check_flag', t.balanceCheck),
    pg.uniqueIndex('petty_cash_entries_corrects_key').on(t.correctsId),
    pg.check(
      'petty_cash_entries_correction_reason',
      sql`(${t.correctsId} is null) = (${t.correctionReason} is null) and ${t.correctsId} <> ${t.id}`,
    ),
  ],
);
