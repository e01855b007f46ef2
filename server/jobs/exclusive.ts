import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { sqlRows } from '../db/client';

/**
 * One advisory-lock key per scheduled job (mail sending and channel sync are to come). Keys sit
 * beside the migration lock (7812024) and the demo seed's (7812025).
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
    const [row] = await sqlRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${JOB_LOCKS[job]}) as locked`,
    );
    if (!row?.locked) return false;
    await run(tx);
    return true;
  });
}
