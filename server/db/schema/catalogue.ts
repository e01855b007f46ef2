import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { accommodations, companies } from './company';
import { TAX_CLASSES } from '../../../contract/consumptionTax';
import { flagCheck, inList, timestamps, parentId } from './columns';

/**
 * What an accommodation sells: room types, rate plans and their prices by date and headcount,
 * options, and the partners (suppliers) who provide some options. Plus the per-accommodation
 * FAQ and calendar comments. Catalogue rows belong to their accommodation and go with it
 * (cascade); bookings point at them with restrict or set null (see bookings.ts).
 */

/** A room type. max_num is how many rooms of this type exist: the night's capacity. */
export const rooms = pg.pgTable(
  'rooms',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    name: pg.text('name').notNull(),
    maxNum: pg.integer('max_num').notNull(),
    ...timestamps,
  },
  (t) => [
    pg.index('rooms_accommodation_idx').on(t.accommodationId),
    pg.check('rooms_max_num_positive', sql`${t.maxNum} > 0`),
    pg.check('rooms_name_not_blank', sql`btrim(${t.name}) <> ''`),
  ],
);

/** A rate plan. max_num here is the maximum headcount of one booking, and the price grid's width. */
export const plans = pg.pgTable(
  'plans',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    name: pg.text('name').notNull(),
    /** Bookings close this many days before the stay pg.date (0: same day). */
    closeDateBefore: pg.integer('close_date_before').notNull().default(0),
    /** Sales period; null means open-ended. */
    startAt: pg.date('start_at', { mode: 'string' }),
    endAt: pg.date('end_at', { mode: 'string' }),
    /** 0 unpublished, 1 published. */
    isActive: pg.smallint('is_active').notNull().default(0),
    maxNum: pg.integer('max_num').notNull(),
    description: pg.text('description'),
    /** Plan id on the external channel (service 1); the sync check is offered only when set. */
    ikyuId: pg.text('ikyu_id'),
    /** 'HH:mm' local time. */
    checkIn: pg.text('check_in'),
    checkOut: pg.text('check_out'),
    /** Base price in yen; 0 is allowed (spec 5). */
    price: pg.integer('price').notNull().default(0),
    icon: pg.text('icon'),
    /** Address notified when this plan is booked. */
    noticeMail: pg.text('notice_mail'),
    /** The part of the price that is meals, per person per night, tax-inclusive: left out of the 宿泊税 base (issue 31). */
    mealPrice: pg.integer('meal_price').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    pg.index('plans_accommodation_idx').on(t.accommodationId),
    pg.check('plans_name_not_blank', sql`btrim(${t.name}) <> ''`),
    pg.check('plans_close_date_before_nonneg', sql`${t.closeDateBefore} >= 0`),
    flagCheck('plans_is_active_flag', t.isActive),
    pg.check('plans_max_num_positive', sql`${t.maxNum} > 0`),
    pg.check('plans_price_nonneg', sql`${t.price} >= 0`),
    pg.check('plans_meal_price_nonneg', sql`${t.mealPrice} >= 0`),
    pg.check('plans_period_order', sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} >= ${t.startAt}`),
    pg.check('plans_check_in_format', sql`${t.checkIn} is null or ${t.checkIn} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    pg.check('plans_check_out_format', sql`${t.checkOut} is null or ${t.checkOut} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** Which plans can be booked on which room types (attach / detach). */
export const roomPlans = pg.pgTable(
  'room_plans',
  {
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    planId: parentId('plan_id', () => plans.id, 'cascade'),
  },
  (t) => [pg.primaryKey({ columns: [t.roomId, t.planId] }), pg.index('room_plans_plan_idx').on(t.planId)],
);

/** Shared list (銀行振込, クレジットカード, 現地払い...) that plans pick from. */
export const paymentMethods = pg.pgTable(
  'payment_methods',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.text('name').notNull(),
  },
  (t) => [pg.uniqueIndex('payment_methods_name_key').on(t.name)],
);

export const planPaymentMethods = pg.pgTable(
  'plan_payment_methods',
  {
    planId: parentId('plan_id', () => plans.id, 'cascade'),
    // A method still offered by a plan cannot disappear under it.
    paymentMethodId: parentId('payment_method_id', () => paymentMethods.id, 'restrict'),
  },
  (t) => [
    pg.primaryKey({ columns: [t.planId, t.paymentMethodId] }),
    pg.index('plan_payment_methods_method_idx').on(t.paymentMethodId),
  ],
);

/** Price of one night of a plan for a date and a headcount (unit). One row per cell of the grid. */
export const planPrices = pg.pgTable(
  'plan_prices',
  {
    id: pg.serial('id').primaryKey(),
    planId: parentId('plan_id', () => plans.id, 'cascade'),
    targetDate: pg.date('target_date', { mode: 'string' }).notNull(),
    unit: pg.integer('unit').notNull(),
    price: pg.integer('price').notNull(),
    ...timestamps,
  },
  (t) => [
    // Also the index of every price lookup (plan, date range) and the CSV upsert's conflict target.
    pg.uniqueIndex('plan_prices_plan_date_unit_key').on(t.planId, t.targetDate, t.unit),
    pg.check('plan_prices_unit_positive', sql`${t.unit} >= 1`),
    pg.check('plan_prices_price_nonneg', sql`${t.price} >= 0`),
  ],
);

/**
 * The last inputs of the price creator for a plan, so that it opens with them again.
 * price(day, unit) = base_price + unit_step[unit] + max(week_step[weekday], holiday_step[0 holiday | 1 eve]).
 */
export const priceRuleSets = pg.pgTable(
  'price_rule_sets',
  {
    id: pg.serial('id').primaryKey(),
    planId: parentId('plan_id', () => plans.id, 'cascade'),
    basePrice: pg.integer('base_price').notNull(),
    /** Surcharge per headcount, index 0 = 1 person. */
    unitStep: pg
      .integer('unit_step')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Surcharge per weekday, 0 Sunday to 6 Saturday. */
    weekStep: pg
      .integer('week_step')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0}'::integer[]`),
    /** [holiday, day before a holiday]. */
    holidayStep: pg
      .integer('holiday_step')
      .array()
      .notNull()
      .default(sql`'{0,0}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('price_rule_sets_plan_key').on(t.planId),
    pg.check('price_rule_sets_base_price_nonneg', sql`${t.basePrice} >= 0`),
    pg.check('price_rule_sets_week_step_len', sql`cardinality(${t.weekStep}) = 7`),
    pg.check('price_rule_sets_holiday_step_len', sql`cardinality(${t.holidayStep}) = 2`),
  ],
);

/** Partner companies who provide options and get notified of them. */
export const suppliers = pg.pgTable(
  'suppliers',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    name: pg.text('name').notNull(),
    mail: pg.text('mail').notNull(),
    ...timestamps,
  },
  (t) => [
    pg.index('suppliers_company_idx').on(t.companyId),
    pg.check('suppliers_name_not_blank', sql`btrim(${t.name}) <> ''`),
    pg.check('suppliers_mail_not_blank', sql`btrim(${t.mail}) <> ''`),
  ],
);

/** The catalogue of sellable options of an accommodation. */
export const accommodationOptions = pg.pgTable(
  'accommodation_options',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    name: pg.text('name').notNull(),
    price: pg.integer('price').notNull(),
    /** Counting word shown after quantities: 個, 名, 台... */
    unit: pg.text('unit').notNull(),
    /** Maximum quantity per booking; null means no limit. */
    unitMax: pg.integer('unit_max'),
    description: pg.text('description'),
    // Null is an official (own) option. A partner who still supplies options cannot be deleted,
    // or those options would silently turn official.
    supplierId: pg.integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    /** Null: offered for every room type; otherwise only with that one (and gone with it). */
    roomId: pg.integer('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    /** 1: the guest may pick it when booking. */
    userSelection: pg.smallint('user_selection').notNull().default(0),
    /** 1: a same-day option (per stay day). */
    isStayType: pg.smallint('is_stay_type').notNull().default(0),
    /** 1: notify (the partner) when booked. */
    notice: pg.smallint('notice').notNull().default(0),
    displayOrder: pg.integer('display_order').notNull().default(0),
    /** Consumption tax class (issue 31): 10, 8 (drinks without alcohol from the room's fridge) or exempt. */
    taxClass: pg.text('tax_class').notNull().default('10'),
    ...timestamps,
  },
  (t) => [
    pg.check('accommodation_options_tax_class_valid', inList(t.taxClass, TAX_CLASSES)),
    pg.index('accommodation_options_accommodation_idx').on(t.accommodationId, t.displayOrder),
    pg.index('accommodation_options_supplier_idx').on(t.supplierId),
    pg.index('accommodation_options_room_idx').on(t.roomId),
    pg.check('accommodation_options_name_not_blank', sql`btrim(${t.name}) <> ''`),
    pg.check('accommodation_options_price_nonneg', sql`${t.price} >= 0`),
    pg.check('accommodation_options_unit_not_blank', sql`btrim(${t.unit}) <> ''`),
    pg.check('accommodation_options_unit_max_positive', sql`${t.unitMax} is null or ${t.unitMax} > 0`),
    flagCheck('accommodation_options_user_selection_flag', t.userSelection),
    flagCheck('accommodation_options_is_stay_type_flag', t.isStayType),
    flagCheck('accommodation_options_notice_flag', t.notice),
  ],
);

export const faqs = pg.pgTable(
  'faqs',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    question: pg.text('question').notNull(),
    answer: pg.text('answer').notNull(),
    displayOrder: pg.integer('display_order').notNull().default(0),
    /** Null: shown for every room type. */
    roomId: pg.integer('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    pg.index('faqs_accommodation_idx').on(t.accommodationId, t.displayOrder),
    pg.index('faqs_room_idx').on(t.roomId),
  ],
);

/** Free notes staff leave on a day of an accommodation's calendar. */
export const calendarComments = pg.pgTable(
  'calendar_comments',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    targetDate: pg.date('target_date', { mode: 'string' }).notNull(),
    comment: pg.text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [pg.index('calendar_comments_accommodation_date_idx').on(t.accommodationId, t.targetDate)],
);
