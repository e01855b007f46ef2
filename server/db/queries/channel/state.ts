import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';

/**
 * channel_state, sync health per facility. Each write is an upsert that touches only its own
 * columns: the pull writes its columns, the push and the read-back theirs.
 */

export interface PullState {
  lastPullOkAt: Date | null;
  gapFrom: Date | null;
}

/** The pull's last good pull and open gap of the facility. */
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

/** The push's columns of a facility's channel_state. */
export interface PushState {
  push_not_before: Date | string | null;
  last_push_at: Date | string | null;
  last_error: string | null;
}

/** The facility's push state; undefined before its first pull or push. */
export async function channelStateOf(tx: Tx, accommodationId: number): Promise<PushState | undefined> {
  const [row] = await sqlRows<PushState>(
    tx,
    sql`select push_not_before, last_push_at, last_error from channel_state where accommodation_id = ${accommodationId}`,
  );
  return row;
}

/** Sets the given channel_state columns of a facility (the row is made on first use). */
export async function updateChannelState(
  tx: Tx,
  accommodationId: number,
  set: Partial<{
    last_push_at: Date;
    last_push_ok_at: Date;
    push_not_before: Date | null;
    last_readback_at: Date;
    last_error: string | null;
  }>,
): Promise<void> {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  const value = (v: unknown) => (v instanceof Date ? sql`${v.toISOString()}::timestamptz` : sql`${v as string | null}`);
  const columns = sql.join(
    entries.map(([k]) => sql.identifier(k)),
    sql`, `,
  );
  const values = sql.join(
    entries.map(([, v]) => value(v)),
    sql`, `,
  );
  const updates = sql.join(
    entries.map(([k]) => sql`${sql.identifier(k)} = excluded.${sql.identifier(k)}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into channel_state (accommodation_id, ${columns}, updated_at)
    values (${accommodationId}, ${values}, now())
    on conflict (accommodation_id) do update set ${updates}, updated_at = now()`);
}

/** Clears the facility's last error when it starts with `prefix` (a good push clears its own, not the pull's). */
export async function clearErrorStartingWith(tx: Tx, accommodationId: number, prefix: string): Promise<void> {
  await tx.execute(sql`update channel_state set last_error = null, updated_at = now()
    where accommodation_id = ${accommodationId} and last_error like ${`${prefix}%`}`);
}
