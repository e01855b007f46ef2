import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { sql } from 'drizzle-orm';
import { runExclusive, runLeased } from '../../server/jobs/exclusive';

const url = process.env.DATABASE_URL;

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// Two processes are two pools on one PostgreSQL server; PGlite runs one transaction at a time, so
// a second run there only waits its turn and proves nothing.
describe.skipIf(!url)('a scheduled job on several server processes', () => {
  it('runs once at a time: a run while another holds the job is skipped, the next one runs', async () => {
    const [a, b] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })]);
    try {
      const started = gate();
      const finish = gate();
      const runs: string[] = [];
      const first = runExclusive(a.db, 'mailSend', async () => {
        runs.push('a');
        started.open();
        await finish.opened;
      });
      await started.opened;
      // The other process, while the first run holds the job: skipped, nothing run.
      expect(await runExclusive(b.db, 'mailSend', async () => void runs.push('b'))).toBe(false);
      // Another job is not held by it.
      expect(await runExclusive(b.db, 'channelSync', async () => void runs.push('sync'))).toBe(true);
      finish.open();
      expect(await first).toBe(true);
      // The lock ended with the first run's transaction.
      expect(await runExclusive(b.db, 'mailSend', async () => void runs.push('b'))).toBe(true);
      expect(runs).toEqual(['a', 'sync', 'b']);

      // A run that fails lets go of the job too.
      await expect(
        runExclusive(a.db, 'mailSend', async () => {
          throw new Error('smtp down');
        }),
      ).rejects.toThrow('smtp down');
      expect(await runExclusive(b.db, 'mailSend', async () => undefined)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});

describe.skipIf(!url)('a leased job (channel sync) on several server processes', () => {
  it('runs in one process at a time without holding a transaction, and is taken over once a dead holder lease expires', async () => {
    const [a, b] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })]);
    try {
      await a.db.execute(sql`delete from job_leases`);
      const started = gate();
      const finish = gate();
      const runs: string[] = [];
      const first = runLeased(a.db, 'channelSync', 'process-a', async () => {
        runs.push('a');
        started.open();
        await finish.opened;
      });
      await started.opened;
      // The lease is a committed row (no transaction held across the run): another process reads its holder.
      const held = await b.db.execute(sql`select holder from job_leases where name = 'channelSync'`);
      expect((held as unknown as { rows: { holder: string }[] }).rows).toEqual([{ holder: 'process-a' }]);
      expect(await runLeased(b.db, 'channelSync', 'process-b', async () => void runs.push('b'))).toBe(false);
      finish.open();
      expect(await first).toBe(true);
      expect(await runLeased(b.db, 'channelSync', 'process-b', async () => void runs.push('b'))).toBe(true);
      expect(runs).toEqual(['a', 'b']);

      // A process that died holding the lease: once its lease has expired, another takes over.
      await a.db.execute(
        sql`insert into job_leases (name, holder, until) values ('channelSync', 'dead', now() + interval '1 hour')`,
      );
      expect(await runLeased(b.db, 'channelSync', 'process-b', async () => void runs.push('b2'))).toBe(false);
      await a.db.execute(sql`update job_leases set until = now() - interval '1 second' where holder = 'dead'`);
      expect(await runLeased(b.db, 'channelSync', 'process-b', async () => void runs.push('b2'))).toBe(true);
      expect(runs).toEqual(['a', 'b', 'b2']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
