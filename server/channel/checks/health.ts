import type { SyncHealthRow } from '../../../contract/syncHealth';
import { tokyoToday } from '../../../contract/dates';
import type { Tx } from '../../db/client';
import { syncHealthFacts } from '../../db/queries/channel/health';

/**
 * Sync health per facility (GET /api/admin/sync/health): what channel_state, channel_changes and
 * sync_settings say, and whether sync is stale. Staff must see a stale sync (issue 21: in 2022 a
 * backed-up queue sold rooms for 47 hours while nobody could see it), so the console warns on every
 * screen while any facility they reach is stale.
 */

/** Seconds of slack after two missed polls: a pull that is a little late is not a stopped sync. */
export const STALE_GRACE_SECONDS = 5;
/** A change may wait this much longer than two polls (batching, a 429's Retry-After) before it is stale. */
export const PENDING_GRACE_SECONDS = 60;

/** What isStale reads: instants as Date, ISO text or epoch ms; null when there is none. */
export interface StaleInput {
  last_pull_ok_at: Date | string | number | null;
  oldest_pending_at: Date | string | number | null;
  /** When the facility's sync setting was made: before the first good pull, the clock runs from it. */
  setting_created_at: Date | string | number | null;
}

const ms = (v: Date | string | number) => new Date(v).getTime();

/**
 * How long sync has been stopped at `now`, in seconds; 0 while it runs. A facility is stale when no
 * pull succeeded within two poll intervals (plus STALE_GRACE_SECONDS), counted from its sync
 * setting when no pull ever succeeded, or when its oldest change waiting to be pushed is older than
 * two poll intervals plus PENDING_GRACE_SECONDS.
 */
export function staleSeconds(row: StaleInput, now: Date, pollSeconds: number): number {
  const nowMs = now.getTime();
  let worst = 0;
  const pullFrom = row.last_pull_ok_at ?? row.setting_created_at;
  if (pullFrom !== null) {
    const age = (nowMs - ms(pullFrom)) / 1000;
    if (age > 2 * pollSeconds + STALE_GRACE_SECONDS) worst = Math.max(worst, age);
  }
  if (row.oldest_pending_at !== null) {
    const age = (nowMs - ms(row.oldest_pending_at)) / 1000;
    if (age > 2 * pollSeconds + PENDING_GRACE_SECONDS) worst = Math.max(worst, age);
  }
  return Math.floor(worst);
}

/** Whether the facility's sync is stale at `now` (see staleSeconds). */
export function isStale(row: StaleInput, now: Date, pollSeconds: number): boolean {
  return staleSeconds(row, now, pollSeconds) > 0;
}

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/**
 * One row per facility among `accommodationIds` that has a service 1 sync setting, by facility id.
 * `now` is the clock (a fake one in tests).
 */
export async function syncHealth(
  tx: Tx,
  accommodationIds: readonly number[],
  now: Date,
  pollSeconds: number,
): Promise<SyncHealthRow[]> {
  if (accommodationIds.length === 0) return [];
  const rows = await syncHealthFacts(tx, accommodationIds, tokyoToday(now));
  return rows.map((r) => {
    const input: StaleInput = {
      last_pull_ok_at: r.pull_ok_ms,
      oldest_pending_at: r.oldest_ms,
      setting_created_at: r.setting_ms,
    };
    const stale = staleSeconds(input, now, pollSeconds);
    return {
      accommodation_id: r.accommodation_id,
      name: r.name,
      last_pull_ok_at: iso(r.pull_ok_ms),
      last_push_ok_at: iso(r.push_ok_ms),
      pending_changes: r.pending,
      oldest_pending_at: iso(r.oldest_ms),
      oldest_pending_seconds:
        r.oldest_ms === null ? null : Math.max(0, Math.floor((now.getTime() - r.oldest_ms) / 1000)),
      stale: stale > 0,
      stale_seconds: stale,
      stop_sell_nights: r.stop_sells,
      last_error: r.last_error,
      parked_unmapped: r.parked_unmapped,
      parked_invalid: r.parked_invalid,
    };
  });
}
