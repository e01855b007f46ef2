/** Small statistics over samples in milliseconds (or any number). */

/** The q-quantile (0..1) with linear interpolation between the two nearest ranks. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (pos - lo);
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

export interface Summary {
  n: number;
  median: number;
  p90: number;
  min: number;
  max: number;
  mean: number;
}

export function summarize(samples: readonly number[]): Summary {
  const n = samples.length;
  return {
    n,
    median: round(median(samples)),
    p90: round(percentile(samples, 0.9)),
    min: round(n ? Math.min(...samples) : Number.NaN),
    max: round(n ? Math.max(...samples) : Number.NaN),
    mean: round(n ? samples.reduce((s, x) => s + x, 0) / n : Number.NaN),
  };
}

/** Rounds to `digits` decimals (1 by default) for reports. */
export function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
