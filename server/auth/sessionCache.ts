import type { ChannelHandlers } from '../db/notifications';

/** The channel the database's triggers notify when sessions, users, grants or accommodations change. */
export const AUTH_CHANNEL = 'yadoban_auth';

/**
 * How long after the last proof of delivery (a heard heartbeat, server/db/notifications.ts) kept
 * entries are still served: a change committed at `c` is answered stale until `c + TRUST_MS` at
 * the latest, on every process. Three heartbeats' worth, so that one late beat costs nothing.
 */
export const TRUST_MS = 1500;

interface Entry<T> {
  value: T;
  /** Epoch milliseconds after which the entry is not used. */
  until: number;
}

/**
 * Who is behind each access token, kept between requests so that a request costs no round trip
 * to the database before its own statement (issue 12). It is right only while everything that
 * changes a session, a user, a grant or the company's accommodations empties it:
 * - the database notifies `AUTH_CHANNEL` on any change of those tables, from any process
 *   (triggers of migration 0006), and `handlers` empty it;
 * - this process empties it after every request that may write, before answering
 *   (`forgetSessionsAfterWrites` in server/plugins/access.ts), so its own changes hold from the very next request;
 * - while the notifications' connection is down, nothing is kept;
 * - a connection can stall without closing, so nothing is served unless a heartbeat sent less than
 *   `trustMs` ago has come back on it (`onDelivered`): every notification committed before it
 *   has then arrived. Past that, requests read the database until heartbeats come back.
 * An entry also ends with its token and after `maxAgeMs` at the most. A read that began before
 * the cache was emptied is not kept (`generation`): it may have seen the old rows.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private live = false;
  /** Epoch ms from which nothing is served, until the next proof of delivery. */
  private trustedUntil = 0;

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly trustMs = TRUST_MS,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    if (now >= this.trustedUntil) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The generation a read starts in: pass it to `set` once the read is done. */
  begin(): number {
    return this.generation;
  }

  /** Keeps `value` until `expiresAt` (epoch ms) unless the cache was emptied since `generation`. */
  set(key: string, value: T, generation: number, expiresAt: number, now = Date.now()): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: Math.min(expiresAt, now + this.maxAgeMs) });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** For `Database.listen(AUTH_CHANNEL, …)`. */
  readonly handlers: ChannelHandlers = {
    onNotify: () => this.clear(),
    onReady: () => {
      this.clear();
      this.live = true;
    },
    onDelivered: (before) => {
      this.trustedUntil = Math.max(this.trustedUntil, before + this.trustMs);
    },
    onLost: () => {
      this.live = false;
      this.trustedUntil = 0;
      this.clear();
    },
  };
}
