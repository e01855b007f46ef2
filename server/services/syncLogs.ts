import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { SyncLog, SyncLogListQuery, SyncLogUpdate } from '../../contract/syncLog';
import type { Db } from '../db/client';
import { accommodations, syncLogs } from '../db/schema';
import { notFound } from '../errors';
import type { CurrentUser } from './auth';

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

type Row = Omit<SyncLog, 'created_at'> & { created_at: Date };
const logOf = (row: Row): SyncLog => ({ ...row, created_at: row.created_at.toISOString() });

/**
 * Sync logs (GET admin/logs/sync, PATCH admin/logs/sync/{id}): what each sync did, for the
 * facilities the user reaches, newest first, 50 a page (offset); staff mark a row read or unread.
 * The rows are written by the sync itself (server/channel/).
 */
export class SyncLogsService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, query: SyncLogListQuery): Promise<{ logs: SyncLog[]; count: number }> {
    if (user.accommodationIds.length === 0) return { logs: [], count: 0 };
    const where = and(
      inArray(syncLogs.accommodationId, [...user.accommodationIds]),
      query.success === undefined ? undefined : eq(syncLogs.success, query.success),
      query.read === undefined ? undefined : eq(syncLogs.read, query.read),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(syncLogs)
        .innerJoin(accommodations, eq(accommodations.id, syncLogs.accommodationId))
        .where(where)
        .orderBy(desc(syncLogs.createdAt), desc(syncLogs.id))
        .offset(query.offset)
        .limit(query.limit),
      this.db.select({ count: count() }).from(syncLogs).where(where),
    ]);
    return { logs: rows.map(logOf), count: total?.count ?? 0 };
  }

  async update(user: CurrentUser, id: number, input: SyncLogUpdate): Promise<SyncLog> {
    if (user.accommodationIds.length === 0) throw notFound();
    const [updated] = await this.db
      .update(syncLogs)
      .set({ read: input.read })
      .where(and(eq(syncLogs.id, id), inArray(syncLogs.accommodationId, [...user.accommodationIds])))
      .returning({ id: syncLogs.id });
    if (!updated) throw notFound();
    const [row] = await this.db
      .select(columns)
      .from(syncLogs)
      .innerJoin(accommodations, eq(accommodations.id, syncLogs.accommodationId))
      .where(eq(syncLogs.id, id));
    return logOf(row!);
  }
}
