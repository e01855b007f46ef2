import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SYNC_CHECK_STATUSES } from '../../../contract/enums';
import { accommodations } from './company';
import { bookings } from './bookings';
import { rooms } from './catalogue';
import { createdAt, flagCheck, inList, timestamps } from './columns';

/** Synchronisation with the external booking channel (service id 1). */

/**
 * For service 1, params is { accommodation_id, id, password }: the facility's id on the channel
 * and the extranet login. The password must be usable to log in, so it is stored as given; answers
 * must never echo it back.
 */
export interface SyncSettingParams {
  accommodation_id?: string;
  id?: string;
  password?: string;
  [key: string]: unknown;
}

export const syncSettings = pgTable(
  'sync_settings',
  {
    id: serial('id').primaryKey(),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    tag: text('tag'),
    /** Where channel notifications about this facility go. */
    mailTo: text('mail_to'),
    serviceId: smallint('service_id').notNull().default(1),
    params: jsonb('params').$type<SyncSettingParams>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('sync_settings_accommodation_service_key').on(t.accommodationId, t.serviceId)],
);

/** Names of our room types and plans on the channel. target_id is a rooms.id or plans.id. */
export const syncItems = pgTable(
  'sync_items',
  {
    id: serial('id').primaryKey(),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    service: smallint('service').notNull().default(1),
    /** 1 room, 2 plan. */
    targetType: smallint('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    targetName: text('target_name').notNull(),
    ...timestamps,
  },
  (t) => [
    index('sync_items_target_idx').on(t.accommodationId, t.targetType, t.targetId),
    check('sync_items_target_type_valid', sql`${t.targetType} in (1, 2)`),
  ],
);

/** A month of one room type compared with the channel. result: per-day comma list, 0 = fine. */
export const syncChecks = pgTable(
  'sync_checks',
  {
    id: serial('id').primaryKey(),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    result: text('result').notNull().default(''),
    status: text('status').$type<(typeof SYNC_CHECK_STATUSES)[number]>().notNull(),
    ...createdAt,
  },
  (t) => [
    index('sync_checks_accommodation_month_idx').on(t.accommodationId, t.year, t.month),
    index('sync_checks_room_idx').on(t.roomId),
    check('sync_checks_month_valid', sql`${t.month} between 1 and 12`),
    check('sync_checks_status_valid', inList(t.status, SYNC_CHECK_STATUSES)),
  ],
);

export const syncLogs = pgTable(
  'sync_logs',
  {
    id: serial('id').primaryKey(),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').references(() => bookings.id, { onDelete: 'set null' }),
    success: smallint('success').notNull(),
    read: smallint('read').notNull().default(0),
    message: text('message').notNull().default(''),
    ...createdAt,
  },
  (t) => [
    index('sync_logs_accommodation_created_idx').on(t.accommodationId, t.createdAt),
    index('sync_logs_book_idx').on(t.bookId),
    flagCheck('sync_logs_success_flag', t.success),
    flagCheck('sync_logs_read_flag', t.read),
  ],
);
