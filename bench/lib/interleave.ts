/**
 * Runs every timer once per round, `warmup` rounds unrecorded then `runs` recorded, starting each
 * round one timer further, so that the drift of a shared machine's load falls on all of them alike.
 */
export async function interleaved(
  timers: (() => Promise<number>)[],
  warmup: number,
  runs: number,
): Promise<number[][]> {
  const samples = timers.map(() => [] as number[]);
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < timers.length; k++) {
      const i = (round + k) % timers.length;
      const value = await timers[i]!();
      if (round >= warmup) samples[i]!.push(value);
    }
  }
  return samples;
}
