import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';

/**
 * The channel's rows of sync_logs (the console's channel log): every attempt that failed and every
 * one that changed something writes one; an attempt with nothing to do writes none.
 */

export interface SyncLogRow {
  accommodationId: number;
  /** The booking the row concerns, if any. */
  bookId?: number | null;
  success: boolean;
  /** Japanese, shown to staff. Never a guest's mail or phone. */
  message: string;
  /** Defaults to the database clock. */
  at?: Date;
}

/** Writes one sync_logs row. */
export async function writeSyncLog(tx: Tx, row: SyncLogRow): Promise<void> {
  await tx.execute(sql`
    insert into sync_logs (accommodation_id, book_id, success, message, created_at)
    values (${row.accommodationId}, ${row.bookId ?? null}, ${row.success ? 1 : 0}, ${row.message},
      coalesce(${row.at ? row.at.toISOString() : null}::timestamptz, now()))`);
}

/**
 * Writes the row unless the same failure of the facility is still unread: a problem that stays
 * until staff act (an unmapped room type, a password that cannot be opened, a revision we cannot
 * store) would otherwise add a row every poll.
 */
export async function writeSyncLogUnlessUnread(tx: Tx, row: SyncLogRow): Promise<void> {
  const [seen] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sync_logs
        where accommodation_id = ${row.accommodationId} and success = ${row.success ? 1 : 0} and read = 0
          and message = ${row.message}`,
  );
  if (seen!.n === 0) await writeSyncLog(tx, row);
}

/** The facility's last row whose message starts with `prefix` and names no booking (the push's own rows). */
export async function lastFacilityLog(
  tx: Tx,
  accommodationId: number,
  prefix: string,
): Promise<{ success: number; message: string } | undefined> {
  const [row] = await sqlRows<{ success: number; message: string }>(
    tx,
    sql`select success, message from sync_logs
        where accommodation_id = ${accommodationId} and book_id is null and message like ${`${prefix}%`}
        order by created_at desc, id desc limit 1`,
  );
  return row;
}

/** The booking's last row. */
export async function lastBookingLog(
  tx: Tx,
  bookingId: number,
): Promise<{ success: number; message: string } | undefined> {
  const [last] = await sqlRows<{ success: number; message: string }>(
    tx,
    sql`select success, message from sync_logs where book_id = ${bookingId} order by created_at desc, id desc limit 1`,
  );
  return last;
}
