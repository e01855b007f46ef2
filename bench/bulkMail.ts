import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SENDER_ADDRESSES } from '../server/db/seed/fixtures';
import type { Benchmark } from './lib/benchmark';
import { heading, log, ms, table } from './lib/format';
import { signIn, timedGet } from './lib/http';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { demoServerEnv, startServer, type RunningServer } from './lib/server';
import { percentile, round } from './lib/stats';

/**
 * A staff action that must not stall the server (issue 28): two bulk mails of 50,000 recipients
 * created at once over HTTP, while another user's GET /api/me is timed every 50 ms, on both
 * engines. Before the recipients were written in batches (server/mail/publicationExpansion.ts)
 * every /api/me waited up to 14.6 s on the embedded database and the server's memory went from
 * 559 to 1,263 MB. Reports /api/me p95 and max during the creations (targets: < 100 ms on
 * PostgreSQL, < 300 ms embedded), how long the creations took, and the server's resident memory
 * before, at its peak and after.
 */
const RECIPIENTS = 50_000;
const PUBLICATIONS = 2;
const TARGETS = { postgresP95Ms: 100, embeddedP95Ms: 300 };

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

function publication(run: number) {
  return {
    send_at: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
    setting: {
      title: `冬の特別プランのご案内 ${run}`,
      from_address: SENDER_ADDRESSES[0],
      body: '<p>{{name}}様</p><p>いつもご利用ありがとうございます。冬の特別プランをご案内いたします。</p>',
      users: Array.from({ length: RECIPIENTS }, (_, i) => ({
        mail: `guest${run}.${i}@example.jp`,
        name: `ゲスト ${i}`,
      })),
    },
  };
}

async function measure(engine: string, server: RunningServer) {
  const { accessToken } = await signIn(server.baseUrl);
  const me = `${server.baseUrl}/api/me`;
  for (let i = 0; i < 20; i++) await timedGet(me, accessToken);
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) idle.push((await timedGet(me, accessToken)).ms);
  const rssBefore = rssMb(server.pid, 'VmRSS');

  const during: number[] = [];
  let creating = true;
  const poll = (async () => {
    while (creating) {
      during.push((await timedGet(me, accessToken)).ms);
      await sleep(50);
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: PUBLICATIONS }, (_, i) =>
      fetch(`${server.baseUrl}/api/admin/mail/publishes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(publication(i)),
        signal: AbortSignal.timeout(600_000),
      }),
    ),
  );
  const createMs = performance.now() - t0;
  creating = false;
  await poll;
  for (const a of answers) {
    if (a.status !== 201) throw new Error(`POST publishes answered ${a.status}: ${await a.text()}`);
  }
  const rssPeak = rssMb(server.pid, 'VmHWM');
  await sleep(5000);
  const rssAfter = rssMb(server.pid, 'VmRSS');
  const result = {
    engine,
    createMs: round(createMs),
    idleP95Ms: round(percentile(idle, 0.95)),
    duringP95Ms: round(percentile(during, 0.95)),
    duringMaxMs: round(Math.max(...during)),
    samples: during.length,
    rssBeforeMb: rssBefore,
    rssPeakMb: rssPeak,
    rssAfterMb: rssAfter,
  };
  log(`${engine}: /api/me p95 ${result.duringP95Ms} ms while ${PUBLICATIONS} x ${RECIPIENTS} were created`);
  return result;
}

async function run(): Promise<Record<string, unknown>> {
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  const probe = await probePostgres();
  if (probe.available) {
    const created = await createDatabase(probe.url);
    const server = await startServer({ databaseUrl: created.url, env: { ...demoServerEnv } });
    try {
      results.push(await measure('PostgreSQL', server));
    } finally {
      await server.stop();
      await dropDatabase(probe.url, created.name);
    }
  } else {
    log(`PostgreSQL not measured: ${probe.reason}`);
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'yadoban-bench-bulk-'));
  const server = await startServer({ dataDir: path.join(work, 'pg'), env: { ...demoServerEnv } });
  try {
    results.push(await measure('PGlite (embedded)', server));
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }

  console.log(
    heading(`bulk-create: ${PUBLICATIONS} bulk mails of ${RECIPIENTS.toLocaleString('en')} recipients at once`),
  );
  console.log(
    table(
      ['engine', 'both created in', '/api/me p95 idle', 'p95 during', 'max during', 'RSS before', 'peak', 'after 5 s'],
      results.map((r) => [
        r.engine,
        ms(r.createMs),
        ms(r.idleP95Ms),
        ms(r.duringP95Ms),
        ms(r.duringMaxMs),
        `${r.rssBeforeMb} MB`,
        `${r.rssPeakMb} MB`,
        `${r.rssAfterMb} MB`,
      ]),
    ),
  );
  console.log(
    `targets: /api/me p95 during < ${TARGETS.postgresP95Ms} ms on PostgreSQL, < ${TARGETS.embeddedP95Ms} ms embedded`,
  );
  const met = results.every(
    (r) => r.duringP95Ms < (r.engine === 'PostgreSQL' ? TARGETS.postgresP95Ms : TARGETS.embeddedP95Ms),
  );
  return { recipients: RECIPIENTS, publications: PUBLICATIONS, results, targets: TARGETS, met };
}

export const bulkMail: Benchmark = {
  name: 'bulk-create',
  description: 'two bulk mails of 50,000 recipients created at once: /api/me p95 meanwhile, server memory',
  run,
};
