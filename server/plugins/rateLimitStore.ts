import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { hitRateLimit, sweepRateLimits } from '../db/queries/rateLimits';

/** What @fastify/rate-limit hands a route's store: its merged settings, with the route they are for. */
interface RouteSettings {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store, kept in the database (rate_limits) instead of each process's memory:
 * every process on the database counts the same requests, so N processes allow what one does.
 * Each route counts apart (its method and path lead the key), as the plugin's own store does.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(settings: unknown) {
      const route = (settings as RouteSettings | undefined)?.routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url} ` : '';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      this.count(`${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
      );
    }

    child(settings: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(settings);
    }

    private async count(key: string, windowMs: number) {
      // Each process deletes the windows that ended about once a window: the table stays small.
      if (Date.now() - lastSweep > windowMs) {
        lastSweep = Date.now();
        await sweepRateLimits(db, windowMs);
      }
      return hitRateLimit(db, key, windowMs);
    }
  }
  return DatabaseRateLimitStore;
}
