import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
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

export const syncSettings = pg.pgTable(
  'sync_settings',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    tag: pg.text('tag'),
    /** Where channel notifications about this facility go. */
    mailTo: pg.text('mail_to'),
    serviceId: pg.smallint('service_id').notNull().default(1),
    params: pg.jsonb('params').$type<SyncSettingParams>().notNull().default({}),
    ...timestamps,
  },
  (t) => [pg.uniqueIndex('sync_settings_accommodation_service_key').on(t.accommodationId, t.serviceId)],
);

/** Names of our room types and plans on the channel. target_id is a rooms.id or plans.id. */
export const syncItems = pg.pgTable(
  'sync_items',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    service: pg.smallint('service').notNull().default(1),
    /** 1 room, 2 plan. */
    targetType: pg.smallint('target_type').notNull(),
    targetId: pg.integer('target_id').notNull(),
    targetName: pg.text('target_name').notNull(),
    ...timestamps,
  },
  (t) => [
    pg.index('sync_items_target_idx').on(t.accommodationId, t.targetType, t.targetId),
    pg.check('sync_items_target_type_valid', sql`${t.targetType} in (1, 2)`),
  ],
);

/** A month of one room type compared with the channel. result: per-day comma list, 0 = fine. */
export const syncChecks = pg.pgTable(
  'sync_checks',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    year: pg.integer('year').notNull(),
    month: pg.integer('month').notNull(),
    result: pg.text('result').notNull().default(''),
    status: pg.text('status').$type<(typeof SYNC_CHECK_STATUSES)[number]>().notNull(),
    ...createdAt,
  },
  (t) => [
    pg.index('sync_checks_accommodation_month_idx').on(t.accommodationId, t.year, t.month),
    pg.index('sync_checks_room_idx').on(t.roomId),
    pg.check('sync_checks_month_valid', sql`${t.month} between 1 and 12`),
    pg.check('sync_checks_status_valid', inList(t.status, SYNC_CHECK_STATUSES)),
  ],
);

export const syncLogs = pg.pgTable(
  'sync_logs',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    bookId: pg.integer('book_id').references(() => bookings.id, { onDelete: 'set null' }),
    success: pg.smallint('success').notNull(),
    read: pg.smallint('read').notNull().default(0),
    message: pg.text('message').notNull().default(''),
    ...createdAt,
  },
  (t) => [
    pg.index('sync_logs_accommodation_created_idx').on(t.accommodationId, t.createdAt),
    pg.index('sync_logs_book_idx').on(t.bookId),
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
export const channelChanges = pg.pgTable(
  'channel_changes',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    kind: pg.smallint('kind').notNull(),
    targetId: pg.integer('target_id').notNull(),
    dateFrom: pg.date('date_from', { mode: 'string' }).notNull(),
    dateTo: pg.date('date_to', { mode: 'string' }).notNull(),
    ...createdAt,
  },
  (t) => [
    pg.index('channel_changes_accommodation_idx').on(t.accommodationId, t.id),
    pg.check('channel_changes_kind_valid', sql`${t.kind} in (1, 2)`),
  ],
);

/** Channel revisions applied, keyed by facility and revision id: a revision served again is acknowledged, not applied. */
export const channelRevisions = pg.pgTable(
  'channel_revisions',
  {
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    revisionId: pg.text('revision_id').notNull(),
    reservationId: pg.text('reservation_id').notNull(),
    seq: pg.integer('seq').notNull(),
    appliedAt: pg.timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.accommodationId, t.revisionId] })],
);

/**
 * Revisions of the channel's feed set aside (issue 28), acknowledged on the channel so that the
 * feed goes on: `unmapped` ones (a room type the site sells that no sync item names yet) wait here
 * and are applied at a later pull once the mapping exists; `invalid` ones (the contract's booking
 * rules refused them, server/channel/inbound/pull.ts) are kept with the problems for staff to see. The
 * revision is kept as checked (unmapped) or cut to 4,000 characters of its JSON (invalid).
 */
export const channelParkedRevisions = pg.pgTable(
  'channel_parked_revisions',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    revisionId: pg.text('revision_id').notNull(),
    reservationId: pg.text('reservation_id'),
    reason: pg.text('reason').notNull(),
    /** What was wrong, in Japanese (invalid), or the site's room code (unmapped). */
    detail: pg.text('detail').notNull(),
    /** The checked revision (unmapped), applied when its room is mapped. */
    revision: pg.jsonb('revision'),
    /** The start of what the channel sent (invalid), for whoever looks into it. */
    received: pg.text('received'),
    ...createdAt,
  },
  (t) => [
    pg.uniqueIndex('channel_parked_revisions_key').on(t.accommodationId, t.revisionId),
    pg.check('channel_parked_revisions_reason_valid', sql`${t.reason} in ('unmapped', 'invalid')`),
  ],
);

/**
 * Sync health per facility (GET /api/admin/sync/health). A pull that fails opens a gap (gap_from)
 * that the next successful pull closes by reading the site's booking list from it.
 */
export const channelState = pg.pgTable('channel_state', {
  accommodationId: pg
    .integer('accommodation_id')
    .primaryKey()
    .references(() => accommodations.id, { onDelete: 'cascade' }),
  lastPullAt: pg.timestamp('last_pull_at', { withTimezone: true }),
  lastPullOkAt: pg.timestamp('last_pull_ok_at', { withTimezone: true }),
  lastPushAt: pg.timestamp('last_push_at', { withTimezone: true }),
  lastPushOkAt: pg.timestamp('last_push_ok_at', { withTimezone: true }),
  /** Earliest pull that failed since the last good one; null when there is no gap. */
  gapFrom: pg.timestamp('gap_from', { withTimezone: true }),
  /** Not before this time may the next push go (a 429's Retry-After, a 5xx back-off). */
  pushNotBefore: pg.timestamp('push_not_before', { withTimezone: true }),
  lastReadbackAt: pg.timestamp('last_readback_at', { withTimezone: true }),
  lastError: pg.text('last_error'),
  updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Nights staff stopped selling on the channel (the stale warning's one-click stop-sell): pushed as availability 0. */
export const channelStopSells = pg.pgTable(
  'channel_stop_sells',
  {
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    targetDate: pg.date('target_date', { mode: 'string' }).notNull(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    createdBy: pg.integer('created_by'),
    ...createdAt,
  },
  (t) => [
    pg.primaryKey({ columns: [t.roomId, t.targetDate] }),
    pg.index('channel_stop_sells_accommodation_idx').on(t.accommodationId, t.targetDate),
  ],
);
