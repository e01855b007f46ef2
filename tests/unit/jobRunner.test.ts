import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { nudgeJob } from '../../server/jobs/nudge';
import type { JobDefinition, SkipLockedJob } from '../../server/jobs/registry';
import { JobRunner, type JobStateStore } from '../../server/jobs/runner';

/** The runs as the runner records them, in memory (job_runs in the server). */
function memoryStore() {
  const events: { name: string; kind: 'started' | 'finished'; error?: string | null; nextRunAt?: Date | null }[] = [];
  const defined: string[] = [];
  const store: JobStateStore = {
    define: async (jobs) => void defined.push(...jobs.map((j) => j.name)),
    started: async (_exec, name) => void events.push({ name, kind: 'started' }),
    finished: async (name, _holder, run) =>
      void events.push({ name, kind: 'finished', error: run.error, nextRunAt: run.nextRunAt }),
  };
  return { store, events, defined };
}

// skipLocked jobs take nothing from the database before they run: the runner never touches it here.
const noDb = {} as Db;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function job(over: Partial<SkipLockedJob> & Pick<SkipLockedJob, 'run'>): SkipLockedJob {
  return { name: 'test', cadence: 20, firstDelayMs: 0, exclusivity: 'skipLocked', ...over };
}

async function until(ok: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('not within time');
    await sleep(5);
  }
}

describe('JobRunner', () => {
  it('runs each enabled job on its cadence, records start and end, and stops its timers', async () => {
    const { store, events, defined } = memoryStore();
    let runs = 0;
    let off = 0;
    const runner = new JobRunner(
      noDb,
      [job({ run: async () => void runs++ }), job({ name: 'off', enabled: false, run: async () => void off++ })],
      {
        store,
      },
    );
    runner.start();
    await until(() => runs >= 3);
    await runner.stop();
    const after = runs;
    await sleep(80);
    expect(runs).toBe(after);
    expect(off).toBe(0);
    // Every job is listed, enabled or not.
    expect(defined).toEqual(['test', 'off']);
    const finished = events.filter((e) => e.kind === 'finished');
    expect(events.filter((e) => e.kind === 'started')).toHaveLength(runs);
    expect(finished.length).toBe(runs);
    expect(finished[0]!.error).toBeNull();
    expect(finished[0]!.nextRunAt).toBeInstanceOf(Date);
  });

  it('records a run that throws, logs it, and runs again on the cadence', async () => {
    const { store, events } = memoryStore();
    const warnings: string[] = [];
    let runs = 0;
    const runner = new JobRunner(
      noDb,
      [
        job({
          run: async () => {
            runs++;
            if (runs === 1) throw new Error('first run fails');
          },
        }),
      ],
      { store, log: { warn: (_o, msg) => void warnings.push(msg) } },
    );
    runner.start();
    await until(() => runs >= 2 && events.filter((e) => e.kind === 'finished').length >= 2);
    await runner.stop();
    const finished = events.filter((e) => e.kind === 'finished');
    expect(finished[0]!.error).toBe('Error: first run fails');
    expect(finished[1]!.error).toBeNull();
    expect(warnings).toEqual(['job test failed; the next run retries']);
  });

  it('waits on stop for the run under way, whose signal is aborted', async () => {
    let aborted = false;
    let finished = false;
    let started = false;
    const runner = new JobRunner(
      noDb,
      [
        job({
          run: async (ctx) => {
            started = true;
            await ctx.idle(10_000);
            aborted = ctx.signal.aborted;
            await sleep(30);
            finished = true;
          },
        }),
      ],
      { store: memoryStore().store },
    );
    runner.start();
    await until(() => started);
    await runner.stop();
    expect(aborted).toBe(true);
    expect(finished).toBe(true);
  });

  it('runs a nudged job at once, and never two runs of one job at the same time', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const runner = new JobRunner(
      noDb,
      [
        job({
          cadence: 60_000,
          run: async () => {
            runs++;
            concurrent++;
            most = Math.max(most, concurrent);
            await sleep(20);
            concurrent--;
          },
        }),
      ],
      { store: memoryStore().store },
    );
    runner.start();
    await until(() => runs === 1 && concurrent === 0);
    nudgeJob('test');
    await until(() => runs === 2);
    // Nudged during a run, and two runs by hand: one after the other, never side by side (the
    // nudge is served by the next run, here the first by hand).
    nudgeJob('test');
    await Promise.all([runner.runNow('test'), runner.runNow('test')]);
    expect(runs).toBe(4);
    await runner.stop();
    expect(most).toBe(1);
    // A stopped runner hears no more nudges.
    const stopped = runs;
    nudgeJob('test');
    await sleep(30);
    expect(runs).toBe(stopped);
  });

  it('records a quiet job only when it found work, with no next run (it polls)', async () => {
    const { store, events } = memoryStore();
    let runs = 0;
    const quiet: JobDefinition = job({
      quiet: true,
      run: async (ctx) => {
        runs++;
        if (runs === 3) await ctx.working();
      },
    });
    const runner = new JobRunner(noDb, [quiet], { store });
    runner.start();
    await until(() => runs >= 5);
    await runner.stop();
    expect(events.map((e) => e.kind)).toEqual(['started', 'finished']);
    expect(events[1]!.nextRunAt).toBeNull();
  });

  it('runNow throws what the run threw, after recording it', async () => {
    const { store, events } = memoryStore();
    const runner = new JobRunner(
      noDb,
      [job({ enabled: false, run: async () => Promise.reject(new TypeError('bad')) })],
      {
        store,
      },
    );
    await expect(runner.runNow('test')).rejects.toThrow('bad');
    expect(events.at(-1)).toMatchObject({ kind: 'finished', error: 'TypeError: bad', nextRunAt: null });
    await expect(runner.runNow('nothing')).rejects.toThrow('no job named nothing');
  });
});
