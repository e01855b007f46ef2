import { defineEntity } from './entity';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * A sync log row (spec 3 "Sync log item", 7 "GET /admin/logs/sync, optional success, read, offset;
 * PATCH /admin/logs/sync/{id}, body {read}"): what one attempt to sync with the external channel
 * did, for the facilities the user reaches, newest first, 50 a page. Staff mark a row read.
 */
export const SYNC_LOG_PAGE_SIZE = 50;

export const syncLogMessages = {
  read: '既読か未読かを選んでください',
  flag: '0 か 1 で指定してください',
} as const;

export const syncLogSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  accommodation_name: z.string(),
  book_id: z.number().int().nullable(),
  success: z.number().int(),
  read: z.number().int(),
  message: z.string(),
  created_at: z.string(),
});
export type SyncLog = z.infer<typeof syncLogSchema>;
/** `count`: how many rows the filters hold, for the console's pages. */
export const syncLogListSchema = z.object({ logs: z.array(syncLogSchema), count: z.number().int() });

/** 0/1, true/false from a query string. */
const flagQuery = z
  .union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.literal(0), z.literal(1)], {
    error: syncLogMessages.flag,
  })
  .transform((v) => (v === '1' || v === 'true' || v === 1 ? 1 : 0));

export const syncLogListQuerySchema = z.object({
  success: flagQuery.optional(),
  read: flagQuery.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_LOG_PAGE_SIZE).default(SYNC_LOG_PAGE_SIZE),
});
export type SyncLogListQuery = z.infer<typeof syncLogListQuerySchema>;

/** PATCH admin/logs/sync/{id}: read 0 or 1. */
export const syncLogUpdateSchema = z.object({
  read: z.union([z.literal(0), z.literal(1)], { error: syncLogMessages.read }),
});
export type SyncLogUpdate = z.infer<typeof syncLogUpdateSchema>;

export const syncLogEntity = defineEntity({
  resource: 'sync_logs',
  api: resourceApi.sync_logs,
  table: 'sync_logs',
  record: syncLogSchema,
  // Rows are written by the sync itself, never created from the console.
  create: z.object({}),
  update: syncLogUpdateSchema,
  listQuery: syncLogListQuerySchema,
  fields: {
    created_at: { input: 'text', column: { format: 'date' } },
    accommodation_name: { input: 'text', storedIn: 'accommodations.name', column: {} },
    success: { input: 'switch', column: {} },
    message: { input: 'text', column: {} },
    read: { input: 'switch', column: {} },
  },
  recordRepresentation: 'message',
});
