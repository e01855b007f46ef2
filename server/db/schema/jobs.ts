import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { JOB_EXCLUSIVITIES, type JobExclusivity } from '../../../contract/jobState';
import { inList } from './columns';

/**
 * Who runs a long job (channel sync) now: a lease renewed while it runs, so that it holds no
 * transaction across its HTTP calls, and taken over by another process once it expires (a crash).
 * server/jobs/exclusive.ts runLeased.
 */
export const jobLeases = pg.pgTable('job_leases', {
  name: pg.text('name').primaryKey(),
  holder: pg.text('holder').notNull(),
  until: pg.timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * The state of each background job (server/jobs/, issue 29), one row per job, written by the
 * runner of every process: what an administrator reads at GET /api/admin/jobs. The definition
 * (cadence, exclusivity) is written by each process at start; the runs as they start and end.
 * Never read to decide whether a job runs: its exclusivity does that (a lease, an advisory lock, or
 * rows claimed with SKIP LOCKED).
 */
export const jobRuns = pg.pgTable(
  'job_runs',
  {
    name: pg.text('name').primaryKey(),
    cadenceMs: pg.integer('cadence_ms').notNull(),
    exclusivity: pg.text('exclusivity').$type<JobExclusivity>().notNull(),
    lastStartedAt: pg.timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: pg.timestamp('last_finished_at', { withTimezone: true }),
    /** The last run that failed, kept after later runs succeed (compare with last_finished_at). */
    lastError: pg.text('last_error'),
    lastErrorAt: pg.timestamp('last_error_at', { withTimezone: true }),
    /** The next run planned by the process that recorded the last one; null for a job that polls. */
    nextRunAt: pg.timestamp('next_run_at', { withTimezone: true }),
    /** Set while a run is under way, by the process named in running_holder. */
    runningSince: pg.timestamp('running_since', { withTimezone: true }),
    runningHolder: pg.text('running_holder'),
  },
  (t) => [
    pg.check('job_runs_exclusivity_valid', inList(t.exclusivity, JOB_EXCLUSIVITIES)),
    pg.check('job_runs_cadence_positive', sql`${t.cadenceMs} > 0`),
  ],
);
