import type { Db, Tx } from '../db/client';
import { dropJobLease, takeJobLease, tryTransactionLock } from '../db/queries/jobs';

/**
 * One key per scheduled job: the advisory-lock key of a job run by runExclusive (the transfer
 * reminders), the name of a job run by runLeased (channel sync: its calls leave the database). Keys
 * sit beside the migration lock (7812024) and the demo seed's (7812025). Mail sending claims rows
 * with FOR UPDATE SKIP LOCKED instead (server/mail/worker.ts).
 */
export const JOB_LOCKS = {
  mailSend: 7812101,
  channelSync: 7812102,
  /** Scheduled mail: transfer-deadline reminders (server/mail/scheduled.ts). */
  mailSchedule: 7812103,
} as const;

export type JobName = keyof typeof JOB_LOCKS;

/**
 * Runs a scheduled job at most once at a time across every server process on the database (issue
 * 11: replicas, a restart while a run is under way). The job runs in a transaction that holds its
 * advisory lock (pg_try_advisory_xact_lock): a process that finds the lock held skips this turn
 * and answers false; the lock ends with the transaction, commit or rollback, or a dead process.
 */
export async function runExclusive(db: Db, job: JobName, run: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, JOB_LOCKS[job]))) return false;
    await run(tx);
    return true;
  });
}

/**
 * Runs a job that makes calls outside the database (the channel's HTTP API) at most once at a time
 * across every server process, without holding a transaction across those calls (PGlite has one
 * connection; a transaction open for seconds would stall every request). The process takes a lease
 * row (job_leases) for `leaseMs`, renews it while the job runs, and drops it at the end; a process
 * that dies leaves a lease that expires, and another takes over. Answers false when another
 * process holds the lease.
 */
export async function runLeased(
  db: Db,
  job: JobName,
  holder: string,
  run: () => Promise<void>,
  leaseMs = 60_000,
): Promise<boolean> {
  const take = () => takeJobLease(db, job, holder, leaseMs);
  if (!(await take())) return false;
  const renew = setInterval(() => void take().catch(() => undefined), Math.max(1_000, leaseMs / 3));
  renew.unref();
  try {
    await run();
  } finally {
    clearInterval(renew);
    await dropJobLease(db, job, holder).catch(() => undefined);
  }
  return true;
}
