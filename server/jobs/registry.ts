import type { JobExclusivity } from '../../contract/jobState';
import type { Db, Tx } from '../db/client';

/**
 * A background job (issue 29): a name, a cadence, how it is kept from running twice at once across
 * the server processes on one database, and a run. The runner (runner.ts) starts and stops them,
 * takes the exclusivity before a run and records each run in job_runs; server/jobs/index.ts lists
 * every job. Work waits in the database (the outbox, the channel's queue, the bookings due), never
 * in a job's memory: a restart loses nothing.
 */

/** What a run gets from the runner. */
export interface JobContext {
  db: Db;
  /** Aborted when the runner stops: finish what is under way, start nothing new. */
  signal: AbortSignal;
  /**
   * Waits `ms`, or less when the job is nudged (nudge.ts) or the runner stops: a run that polls
   * within itself (mail delivery waiting for its last messages) wakes for new work at once.
   */
  idle(ms: number): Promise<void>;
  /** A quiet job (below) says so once it has found work: its run is recorded from then on. */
  working(): Promise<void>;
}

/** After an advisory-locked run: what to do once its transaction (and the lock) has ended. */
export type AfterCommit = () => Promise<void>;

interface JobBase {
  name: string;
  /** The pause after a run ends before the next one starts, in ms (a function: read each time). */
  cadence: number | (() => number);
  /** The first run after start (default: one cadence). */
  firstDelayMs?: number;
  /** Whether this process runs it on its cadence (a job not enabled is listed and can be run by hand). */
  enabled?: boolean;
  /**
   * A job that polls (mail delivery, every half second): a run that finds nothing to do is not
   * recorded; a run records its start when it calls ctx.working(). Its next_run_at is null.
   */
  quiet?: boolean;
  /**
   * A clean stop: called once the runner has aborted the job's signal, with the run under way (or
   * a resolved promise); the runner then waits for that run. Mail delivery gives its messages in
   * flight a grace period, then cuts them.
   */
  stop?(running: Promise<unknown>): Promise<void>;
}

/** Runs in a transaction that holds the job's advisory lock; another process skips the turn. */
export interface AdvisoryLockJob extends JobBase {
  exclusivity: Extract<JobExclusivity, 'advisoryLock'>;
  /** The lock's key (exclusive.ts JOB_LOCKS). */
  lockKey: number;
  /** May answer work to run after the commit, in this process only (transactions of its own). */
  run(tx: Tx, ctx: JobContext): Promise<void | AfterCommit>;
}

/** Runs while this process holds the job's lease (job_leases); no transaction across the run. */
export interface LeaseJob extends JobBase {
  exclusivity: Extract<JobExclusivity, 'lease'>;
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
}

/** Runs in every process; the run claims its rows with FOR UPDATE SKIP LOCKED. */
export interface SkipLockedJob extends JobBase {
  exclusivity: Extract<JobExclusivity, 'skipLocked'>;
  run(ctx: JobContext): Promise<void>;
}

export type JobDefinition = AdvisoryLockJob | LeaseJob | SkipLockedJob;

export function cadenceOf(job: JobDefinition): number {
  return typeof job.cadence === 'function' ? job.cadence() : job.cadence;
}
