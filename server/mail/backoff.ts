/**
 * Wait before the next try after a temporary failure: exponential in the attempts made, capped,
 * with "equal jitter" (half fixed, half random) so that rows refused together do not come back
 * together. attempts is the number of tries made so far (1 after the first).
 */
export function retryDelayMs(
  attempts: number,
  options: { baseMs?: number; capMs?: number; random?: () => number } = {},
): number {
  const base = options.baseMs ?? 30_000;
  const cap = options.capMs ?? 30 * 60_000;
  const random = options.random ?? Math.random;
  const exp = Math.min(cap, base * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Spaces sends so that a process holds at most `perSecond` a second (a small burst allowed). */
export class RateLimiter {
  private next = 0;
  private readonly interval: number;

  constructor(perSecond: number) {
    this.interval = 1000 / Math.max(perSecond, 0.001);
  }

  /** Milliseconds to wait before the next send may start (and books that slot). */
  reserve(now = Date.now()): number {
    // Up to 100 ms of unused time can be spent as a burst; older idle time is forgotten.
    const start = Math.max(this.next, now - 100);
    this.next = start + this.interval;
    return Math.max(0, start - now);
  }
}
