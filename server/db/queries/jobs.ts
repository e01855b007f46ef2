import { sql } from 'drizzle-orm';
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
