import { z } from './zod';

/**
 * The background jobs' state (issue 29, server/jobs/): GET /admin/jobs, administrators only. One
 * row per job any process registered, read from the database, so every process answers the same.
 */

/**
 * How a job is kept from running twice at once across server processes (server/jobs/exclusive.ts):
 * - `lease`: one process at a time holds a renewed lease row (job_leases), no transaction open
 *   across the run (the channel's HTTP calls);
 * - `advisoryLock`: the process that takes the job's advisory lock in a transaction runs this turn,
 *   the others skip it;
 * - `skipLocked`: every process runs it; each claims its own rows with FOR UPDATE SKIP LOCKED
 *   (mail delivery).
 */
export const JOB_EXCLUSIVITIES = ['lease', 'advisoryLock', 'skipLocked'] as const;
export type JobExclusivity = (typeof JOB_EXCLUSIVITIES)[number];

export const jobStateSchema = z.object({
  name: z.string(),
  /** The pause after a run before the next one (a job may also be nudged to run at once). */
  cadence_seconds: z.number(),
  exclusivity: z.enum(JOB_EXCLUSIVITIES),
  /** ISO 8601 (UTC); null before the first recorded run. */
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  /** The last failure (a short text without guest data) and when; kept after later runs succeed. */
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** When the process that recorded the last run runs it next; null for a job that polls (mail delivery). */
  next_run_at: z.string().nullable(),
  /** A run is under way (or its process died during it: the next run puts that right). */
  running: z.boolean(),
});
export type JobState = z.infer<typeof jobStateSchema>;

export const jobStatesSchema = z.object({ jobs: z.array(jobStateSchema) });
export type JobStates = z.infer<typeof jobStatesSchema>;
