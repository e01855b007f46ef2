import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../db/client';

/**
 * The pull's columns of channel_state (sync health per facility). Each write is an upsert that
 * touches only its own columns: the push job writes the others.
 */

export interface PullState {
  lastPullOkAt: Date | null;
  gapFrom: Date | null;
}

export async function readPullState(tx: Tx, accommodationId: number): Promise<PullState> {
  const rows = await sqlRows<{ last_pull_ok_at: string | Date | null; gap_from: string | Date | null }>(
    tx,
    sql`select last_pull_ok_at, gap_from from channel_state where accommodation_id = ${accommodationId}`,
  );
  const toDate = (v: string | Date | null | undefined) => (v == null ? null : new Date(v));
  return { lastPullOkAt: toDate(rows[0]?.last_pull_ok_at), gapFrom: toDate(rows[0]?.gap_from) };
}

/**
 * A pull that reached the channel: the last good pull is now. `gapFrom`: null once the gap (if any)
 * was reconciled, or the start of one whose reconciliation left something to read again.
 */
export async function recordPullSuccess(tx: Tx, accommodationId: number, now: Date, gapFrom: Date | null) {
  const at = now.toISOString();
  const gap = gapFrom?.toISOString() ?? null;
  await tx.execute(sql`
    insert into channel_state (accommodation_id, last_pull_at, last_pull_ok_at, gap_from, last_error, updated_at)
    values (${accommodationId}, ${at}::timestamptz, ${at}::timestamptz, ${gap}::timestamptz, null, now())
    on conflict (accommodation_id) do update set
      last_pull_at = excluded.last_pull_at, last_pull_ok_at = excluded.last_pull_ok_at, last_error = null,
      gap_from = excluded.gap_from, updated_at = now()`);
}

/**
 * A pull that failed: its message, and a gap from the last good pull (or now) unless one is open
 * already. The next good pull reads the site's bookings from the gap's start.
 */
export async function recordPullFailure(tx: Tx, accommodationId: number, now: Date, message: string) {
  const at = now.toISOString();
  await tx.execute(sql`
    insert into channel_state (accommodation_id, last_pull_at, gap_from, last_error, updated_at)
    values (${accommodationId}, ${at}::timestamptz, ${at}::timestamptz, ${message}, now())
    on conflict (accommodation_id) do update set
      last_pull_at = excluded.last_pull_at, last_error = excluded.last_error,
      gap_from = coalesce(channel_state.gap_from, channel_state.last_pull_ok_at, excluded.gap_from),
      updated_at = now()`);
}
