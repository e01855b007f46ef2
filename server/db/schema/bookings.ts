import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { JOB_CODES, PAY_TYPE_CODES, VIA_CODES } from '../../../contract/enums';
import { STAY_STATUSES } from '../../../contract/stay';
import { TAX_CLASSES } from '../../../contract/consumptionTax';
import { accommodations, users } from './company';
import { accommodationOptions, plans, rooms, suppliers } from './catalogue';
import { flagCheck, inList, timestamps, parentId } from './columns';
import { nameSearchKey, telSearchKey } from './searchKeys';

/**
 * Bookings and the money around them. A booking is never deleted: cancelling sets delete_flg
 * (and deleted_at, the cancel date). Payments and refunds are money history, so they restrict the
 * deletion of their booking; options are plain children of the booking.
 */

export const bookings = pg.pgTable(
  'bookings',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'restrict'),
    // A room type that holds bookings cannot be deleted: its nights are sold.
    roomId: parentId('room_id', () => rooms.id, 'restrict'),
    // A deleted plan leaves its bookings without a plan rather than blocking the delete.
    planId: pg.integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** Guest name. */
    name: pg.text('name').notNull(),
    /** Guest e-mail; null when unknown. The stay history (/m/books/{mail}) groups on it. */
    mail: pg.text('mail'),
    address: pg.text('address'),
    tel: pg.text('tel'),
    /** 0 unset ... 8 other (contract/enums JOB). */
    job: pg.smallint('job').notNull().default(0),
    /** Short note shown in lists and the calendar. */
    miniMemo: pg.text('mini_memo'),
    memo: pg.text('memo'),
    /** Check-in day; end_date is the check-out day (start_date + days). */
    startDate: pg.date('start_date', { mode: 'string' }).notNull(),
    endDate: pg.date('end_date', { mode: 'string' }).notNull(),
    days: pg.integer('days').notNull().default(1),
    personNumber: pg.integer('person_number').notNull(),
    /** Amount paid so far, yen. */
    price: pg.integer('price').notNull().default(0),
    /** Total amount of the stay, yen. */
    priceSub: pg.integer('price_sub').notNull().default(0),
    /** Transfer deadline of a bank-transfer booking. */
    paymentLimitDate: pg.date('payment_limit_date', { mode: 'string' }),
    /** Unique public id; its first 3 characters are the confirmation number staff read out. */
    uid: pg.text('uid').notNull(),
    /** 0 official, 1 external channel, 100 other, 101 created in this console. */
    via: pg.smallint('via').notNull().default(101),
    /** Reservation id on the external channel, for bookings that came from (or went to) it. */
    externalId: pg.text('external_id'),
    /** 0 not yet synced with the external channel, 1 synced. */
    sync: pg.smallint('sync').notNull().default(0),
    /** seq of the channel revision last applied to this booking (server/channel/inbound/apply.ts): an older one changes nothing. */
    externalSeq: pg.integer('external_seq'),
    /** 1: the channel sold it on a night we had no room left. Kept, never dropped; shown as a warning. */
    overbooked: pg.smallint('overbooked').notNull().default(0),
    /**
     * 1: a channel booking of a minpaku house kept although it took the house past its 180 days in a
     * fiscal year (住宅宿泊事業法2条③; issue 30). Staff's own bookings are refused instead (409).
     */
    minpakuOver: pg.smallint('minpaku_over').notNull().default(0),
    /** 1 cancelled. */
    deleteFlg: pg.smallint('delete_flg').notNull().default(0),
    /**
     * The front desk's state of the stay (issue 30): reserved, checked_in, checked_out or no_show,
     * with the instants of arrival and departure (contract/stay.ts).
     */
    stayStatus: pg.text('stay_status').notNull().default('reserved'),
    checkedInAt: pg.timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: pg.timestamp('checked_out_at', { withTimezone: true }),
    /** When it was cancelled (the lodging list's cancel date); set exactly when delete_flg is 1. */
    deletedAt: pg.timestamp('deleted_at', { withTimezone: true }),
    /** Cancellation fee chosen when cancelling (a preset of 50% or 10% of price_sub, or none). */
    cancelFee: pg.integer('cancel_fee'),
    /** Guests under 12 among person_number, and a school trip: who 宿泊税 and 入湯税 exempt (issue 31). */
    childrenUnder12: pg.integer('children_under_12').notNull().default(0),
    schoolTrip: pg.boolean('school_trip').notNull().default(false),
    /**
     * What 宿泊税 and 入湯税 add to the guest's bill: their total when the facility collects them apart
     * (collection 'separate'), else 0, and 0 for a cancelled booking or a no-show. Kept by
     * services/tax/taxDue.ts after every write that changes them; the unpaid lists compare with it.
     */
    taxDue: pg.integer('tax_due').notNull().default(0),
    /** The spec names no values; 0 is an ordinary booking. */
    status: pg.smallint('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('bookings_uid_key').on(t.uid),
    pg.uniqueIndex('bookings_external_id_key').on(t.accommodationId, t.externalId),
    // Check-ins of a period (start_date between two days).
    pg.index('bookings_accommodation_stay_idx').on(t.accommodationId, t.startDate, t.endDate),
    // Calendar window: accommodation_id = ? and start_date <= window_end and end_date > window_start.
    // Bounded by end_date, the scan starts at the window and reads only what ends after its start
    // (the window and the future), not every stay of the past: the history never slows it.
    pg.index('bookings_accommodation_window_idx').on(t.accommodationId, t.endDate, t.startDate),
    // The dashboard's lists, each bounded by what it lists rather than by the history: official
    // bookings still unpaid (oldest first) and cancelled bookings holding more than their fee. The
    // planner uses a partial index only when the query states its condition (moneyListSql does).
    pg
      .index('bookings_unpaid_official_idx')
      .on(t.createdAt, t.id)
      .where(sql`via = 0 and delete_flg = 0 and price < price_sub + tax_due`),
    pg
      .index('bookings_refund_due_idx')
      .on(t.deletedAt.desc().nullsFirst(), t.id)
      .where(sql`delete_flg = 1 and price > coalesce(cancel_fee, 0)`),
    // Live bookings paid beyond their bill (issue 32: the excess is a refund to make), by stay.
    pg
      .index('bookings_overpaid_idx')
      .on(t.startDate, t.id)
      .where(sql`delete_flg = 0 and price > price_sub + tax_due`),
    pg.index('bookings_room_start_idx').on(t.roomId, t.startDate),
    // A room type's live stays on given nights: the capacity check of every booking write
    // (fullNights), the day's state per room type (roomsOnNight) and a room type's busiest night to
    // come. Bounded by end_date like the window index, so the scan reads the room type's stays from
    // the night on, never its past; partial, as every one of these counts live stays only.
    pg
      .index('bookings_room_live_idx')
      .on(t.roomId, t.endDate, t.startDate)
      .where(sql`delete_flg = 0`),
    pg.index('bookings_mail_idx').on(t.mail),
    // The booking search's one box (GET /admin/books?q=, issue 19): part of a name, a mail or a
    // phone through trigrams (pg_trgm, migration 0009), the start of a name (a query of 1-2
    // characters has no trigram) and the confirmation number (the start of uid) through btree
    // prefixes. text_pattern_ops: LIKE 'abc%' uses a btree under any collation.
    pg.index('bookings_name_trgm_idx').using('gin', sql`${nameSearchKey(t.name)} gin_trgm_ops`),
    pg.index('bookings_name_prefix_idx').using('btree', sql`${nameSearchKey(t.name)} text_pattern_ops`),
    pg.index('bookings_mail_trgm_idx').using('gin', t.mail.op('gin_trgm_ops')),
    pg.index('bookings_tel_trgm_idx').using('gin', sql`${telSearchKey(t.tel)} gin_trgm_ops`),
    pg.index('bookings_uid_prefix_idx').using('btree', t.uid.op('text_pattern_ops')),
    // The booking site's reservation number a guest quotes (issue 32), whole or its end (the digits
    // without the site's letters), any case: a btree prefix of the number written backwards.
    pg.index('bookings_external_id_suffix_idx').using('btree', sql`reverse(lower(${t.externalId})) text_pattern_ops`),
    pg.index('bookings_created_at_idx').on(t.createdAt),
    pg.index('bookings_plan_idx').on(t.planId),
    pg.check('bookings_name_not_blank', sql`btrim(${t.name}) <> ''`),
    pg.check('bookings_days_positive', sql`${t.days} > 0`),
    pg.check('bookings_end_date_matches_days', sql`${t.endDate} = ${t.startDate} + ${t.days}`),
    pg.check('bookings_person_number_nonneg', sql`${t.personNumber} >= 0`),
    pg.check('bookings_children_under_12_range', sql`${t.childrenUnder12} between 0 and ${t.personNumber}`),
    pg.check('bookings_stay_status_valid', inList(t.stayStatus, STAY_STATUSES)),
    pg.check('bookings_price_nonneg', sql`${t.price} >= 0`),
    pg.check('bookings_price_sub_nonneg', sql`${t.priceSub} >= 0`),
    pg.check('bookings_cancel_fee_nonneg', sql`${t.cancelFee} >= 0`),
    pg.check('bookings_via_valid', inList(t.via, VIA_CODES)),
    pg.check('bookings_job_valid', inList(t.job, JOB_CODES)),
    flagCheck('bookings_sync_flag', t.sync),
    flagCheck('bookings_overbooked_flag', t.overbooked),
    flagCheck('bookings_minpaku_over_flag', t.minpakuOver),
    // Channel bookings waiting for their change to reach the site (the sync job, the unsynced list).
    pg
      .index('bookings_channel_unsynced_idx')
      .on(t.accommodationId, t.id)
      .where(sql`via = 1 and sync = 0`),
    flagCheck('bookings_delete_flg_flag', t.deleteFlg),
    pg.check('bookings_deleted_at_with_flag', sql`(${t.deleteFlg} = 1) = (${t.deletedAt} is not null)`),
  ],
);

/**
 * An option attached to a booking. name, price and supplier are copied from the catalogue when
 * attached, so that the booking keeps what was sold even if the catalogue changes or the option
 * is deleted.
 */
export const bookingOptions = pg.pgTable(
  'booking_options',
  {
    id: pg.serial('id').primaryKey(),
    bookId: parentId('book_id', () => bookings.id, 'cascade'),
    optionId: pg.integer('option_id').references(() => accommodationOptions.id, { onDelete: 'set null' }),
    /** Quantity. */
    unit: pg.integer('unit').notNull(),
    days: pg.integer('days').notNull().default(1),
    comment: pg.text('comment'),
    /** Null: unsettled; set: paid at that instant. */
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
    name: pg.text('name').notNull(),
    /** Unit price in yen at the time it was attached. */
    price: pg.integer('price').notNull(),
    supplierId: pg.integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    supplierName: pg.text('supplier_name'),
    /** Copied from the catalogue with the name and price (issue 31). */
    taxClass: pg.text('tax_class').notNull().default('10'),
    ...timestamps,
  },
  (t) => [
    pg.index('booking_options_book_idx').on(t.bookId),
    pg.index('booking_options_option_idx').on(t.optionId),
    pg.index('booking_options_supplier_idx').on(t.supplierId),
    pg.check('booking_options_unit_positive', sql`${t.unit} > 0`),
    pg.check('booking_options_days_positive', sql`${t.days} > 0`),
    pg.check('booking_options_price_nonneg', sql`${t.price} >= 0`),
    pg.check('booking_options_tax_class_valid', inList(t.taxClass, TAX_CLASSES)),
  ],
);

export const payments = pg.pgTable(
  'payments',
  {
    id: pg.serial('id').primaryKey(),
    /** Null: provisional settlement (not yet executed). */
    paymentExeDate: pg.date('payment_exe_date', { mode: 'string' }),
    bookId: parentId('book_id', () => bookings.id, 'restrict'),
    amount: pg.integer('amount').notNull(),
    /** 1 bank transfer, 2 credit card, 3 external channel, 4 invoice. */
    payType: pg.smallint('pay_type').notNull(),
    /** 1: a payment-confirmation mail was asked for when registering. */
    mail: pg.smallint('mail').notNull().default(0),
    /** Set by a card settlement; such a payment cannot be deleted (409). */
    transactionId: pg.text('transaction_id'),
    createdBy: pg.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Set when the payment is deleted (DELETE /api/payments/{id}): the row stays, out of every sum and
     * list, so that no money is ever hard-deleted. Who did it is voided_by (and the audit row).
     */
    voidedAt: pg.timestamp('voided_at', { withTimezone: true }),
    voidedBy: pg.integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    pg.index('payments_book_idx').on(t.bookId),
    pg.uniqueIndex('payments_transaction_id_key').on(t.transactionId),
    pg.check('payments_amount_positive', sql`${t.amount} > 0`),
    pg.check('payments_pay_type_valid', inList(t.payType, PAY_TYPE_CODES)),
    flagCheck('payments_mail_flag', t.mail),
  ],
);

/**
 * Money given back for a cancelled but paid booking. Rows are only ever inserted; the
 * idempotency key makes a retried request record the refund once.
 */
export const refunds = pg.pgTable(
  'refunds',
  {
    id: pg.serial('id').primaryKey(),
    bookId: parentId('book_id', () => bookings.id, 'restrict'),
    /** The payment refunded from, when known (the refund is capped by its amount). */
    paymentId: pg.integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amount: pg.integer('amount').notNull(),
    idempotencyKey: pg.text('idempotency_key').notNull(),
    // The refund outlives the user who recorded it.
    createdBy: pg.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    pg.index('refunds_book_idx').on(t.bookId),
    pg.index('refunds_payment_idx').on(t.paymentId),
    pg.check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);
