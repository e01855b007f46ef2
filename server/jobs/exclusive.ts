import type { Db, Tx } from '../db/client';
import { dropJobLease, takeJobLease, tryTransactionLock } from '../db/queries/jobs';

/**
 * One advisory-lock key per job run by runExclusive (the transfer reminders, the automatic cancel,
 * the resumed bulk mail), and the names that share runLeased's leases. Keys sit beside the
 * migration lock (7812024) and the demo seed's (7812025). Mail delivery claims rows with FOR UPDATE
 * SKIP LOCKED instead (server/jobs/mailDelivery.ts). server/jobs/index.ts lists every job.
 */
export const JOB_LOCKS = {
  mailSend: 7812101,
  channelSync: 7812102,
  /** Transfer-deadline reminders (server/jobs/scheduledMail.ts). */
  mailSchedule: 7812103,
  /** The automatic cancel of unpaid bookings (server/jobs/autoCancel.ts). */
  autoCancel: 7812104,
  /** Bulk mail a crash left half-written (server/jobs/scheduledMail.ts). */
  publicationResume: 7812105,
  /** The guest register's and the refusals' end of keeping (server/jobs/registerRetention.ts). */
  registerRetention: 7812106,
} as const;

export type JobName = keyof typeof JOB_LOCKS;

/**
 * Runs a scheduled job at most once at a time across every server process on the database (issue
 * 11: replicas, a restart while a run is under way). The job runs in a transaction that holds its
 * advisory lock (pg_try_advisory_xact_lock): a process that finds the lock held skips this turn
 * and answers false; the lock ends with the transaction, commit or rollback, or a dead process.
 */
export async function runExclusive(db: Db, job: JobName | number, run: (tx: Tx) => Promise<void>): Promise<boolean> {
  const key = typeof job === 'number' ? job : JOB_LOCKS[job];
  return db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, key))) return false;
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
  job: string,
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
