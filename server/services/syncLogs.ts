import type { SyncLog, SyncLogListQuery, SyncLogUpdate } from '../../contract/syncLog';
import type { Db } from '../db/client';
import { countSyncLogs, findSyncLog, listSyncLogs, markSyncLogRead, type SyncLogRow } from '../db/queries/syncLogs';
import { notFound } from '../errors';
import type { CurrentUser } from './auth';

const logOf = (row: SyncLogRow): SyncLog => ({ ...row, created_at: row.created_at.toISOString() });

/**
 * Sync logs (GET admin/logs/sync, PATCH admin/logs/sync/{id}): what each sync did, for the
 * facilities the user reaches, newest first, 50 a page (offset); staff mark a row read or unread.
 * The rows are written by the sync itself (server/channel/).
 */
export class SyncLogsService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, query: SyncLogListQuery): Promise<{ logs: SyncLog[]; count: number }> {
    if (user.accommodationIds.length === 0) return { logs: [], count: 0 };
    const filter = { success: query.success, read: query.read };
    const [rows, total] = await Promise.all([
      listSyncLogs(this.db, user.accommodationIds, filter, query.offset, query.limit),
      countSyncLogs(this.db, user.accommodationIds, filter),
    ]);
    return { logs: rows.map(logOf), count: total };
  }

  async update(user: CurrentUser, id: number, input: SyncLogUpdate): Promise<SyncLog> {
    if (user.accommodationIds.length === 0) throw notFound();
    if (!(await markSyncLogRead(this.db, user.accommodationIds, id, input.read))) throw notFound();
    return logOf((await findSyncLog(this.db, id))!);
  }
}
