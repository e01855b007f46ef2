import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark, BenchOptions } from './lib/benchmark';
import { measurePages, type BrowserReport, type PageJs } from './lib/browser';
import { measureBundle, viteBuild, type BundleReport } from './lib/bundle';
import { heading, kB, ms, table, log } from './lib/format';
import { signIn, timedGet } from './lib/http';
import { repoRoot, tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { serverCommandText, startServer, timeImportsOnly, type RunningServer, type ServerOptions } from './lib/server';
import { median, round, summarize, type Summary } from './lib/stats';
import { Failures } from './lib/failures';

/**
 * The foundation build: JS of the console's first load, time from process start to the first
 * answer (fresh and reopened embedded database, PostgreSQL), and sign-in latency.
 */

const FRESH_RUNS = 2;
const REOPEN_RUNS = 3;
const LOGIN_WARMUP = 5;
const LOGIN_RUNS = 50;
const LIST_WARMUP = 20;
const LIST_RUNS = 200;
/** The login benchmark must not meet the per-address limit of /oauth/auth. */
const serverEnv = { AUTH_RATE_LIMIT: '100000' };

interface StartupSeries {
  runsMs: number[];
  medianMs: number;
  peakRssMb: (number | null)[];
}

interface RequestLatency {
  login: Summary;
  accommodations: Summary;
}

function series(runs: { readyMs: number; rss: number | null }[]): StartupSeries {
  const runsMs = runs.map((r) => round(r.readyMs, 0));
  return { runsMs, medianMs: round(median(runsMs), 0), peakRssMb: runs.map((r) => r.rss) };
}

/** Starts, measures and stops the server `times` times; keeps the last one running when asked. */
async function startups(
  label: string,
  times: number,
  options: () => Promise<ServerOptions> | ServerOptions,
  keepLast = false,
): Promise<{ runs: { readyMs: number; rss: number | null }[]; kept: RunningServer | null }> {
  const runs: { readyMs: number; rss: number | null }[] = [];
  let kept: RunningServer | null = null;
  for (let i = 1; i <= times; i++) {
    const server = await startServer(await options());
    runs.push({ readyMs: server.readyMs, rss: server.peakRssMb() });
    log(`${label} ${i}/${times}: ${ms(server.readyMs)}`);
    if (keepLast && i === times) kept = server;
    else await server.stop();
  }
  return { runs, kept };
}

/** 5 warm-up then 50 sequential sign-ins; 20 warm-up then 200 sequential GET /api/accommodations. */
async function requestLatency(baseUrl: string): Promise<RequestLatency & { companyName: string }> {
  for (let i = 0; i < LOGIN_WARMUP; i++) await signIn(baseUrl);
  const logins: number[] = [];
  let token = '';
  for (let i = 0; i < LOGIN_RUNS; i++) {
    const r = await signIn(baseUrl);
    logins.push(r.ms);
    token = r.accessToken;
  }
  const url = `${baseUrl}/api/accommodations`;
  let companyName = '';
  for (let i = 0; i < LIST_WARMUP; i++) companyName = String((await timedGet(url, token)).body?.company?.name ?? '');
  const lists: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) lists.push((await timedGet(url, token)).ms);
  return { login: summarize(logins), accommodations: summarize(lists), companyName };
}

function printBundle(b: BundleReport & { buildMs: number | null }) {
  console.log(heading(`Console bundle (${b.buildMs === null ? 'existing dist/' : `vite build ${ms(b.buildMs)}`})`));
  const rows: (string | number)[][] = [
    ...b.firstLoad.js.map((f) => [`first load: ${f.file}`, kB(f.raw), kB(f.gzip)]),
    [
      `first load JS (${b.firstLoad.jsTotal.files} files, index.html)`,
      kB(b.firstLoad.jsTotal.raw),
      kB(b.firstLoad.jsTotal.gzip),
    ],
    [
      `first load CSS (${b.firstLoad.cssTotal.files} files)`,
      kB(b.firstLoad.cssTotal.raw),
      kB(b.firstLoad.cssTotal.gzip),
    ],
    ...b.assets.js.slice(0, 5).map((f) => [`chunk: ${f.file}`, kB(f.raw), kB(f.gzip)]),
    [`all JS in assets/ (${b.assets.jsTotal.files} files)`, kB(b.assets.jsTotal.raw), kB(b.assets.jsTotal.gzip)],
    [`all CSS in assets/ (${b.assets.cssTotal.files} files)`, kB(b.assets.cssTotal.raw), kB(b.assets.cssTotal.gzip)],
  ];
  console.log(table(['what', 'raw', 'gzip -9'], rows));
}

function printBrowser(r: BrowserReport) {
  console.log(heading(`JS that Chromium loads (${r.chromium}; bytes as sent by the server)`));
  const pages: PageJs[] = [r.loginPage, r.loginPrefetch, r.afterSignIn, r.homeDirect];
  console.log(
    table(
      ['page', 'JS files', 'transferred', 'raw', 'gzip -9', 'shown after'],
      pages.map((p) => [
        p.what,
        p.js.map((f) => path.basename(f.file)).join(' ') || '-',
        kB(p.transferred),
        kB(p.raw),
        kB(p.gzip),
        p.visibleMs ? ms(p.visibleMs) : '-',
      ]),
    ),
  );
  const encodings = [...new Set(pages.flatMap((p) => p.js.map((f) => f.encoding)))];
  console.log(`content-encoding of JS answers: ${encodings.join(', ') || 'n/a'}`);
}

function printStartup(rows: [string, StartupSeries][]) {
  console.log(heading(`Process start to first 200 of GET /api/health (${serverCommandText}, polled every 20 ms)`));
  console.log(
    table(
      ['database', 'runs', 'median', 'each run', 'peak RSS'],
      rows.map(([name, s]) => [
        name,
        s.runsMs.length,
        ms(s.medianMs),
        s.runsMs.join(', ') + ' ms',
        s.peakRssMb.map((x) => (x === null ? '?' : String(x))).join(', ') + ' MB',
      ]),
    ),
  );
}

function printLatency(rows: [string, string, Summary][]) {
  console.log(heading('Request latency, sequential, one connection (ms)'));
  console.log(
    table(
      ['request', 'database', 'n', 'median', 'p90', 'min', 'max'],
      rows.map(([req, db, s]) => [req, db, s.n, s.median, s.p90, s.min, s.max]),
    ),
  );
}

async function run(options: BenchOptions): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const failures = new Failures();
  const { errors } = failures;
  const work = tempDir('foundation');
  try {
    // 1. What the console's first load costs.
    let consoleDir = path.join(repoRoot, 'dist');
    await failures.section('bundle', async () => {
      let buildMs: number | null = null;
      if (options.build) {
        // Built into a temporary folder, so that a dist/ in use by someone else is left alone.
        consoleDir = path.join(work, 'console');
        log('vite build');
        buildMs = viteBuild(consoleDir);
      }
      const bundle = { buildMs: buildMs === null ? null : round(buildMs, 0), ...measureBundle(consoleDir) };
      printBundle(bundle);
      out.bundle = { ...bundle, outDir: options.build ? '(temporary vite build)' : 'dist' };
    });

    const startup: Record<string, unknown> = { command: serverCommandText, pollMs: 20 };
    const latency: [string, string, Summary][] = [];
    const startupRows: [string, StartupSeries][] = [];
    out.startup = startup;

    // 2. The part of every start that is not the database: node, tsx and the server's modules.
    await failures.section('imports', async () => {
      const runs: { readyMs: number; rss: number | null }[] = [];
      for (let i = 1; i <= REOPEN_RUNS; i++) {
        const r = await timeImportsOnly();
        runs.push({ readyMs: r.ms, rss: r.peakRssMb });
        log(`imports only ${i}/${REOPEN_RUNS}: ${ms(r.ms)}`);
      }
      startup.importsOnly = series(runs);
      startupRows.push(['no database: import server/start.ts, exit', series(runs)]);
    });

    // 2. and 3. on the embedded database.
    await failures.section('pglite', async () => {
      const dirs = Array.from({ length: FRESH_RUNS }, (_, i) => path.join(work, `pglite-${i + 1}`, 'pg'));
      let n = 0;
      const fresh = await startups('fresh PGlite', FRESH_RUNS, () => ({
        dataDir: dirs[n++] ?? '',
        consoleDir,
        env: serverEnv,
      }));
      // The same without the demo data, to tell migrations from the seed.
      const bare = await startups('fresh PGlite, SEED_DEMO=0', 1, () => ({
        dataDir: path.join(work, 'pglite-bare', 'pg'),
        consoleDir,
        env: { ...serverEnv, SEED_DEMO: '0' },
      }));
      const reopen = await startups(
        'reopened PGlite',
        REOPEN_RUNS,
        () => ({ dataDir: dirs[0] ?? '', consoleDir, env: serverEnv }),
        true,
      );
      const server = reopen.kept;
      if (!server) throw new Error('no server kept');
      try {
        startup.pglite = { fresh: series(fresh.runs), freshNoSeed: series(bare.runs), reopen: series(reopen.runs) };
        startupRows.push(['PGlite, fresh DATA_DIR (migrate + seed)', series(fresh.runs)]);
        startupRows.push(['PGlite, fresh DATA_DIR, SEED_DEMO=0 (migrate)', series(bare.runs)]);
        startupRows.push(['PGlite, reopened DATA_DIR', series(reopen.runs)]);
        printStartup(startupRows);

        log('sign-in and list latency on PGlite');
        const r = await requestLatency(server.baseUrl);
        out.latency = { pglite: { login: r.login, accommodations: r.accommodations } };
        latency.push(
          ['POST /oauth/auth (password)', 'PGlite', r.login],
          ['GET /api/accommodations', 'PGlite', r.accommodations],
        );
        printLatency(latency);

        if (out.bundle) {
          await failures.section('browser', async () => {
            log('headless Chromium: login page, sign-in, home');
            const report = await measurePages(server.baseUrl, consoleDir, r.companyName);
            out.browser = report;
            printBrowser(report);
          });
        }
      } finally {
        await server.stop();
      }
    });

    // 2c. and 3. on a PostgreSQL server, in databases made for the run and dropped after it.
    await failures.section('postgres', async () => {
      const probe = await probePostgres();
      if (!probe.available) {
        startup.postgres = { skipped: `no PostgreSQL at ${probe.url}: ${probe.reason}` };
        console.log(heading(`PostgreSQL: skipped (${probe.reason})`));
        return;
      }
      const made: string[] = [];
      const newDatabase = async () => {
        const db = await createDatabase(probe.url);
        made.push(db.name);
        return db.url;
      };
      let server: RunningServer | null = null;
      try {
        const fresh = await startups('fresh PostgreSQL database', FRESH_RUNS, async () => ({
          databaseUrl: await newDatabase(),
          env: serverEnv,
        }));
        const firstUrl = new URL(probe.url);
        firstUrl.pathname = `/${made[0] ?? ''}`;
        const reopen = await startups(
          'restart on PostgreSQL',
          REOPEN_RUNS,
          () => ({ databaseUrl: firstUrl.toString(), env: serverEnv }),
          true,
        );
        server = reopen.kept;
        startup.postgres = {
          server: `PostgreSQL ${probe.version}`,
          source: probe.source,
          fresh: series(fresh.runs),
          reopen: series(reopen.runs),
        };
        startupRows.push([`PostgreSQL ${probe.version}, new database (migrate + seed)`, series(fresh.runs)]);
        startupRows.push([`PostgreSQL ${probe.version}, restart`, series(reopen.runs)]);
        printStartup(startupRows);
        if (server) {
          log('sign-in and list latency on PostgreSQL');
          const r = await requestLatency(server.baseUrl);
          out.latency = { ...(out.latency as object), postgres: { login: r.login, accommodations: r.accommodations } };
          latency.push(
            ['POST /oauth/auth (password)', 'PostgreSQL', r.login],
            ['GET /api/accommodations', 'PostgreSQL', r.accommodations],
          );
          printLatency(latency);
        }
      } finally {
        if (server) await server.stop();
        for (const name of made) await dropDatabase(probe.url, name).catch(() => undefined);
      }
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (Object.keys(errors).length > 0) out.errors = errors;
  return out;
}

export const foundation: Benchmark = {
  name: 'foundation',
  description: 'console first-load JS, process start to first answer, sign-in latency',
  run,
};
