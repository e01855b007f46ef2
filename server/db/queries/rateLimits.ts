import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';

export interface RateLimitHit {
  /** Requests of the key in its current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one request of `key` in one statement, atomic across processes: the first request, or the
 * first after the window ended, starts a new window at 1. The database's clock is the one clock
 * every process shares.
 */
export async function hitRateLimit(tx: Tx, key: string, windowMs: number): Promise<RateLimitHit> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [row] = await sqlRows<{ count: number; ttl_ms: number }>(
    tx,
    sql`insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end,
        window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end
      returning r.count, ceil(extract(epoch from (r.window_start + ${window} - now())) * 1000)::int as ttl_ms`,
  );
  return { count: row!.count, ttlMs: Math.max(0, row!.ttl_ms) };
}

/** Deletes the windows that ended more than `windowMs` ago. */
export async function sweepRateLimits(tx: Tx, windowMs: number): Promise<void> {
  await tx.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${windowMs / 1000})`);
}
