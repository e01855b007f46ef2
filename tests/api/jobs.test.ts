import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { sql } from 'drizzle-orm';
import type { JobState } from '../../contract/jobState';
import { errorMessages } from '../../contract/messages';
import { runExclusive, runLeased } from '../../server/jobs/exclusive';
import { JobRunner } from '../../server/jobs/runner';
import { startChannelSim, type StartedChannelSim } from '../../tools/channelSim/app';
import type { JobDefinition } from '../../server/jobs/registry';
import { httpClient } from '../support/http';
import { smtpSinkSuite } from '../support/smtpSinkServer';
import { ADMIN, startTestServer, type TestServer } from '../support/testServer';
import { until } from '../support/until';

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

describe.skipIf(!url)('the job runner on several server processes', () => {
  it('runs an advisory-locked job in one process at a time: the other skips the turn and records nothing', async () => {
    const [a, b] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })]);
    try {
      const started = gate();
      const finish = gate();
      const runs: string[] = [];
      const job = (who: string, wait: boolean): JobDefinition => ({
        name: 'testTwoProcesses',
        cadence: 60_000,
        exclusivity: 'advisoryLock',
        lockKey: 7812991,
        async run() {
          runs.push(who);
          if (wait) {
            started.open();
            await finish.opened;
          }
        },
      });
      const ra = new JobRunner(a.db, [job('a', true)], { holder: 'process-a' });
      const rb = new JobRunner(b.db, [job('b', false)], { holder: 'process-b' });
      const first = ra.runNow('testTwoProcesses');
      await started.opened;
      expect(await rb.runNow('testTwoProcesses')).toBe(false);
      finish.open();
      expect(await first).toBe(true);
      expect(await rb.runNow('testTwoProcesses')).toBe(true);
      expect(runs).toEqual(['a', 'b']);
      const [row] = (
        (await a.db.execute(
          sql`select running_holder, last_error from job_runs where name = 'testTwoProcesses'`,
        )) as unknown as { rows: { running_holder: string | null; last_error: string | null }[] }
      ).rows;
      expect(row).toEqual({ running_holder: null, last_error: null });
    } finally {
      await a.db.execute(sql`delete from job_runs where name = 'testTwoProcesses'`);
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

/**
 * The job registry and its state (issue 29): GET /api/admin/jobs answers what the runners of every
 * process recorded in job_runs. Runs on both engines.
 */
describe('the background jobs and their state', () => {
  const api = smtpSinkSuite();

  const states = async () => {
    const res = await api.http.get<{ jobs: JobState[] }>('/api/admin/jobs', api.admin);
    expect(res.status).toBe(200);
    return res.body.jobs;
  };
  const stateOf = async (name: string) => (await states()).find((j) => j.name === name);

  it('lists every job with its cadence and exclusivity, for administrators only (403 for staff)', async () => {
    const jobs = await states();
    expect(jobs.map((j) => [j.name, j.cadence_seconds, j.exclusivity])).toEqual(
      expect.arrayContaining([
        ['autoCancel', 600, 'advisoryLock'],
        ['channelSync', 3, 'lease'],
        ['mailDelivery', 0.5, 'skipLocked'],
        ['publicationResume', 600, 'advisoryLock'],
        ['registerRetention', 21600, 'advisoryLock'],
        ['transferReminders', 600, 'advisoryLock'],
      ]),
    );
    const forbidden = await api.http.get<{ code: string; message: string }>('/api/admin/jobs', api.staff);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'forbidden', message: errorMessages.forbidden });
    expect((await api.http.get('/api/admin/jobs')).status).toBe(401);
  });

  it('shows a run of a scheduled job, and mail delivery once it delivered', async () => {
    // In tests the scheduled jobs do not run by themselves: run one as its timer would.
    const before = Date.now();
    expect(await api.server.jobs.runNow('transferReminders')).toBe(true);
    const reminders = await stateOf('transferReminders');
    expect(reminders).toMatchObject({ last_error: null, running: false, next_run_at: null });
    expect(Date.parse(reminders!.last_started_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(reminders!.last_finished_at!)).toBeGreaterThanOrEqual(Date.parse(reminders!.last_started_at!));

    // A test send queues one mail: mail delivery takes it at its next poll (half a second).
    const sent = await api.http.send<{ id: number }>('POST', '/api/admin/mail/publishes/test', {
      token: api.staff,
      json: {
        title: 'テスト送信',
        body: '<p>ジョブの確認</p>',
        to: 'jobs@example.jp',
        from_address: 'info@yadoban.example.com',
      },
    });
    expect(sent.status).toBe(202);
    await api.sink.waitForCount(1, 10_000);
    const delivery = await until(
      () => stateOf('mailDelivery'),
      (j) => j?.last_finished_at != null && Date.parse(j.last_finished_at) >= before,
    );
    expect(delivery).toMatchObject({ last_error: null, running: false, next_run_at: null });
  });

  it("records a failing run's error, and the next run still comes and succeeds", async () => {
    let runs = 0;
    const flaky: JobDefinition = {
      name: 'testFlaky',
      cadence: 100,
      firstDelayMs: 0,
      exclusivity: 'advisoryLock',
      lockKey: 7812990,
      async run() {
        runs++;
        if (runs === 1) throw new Error('the outside service did not answer');
      },
    };
    // Another process's runner on the same database: its jobs show in this server's answer.
    const other = new JobRunner(api.server.database.db, [flaky], { holder: 'another-process' });
    other.start();
    try {
      await until(
        async () => runs,
        (n) => n >= 3,
      );
    } finally {
      await other.stop();
    }
    const state = await stateOf('testFlaky');
    expect(state).toMatchObject({
      cadence_seconds: 0.1,
      exclusivity: 'advisoryLock',
      last_error: 'Error: the outside service did not answer',
      running: false,
    });
    expect(Date.parse(state!.last_finished_at!)).toBeGreaterThan(Date.parse(state!.last_error_at!));
  });

  it("keeps a database error's code, not the guest's mail it held", async () => {
    const mail = 'hanako.secret@example.org';
    const runner = new JobRunner(api.server.database.db, [
      {
        name: 'testDatabaseError',
        cadence: 60_000,
        exclusivity: 'skipLocked',
        async run(ctx) {
          await ctx.db.execute(sql`select ${mail}::int`);
        },
      },
    ]);
    await expect(runner.runNow('testDatabaseError')).rejects.toThrow();
    const state = await stateOf('testDatabaseError');
    expect(state?.last_error).toBe('database error 22P02');
    expect(JSON.stringify(await states())).not.toContain(mail);
  });
});

describe('the channel sync job under its lease', () => {
  let sim: StartedChannelSim;
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;

  beforeAll(async () => {
    sim = await startChannelSim({ port: 0 });
    server = await startTestServer({ CHANNEL_URL: sim.url });
    http = httpClient(server.baseUrl);
    admin = (await http.login(ADMIN)).access_token;
    await fetch(`${sim.url}/sim/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_limit_per_minute: 10_000 }),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const channelSync = async () =>
    (await http.get<{ jobs: JobState[] }>('/api/admin/jobs', admin)).body.jobs.find((j) => j.name === 'channelSync')!;

  it('runs and is recorded; while another process holds the lease it is skipped and nothing is written', async () => {
    expect(await server.jobs.runNow('channelSync')).toBe(true);
    const ran = await channelSync();
    expect(ran).toMatchObject({ exclusivity: 'lease', last_error: null, running: false });
    expect(ran.last_finished_at).not.toBeNull();
    // No lease left behind by the run.
    expect(
      (await server.database.db.execute(
        sql`select count(*)::int as n from job_leases where name = 'channelSync'`,
      )) as unknown as {
        rows: { n: number }[];
      },
    ).toMatchObject({ rows: [{ n: 0 }] });

    await server.database.db.execute(
      sql`insert into job_leases (name, holder, until) values ('channelSync', 'another-process', now() + interval '1 hour')`,
    );
    try {
      expect(await server.jobs.runNow('channelSync')).toBe(false);
      expect(await channelSync()).toEqual(ran);
    } finally {
      await server.database.db.execute(sql`delete from job_leases where name = 'channelSync'`);
    }
  });
});
