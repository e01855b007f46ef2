import { sql } from 'drizzle-orm';
import type { JobExclusivity } from '../../../contract/jobState';
import { sqlRows, type Tx } from '../client';

/** Scheduled jobs run once at a time across processes (server/jobs/exclusive.ts). */

/** Takes the transaction-long advisory lock of this key if no one holds it; false when someone does. */
export async function tryTransactionLock(tx: Tx, key: number): Promise<boolean> {
  const [row] = await sqlRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  return row?.locked === true;
}

/** Takes or renews the job's lease for `leaseMs`: false when another holder's lease has not run out. */
export async function takeJobLease(tx: Tx, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await sqlRows<{ holder: string }>(
    tx,
    sql`insert into job_leases (name, holder, until)
        values (${name}, ${holder}, now() + make_interval(secs => ${leaseMs / 1000}))
        on conflict (name) do update set holder = excluded.holder, until = excluded.until
          where job_leases.until < now() or job_leases.holder = excluded.holder
        returning holder`,
  );
  return rows.length === 1;
}

/** Drops the job's lease if this holder still has it. */
export async function dropJobLease(tx: Tx, name: string, holder: string): Promise<void> {
  await tx.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}

/** The state of the background jobs (job_runs, server/jobs/runner.ts) as the runner writes it. */

export interface JobDefinitionRow {
  name: string;
  cadenceMs: number;
  exclusivity: JobExclusivity;
}

/**
 * Writes each job's definition (cadence, exclusivity) as this process runs it; its runs stay. A row
 * that already says the same is not written: an advisory-locked run holds its job's row until it
 * commits (its start is written in that transaction), and a process starting meanwhile must not
 * wait for it.
 */
export async function defineJobs(tx: Tx, jobs: readonly JobDefinitionRow[]): Promise<void> {
  for (const job of jobs) {
    await tx.execute(
      sql`insert into job_runs (name, cadence_ms, exclusivity)
          select ${job.name}, ${job.cadenceMs}, ${job.exclusivity}
          where not exists (select 1 from job_runs where name = ${job.name}
            and cadence_ms = ${job.cadenceMs} and exclusivity = ${job.exclusivity})
          on conflict (name) do update set cadence_ms = excluded.cadence_ms, exclusivity = excluded.exclusivity`,
    );
  }
}

/** A run began in `holder`. */
export async function recordJobStart(tx: Tx, name: string, holder: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update job_runs set last_started_at = ${at.toISOString()}::timestamptz,
          running_since = ${at.toISOString()}::timestamptz, running_holder = ${holder}
        where name = ${name}`,
  );
}

/**
 * A run ended (with its error, if it failed), and when this process runs the job next. The running
 * mark goes only if it is still this holder's: another process's run that began meanwhile keeps it.
 */
export async function recordJobEnd(
  tx: Tx,
  name: string,
  holder: string,
  run: { startedAt: Date; finishedAt: Date; error: string | null; nextRunAt: Date | null },
): Promise<void> {
  const finished = run.finishedAt.toISOString();
  await tx.execute(
    sql`update job_runs set
          last_started_at = greatest(last_started_at, ${run.startedAt.toISOString()}::timestamptz),
          last_finished_at = ${finished}::timestamptz,
          last_error = coalesce(${run.error}, last_error),
          last_error_at = case when ${run.error}::text is null then last_error_at else ${finished}::timestamptz end,
          next_run_at = ${run.nextRunAt?.toISOString() ?? null}::timestamptz,
          running_since = case when running_holder = ${holder} then null else running_since end,
          running_holder = case when running_holder = ${holder} then null else running_holder end
        where name = ${name}`,
  );
}

export interface JobRunRow {
  name: string;
  cadence_ms: number;
  exclusivity: JobExclusivity;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  next_run_at: string | null;
  running: boolean;
}

/** Every job any process registered, by name; times as ISO 8601 in UTC. */
export function listJobRuns(tx: Tx): Promise<JobRunRow[]> {
  const iso = (column: string) =>
    sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);
  return sqlRows<JobRunRow>(
    tx,
    sql`select name, cadence_ms, exclusivity, ${iso('last_started_at')}, ${iso('last_finished_at')},
          last_error, ${iso('last_error_at')}, ${iso('next_run_at')}, running_since is not null as running
        from job_runs order by name`,
  );
}
