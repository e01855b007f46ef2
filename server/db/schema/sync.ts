import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
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
} from 'drizzle-orm/pg-core';
import { SYNC_CHECK_STATUSES } from '../../../contract/enums';
import { accommodations } from './company';
import { bookings } from './bookings';
import { rooms } from './catalogue';
import { createdAt, flagCheck, inList, timestamps, parentId } from './columns';

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
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
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
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
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
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
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
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
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

/**
 * Changes of our stock, prices and plan publication waiting to reach the channel (ARI out). Rows are
 * written by triggers on bookings, rooms, plans and prices (migration 0014), in the transaction of
 * the change, for facilities with a service 1 setting; the push job (server/channel/outbound/push.ts) reads
 * them per facility, coalesces them into one batch per type and deletes what it sent.
 * kind 1: availability of room type target_id; kind 2: restrictions (rate, stop-sell) of plan
 * target_id. Nights from date_from up to date_to, excluded (date_to is a check-out day).
 */
export const channelChanges = pgTable(
  'channel_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    kind: smallint('kind').notNull(),
    targetId: integer('target_id').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    ...createdAt,
  },
  (t) => [
    index('channel_changes_accommodation_idx').on(t.accommodationId, t.id),
    check('channel_changes_kind_valid', sql`${t.kind} in (1, 2)`),
  ],
);

/** Channel revisions applied, keyed by facility and revision id: a revision served again is acknowledged, not applied. */
export const channelRevisions = pgTable(
  'channel_revisions',
  {
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    revisionId: text('revision_id').notNull(),
    reservationId: text('reservation_id').notNull(),
    seq: integer('seq').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accommodationId, t.revisionId] })],
);

/**
 * Revisions of the channel's feed set aside (issue 28), acknowledged on the channel so that the
 * feed goes on: `unmapped` ones (a room type the site sells that no sync item names yet) wait here
 * and are applied at a later pull once the mapping exists; `invalid` ones (the contract's booking
 * rules refused them, server/channel/inbound/pull.ts) are kept with the problems for staff to see. The
 * revision is kept as checked (unmapped) or cut to 4,000 characters of its JSON (invalid).
 */
export const channelParkedRevisions = pgTable(
  'channel_parked_revisions',
  {
    id: serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    revisionId: text('revision_id').notNull(),
    reservationId: text('reservation_id'),
    reason: text('reason').notNull(),
    /** What was wrong, in Japanese (invalid), or the site's room code (unmapped). */
    detail: text('detail').notNull(),
    /** The checked revision (unmapped), applied when its room is mapped. */
    revision: jsonb('revision'),
    /** The start of what the channel sent (invalid), for whoever looks into it. */
    received: text('received'),
    ...createdAt,
  },
  (t) => [
    uniqueIndex('channel_parked_revisions_key').on(t.accommodationId, t.revisionId),
    check('channel_parked_revisions_reason_valid', sql`${t.reason} in ('unmapped', 'invalid')`),
  ],
);

/**
 * Sync health per facility (GET /api/admin/sync/health). A pull that fails opens a gap (gap_from)
 * that the next successful pull closes by reading the site's booking list from it.
 */
export const channelState = pgTable('channel_state', {
  accommodationId: integer('accommodation_id')
    .primaryKey()
    .references(() => accommodations.id, { onDelete: 'cascade' }),
  lastPullAt: timestamp('last_pull_at', { withTimezone: true }),
  lastPullOkAt: timestamp('last_pull_ok_at', { withTimezone: true }),
  lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  lastPushOkAt: timestamp('last_push_ok_at', { withTimezone: true }),
  /** Earliest pull that failed since the last good one; null when there is no gap. */
  gapFrom: timestamp('gap_from', { withTimezone: true }),
  /** Not before this time may the next push go (a 429's Retry-After, a 5xx back-off). */
  pushNotBefore: timestamp('push_not_before', { withTimezone: true }),
  lastReadbackAt: timestamp('last_readback_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Nights staff stopped selling on the channel (the stale warning's one-click stop-sell): pushed as availability 0. */
export const channelStopSells = pgTable(
  'channel_stop_sells',
  {
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    createdBy: integer('created_by'),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.targetDate] }),
    index('channel_stop_sells_accommodation_idx').on(t.accommodationId, t.targetDate),
  ],
);
