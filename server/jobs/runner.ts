import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Tx } from '../db/client';
import { defineJobs, recordJobEnd, recordJobStart, type JobDefinitionRow } from '../db/queries/jobs';
import { runExclusive, runLeased } from './exclusive';
import { describeJobError, jobErrorLogFields } from './jobError';
import { onNudge } from './nudge';
import { cadenceOf, type AfterCommit, type JobContext, type JobDefinition } from './registry';

export interface JobLog {
  warn(obj: object, msg: string): void;
}

/** Where the runs are recorded: job_runs (every process sees them), or a test's memory. */
export interface JobStateStore {
  define(jobs: readonly JobDefinitionRow[]): Promise<void>;
  /** `exec`: the advisory-locked run's transaction (PGlite's one connection waits for it), else the db. */
  started(exec: Tx, name: string, holder: string, at: Date): Promise<void>;
  finished(
    name: string,
    holder: string,
    run: { startedAt: Date; finishedAt: Date; error: string | null; nextRunAt: Date | null },
  ): Promise<void>;
}

export function databaseJobStore(db: Db): JobStateStore {
  return {
    define: (jobs) => defineJobs(db, jobs),
    started: (exec, name, holder, at) => recordJobStart(exec, name, holder, at),
    finished: (name, holder, run) => recordJobEnd(db, name, holder, run),
  };
}

export interface JobRunnerOptions {
  store?: JobStateStore;
  /** This process in job_leases and job_runs (default: host, pid and a random part). */
  holder?: string;
  log?: JobLog;
}

interface Slot {
  job: JobDefinition;
  timer: NodeJS.Timeout | null;
  /** The attempts of this job, one after the other: a job never runs twice at once in one runner. */
  chain: Promise<unknown>;
  nudged: boolean;
  /** Ends the idle wait of the run under way (ctx.idle). */
  wake: (() => void) | null;
  abort: AbortController;
}

/** An attempt: whether the job ran (false: another process held it, or the runner stopped), and how. */
interface Attempt {
  ran: boolean;
  error?: unknown;
}

/**
 * Starts and stops the background jobs (issue 29; server/jobs/index.ts lists them). Each enabled
 * job runs after its first delay, then a cadence after each run ends, or at once when nudged; a
 * job's runs never overlap in one runner, and across processes its exclusivity holds (registry.ts).
 * Each run's start, end, error and the next planned run go to job_runs. A run that throws is logged
 * and recorded; the next one comes on the cadence as usual. stop() ends the timers, aborts the runs'
 * signals and waits for the runs under way (a job's own stop may cut them after a grace period).
 */
export class JobRunner {
  readonly holder: string;
  private readonly slots = new Map<string, Slot>();
  private readonly store: JobStateStore;
  private started = false;
  private stopping = false;
  private defined: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    jobs: readonly JobDefinition[],
    private readonly o: JobRunnerOptions = {},
  ) {
    this.store = o.store ?? databaseJobStore(db);
    this.holder = o.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    for (const job of jobs) {
      if (this.slots.has(job.name)) throw new Error(`two jobs named ${job.name}`);
      this.slots.set(job.name, {
        job,
        timer: null,
        chain: Promise.resolve(),
        nudged: false,
        wake: null,
        abort: new AbortController(),
      });
    }
  }

  get jobs(): JobDefinition[] {
    return [...this.slots.values()].map((s) => s.job);
  }

  /** Starts the enabled jobs' timers and listens to nudges. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.unsubscribe = onNudge((name) => this.nudge(name));
    void this.define();
    for (const slot of this.slots.values()) {
      if (slot.job.enabled !== false) this.schedule(slot, slot.job.firstDelayMs ?? cadenceOf(slot.job));
    }
  }

  /** Runs the job at once (after the run under way, if any) instead of at its next turn. */
  nudge(name: string): void {
    const slot = this.slots.get(name);
    if (!slot || this.stopping) return;
    slot.nudged = true;
    slot.wake?.();
    if (slot.timer) {
      clearTimeout(slot.timer);
      this.schedule(slot, 0);
    }
  }

  /**
   * One run of the job now, enabled or not (tests; an operator's tool), after the run under way if
   * any, under the job's exclusivity: answers false when another process held it. A run that throws
   * is recorded, then thrown here.
   */
  async runNow(name: string): Promise<boolean> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`no job named ${name}`);
    const attempt = await this.enqueue(slot);
    if (attempt.error !== undefined) throw attempt.error;
    return attempt.ran;
  }

  /** Stops the timers, aborts the runs' signals and waits for the runs under way. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.unsubscribe?.();
    const slots = [...this.slots.values()];
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      slot.abort.abort();
      slot.wake?.();
    }
    await Promise.all(
      slots.map(async (slot) => {
        const running = slot.chain;
        await slot.job.stop?.(running);
        await running;
      }),
    );
    await this.defined?.catch(() => undefined);
  }

  private define(): Promise<void> {
    this.defined ??= this.store
      .define(this.jobs.map((j) => ({ name: j.name, cadenceMs: Math.ceil(cadenceOf(j)), exclusivity: j.exclusivity })))
      .catch((err: unknown) => {
        this.o.log?.warn(jobErrorLogFields(err), 'could not record the background jobs');
        // Tried again by the next run.
        this.defined = null;
      });
    return this.defined;
  }

  private schedule(slot: Slot, delayMs: number): void {
    slot.timer = setTimeout(() => {
      slot.timer = null;
      void this.enqueue(slot)
        .catch((err: unknown) => this.o.log?.warn({ job: slot.job.name, err }, 'job runner failed'))
        .then(() => {
          if (!this.stopping) this.schedule(slot, slot.nudged ? 0 : cadenceOf(slot.job));
        });
    }, delayMs);
    slot.timer.unref();
  }

  private enqueue(slot: Slot): Promise<Attempt> {
    const attempt = slot.chain.then(() => this.attempt(slot));
    slot.chain = attempt.catch(() => undefined);
    return attempt;
  }

  private idle(slot: Slot, ms: number): Promise<void> {
    if (slot.nudged || slot.abort.signal.aborted) {
      slot.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        slot.wake = null;
        resolve();
      }
      slot.wake = () => {
        slot.nudged = false;
        done();
      };
    });
  }

  private async attempt(slot: Slot): Promise<Attempt> {
    const { job } = slot;
    if (this.stopping) return { ran: false };
    slot.nudged = false;
    await this.define();
    const startedAt = new Date();
    let recorded = false;
    const record = async (exec: Tx) => {
      if (recorded) return;
      recorded = true;
      await this.store
        .started(exec, job.name, this.holder, startedAt)
        .catch((err: unknown) =>
          this.o.log?.warn({ job: job.name, ...jobErrorLogFields(err) }, 'could not record a job run'),
        );
    };
    const ctx = (exec: Tx): JobContext => ({
      db: this.db,
      signal: slot.abort.signal,
      idle: (ms) => this.idle(slot, ms),
      working: () => record(exec),
    });
    let ran: boolean;
    let error: unknown;
    try {
      ran = await this.exclusively(job, ctx, record);
    } catch (e) {
      ran = true;
      error = e ?? new Error('undefined thrown');
    }
    if (!ran) return { ran };
    if (error !== undefined) {
      this.o.log?.warn({ job: job.name, ...jobErrorLogFields(error) }, `job ${job.name} failed; the next run retries`);
    }
    if (recorded || error !== undefined) {
      const finishedAt = new Date();
      const next =
        job.quiet || job.enabled === false || !this.started || this.stopping
          ? null
          : new Date(finishedAt.getTime() + (slot.nudged ? 0 : cadenceOf(job)));
      await this.store
        .finished(job.name, this.holder, {
          startedAt,
          finishedAt,
          error: error === undefined ? null : describeJobError(error),
          nextRunAt: next,
        })
        .catch((err: unknown) =>
          this.o.log?.warn({ job: job.name, ...jobErrorLogFields(err) }, 'could not record a job run'),
        );
    }
    return error === undefined ? { ran } : { ran, error };
  }

  /** Takes the job's exclusivity, then runs it; false when another process holds it. */
  private async exclusively(
    job: JobDefinition,
    ctx: (exec: Tx) => JobContext,
    record: (exec: Tx) => Promise<void>,
  ): Promise<boolean> {
    const quietly = async (exec: Tx) => {
      if (!job.quiet) await record(exec);
    };
    switch (job.exclusivity) {
      case 'skipLocked':
        await quietly(this.db);
        await job.run(ctx(this.db));
        return true;
      case 'lease':
        return runLeased(
          this.db,
          job.name,
          this.holder,
          async () => {
            await quietly(this.db);
            await job.run(ctx(this.db));
          },
          job.leaseMs,
        );
      case 'advisoryLock': {
        const then: { after?: void | AfterCommit } = {};
        const mine = await runExclusive(this.db, job.lockKey, async (tx) => {
          await quietly(tx);
          then.after = await job.run(tx, ctx(tx));
        });
        if (mine && then.after) await then.after();
        return mine;
      }
    }
  }
}
