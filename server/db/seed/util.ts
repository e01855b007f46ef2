/** Small deterministic helpers for the demo data: a seeded PRNG, a capped clock. */

import { addDays } from '../../../contract/dates';

export * from '../../../contract/dates';

/** mulberry32: a 32-bit seeded PRNG, good enough for demo data and identical on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** [0, 1) */
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Picks a value by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return items[items.length - 1]![0];
  }
  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 10).toString();
    return out;
  }
}

/** An instant at a Tokyo wall-clock time of a date. */
export function tokyoInstant(date: string, hour: number, minute = 0): Date {
  const hh = String(hour).padStart(2, '0');
  const mm = String(minute).padStart(2, '0');
  return new Date(`${date}T${hh}:${mm}:00+09:00`);
}

/** Splits rows into chunks for multi-row inserts. */
export function chunks<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The demo's clock: instants at Tokyo wall-clock times, never later than `cap` (so that nothing
 * seeded today looks as if it happened in the future).
 */
export interface Clock {
  at(date: string, hour: number, minute?: number): Date;
  clamp(instant: Date): Date;
}

export function clockUntil(cap: Date): Clock {
  const clamp = (instant: Date) => (instant > cap ? new Date(cap) : instant);
  return { clamp, at: (date, hour, minute = 0) => clamp(tokyoInstant(date, hour, minute)) };
}

/** The last instant of a Tokyo day. */
export function endOfTokyoDay(date: string): Date {
  return new Date(tokyoInstant(addDays(date, 1), 0).getTime() - 1);
}
