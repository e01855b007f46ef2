/** The kinds of channel call the site rate-limits: only the two pushes. */
export type LimitedKind = 'availability' | 'restrictions';

export const WINDOW_MS = 60_000;

/**
 * A sliding window of 60 s per facility per kind: at most `perMinute` calls whose time lies within
 * the last 60 s. Refused calls take no slot.
 */
export class SlidingWindowLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(
    public perMinute: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes a slot, or answers the whole seconds until one frees. */
  take(hotelId: string, kind: LimitedKind): { ok: true } | { ok: false; retryAfter: number } {
    const key = `${hotelId}\u0000${kind}`;
    const t = this.now();
    let list = this.calls.get(key);
    if (!list) {
      list = [];
      this.calls.set(key, list);
    }
    while (list.length > 0 && (list[0] as number) <= t - WINDOW_MS) list.shift();
    if (list.length >= this.perMinute) {
      // The slot of the call perMinute back from the newest frees first.
      const oldest = list[list.length - this.perMinute] as number;
      const waitMs = oldest + WINDOW_MS - t;
      return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    list.push(t);
    return { ok: true };
  }

  clear(): void {
    this.calls.clear();
  }
}
