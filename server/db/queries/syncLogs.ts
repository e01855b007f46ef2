import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { SyncLog } from '../../../contract/syncLog';
import type { Tx } from '../client';
import { accommodations, syncLogs } from '../schema';

const columns = {
  id: syncLogs.id,
  accommodation_id: syncLogs.accommodationId,
  accommodation_name: accommodations.name,
  book_id: syncLogs.bookId,
  success: syncLogs.success,
  read: syncLogs.read,
  message: syncLogs.message,
  created_at: syncLogs.createdAt,
};

/** A sync log with its facility's name, its time as the database gives it. */
export type SyncLogRow = Omit<SyncLog, 'created_at'> & { created_at: Date };

/** Which logs a page shows: of these accommodations, only the successful or failed, read or unread ones when given. */
export interface SyncLogFilter {
  success?: number | undefined;
  read?: number | undefined;
}

const within = (accommodationIds: readonly number[], filter: SyncLogFilter) =>
  and(
    inArray(syncLogs.accommodationId, [...accommodationIds]),
    filter.success === undefined ? undefined : eq(syncLogs.success, filter.success),
    filter.read === undefined ? undefined : eq(syncLogs.read, filter.read),
  );

/** A page of the logs, newest first. */
export async function listSyncLogs(
  tx: Tx,
  accommodationIds: readonly number[],
  filter: SyncLogFilter,
  offset: number,
  limit: number,
): Promise<SyncLogRow[]> {
  return await tx
    .select(columns)
    .from(syncLogs)
    .innerJoin(accommodations, eq(accommodations.id, syncLogs.accommodationId))
    .where(within(accommodationIds, filter))
    .orderBy(desc(syncLogs.createdAt), desc(syncLogs.id))
    .offset(offset)
    .limit(limit);
}

/** How many logs the filter holds. */
export async function countSyncLogs(
  tx: Tx,
  accommodationIds: readonly number[],
  filter: SyncLogFilter,
): Promise<number> {
  const [total] = await tx.select({ count: count() }).from(syncLogs).where(within(accommodationIds, filter));
  return total?.count ?? 0;
}

/** Marks the log read or unread; false when none of these accommodations has it. */
export async function markSyncLogRead(
  tx: Tx,
  accommodationIds: readonly number[],
  id: number,
  read: number,
): Promise<boolean> {
  const [updated] = await tx
    .update(syncLogs)
    .set({ read })
    .where(and(eq(syncLogs.id, id), inArray(syncLogs.accommodationId, [...accommodationIds])))
    .returning({ id: syncLogs.id });
  return updated !== undefined;
}

export async function findSyncLog(tx: Tx, id: number): Promise<SyncLogRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(syncLogs)
    .innerJoin(accommodations, eq(accommodations.id, syncLogs.accommodationId))
    .where(eq(syncLogs.id, id));
  return row;
}
