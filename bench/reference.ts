import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Benchmark, BenchOptions } from './lib/benchmark';
import { contextOptions, launchChromium } from './lib/browser';
import { sizeOf, viteBuild } from './lib/bundle';
import { heading, kB, ms, table, log } from './lib/format';
import { signIn } from './lib/http';
import { repoRoot, tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer, demoServerEnv } from './lib/server';
import { median, round, summarize } from './lib/stats';

/**
 * Issue 12, goal 1: the calendar against a react-admin reference, in one sitting, alternated. Each
 * run is a full page load in a new browser context (empty cache): the calendar of the demo data's
 * first accommodation with a session (its access cookie), until its first booking chip is painted;
 * and the reference app (bench/reference: react-admin's <Admin> with a <List> of 50 rows from an
 * in-memory dataProvider, built by the same Vite and served by the same server), until its 50 rows
 * are painted. Also: the compressed JS each loads before that paint, the sign-in page's JS, and
 * whether the calendar's next call (the weeks before, asked once it is shown) stays after the paint.
 */

const RUNS = 9;
const TARGET_RATIO = 0.7;
const TARGET_FIRST_LOAD_KB = 350;
const TARGET_LOGIN_KB = 100;

/**
 * In the page before its scripts: notes when `ready` first holds, then the frame after it
 * (`__paintedAt`); and the same for `later`, if given (`__laterPaintedAt`).
 */
const probe = (ready: string, later = 'false') => `(() => {
  const note = (key, holds) => {
    if (window['__' + key] !== undefined || !holds()) return;
    window['__' + key] = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window['__' + key + 'PaintedAt'] = performance.now(); }, 0));
  };
  const check = () => {
    note('shown', () => ${ready});
    note('later', () => ${later});
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

/** The first booking chip: the first paint's (drawn before the console) or the console's. */
const CALENDAR_READY = `document.querySelector('.cal-week [data-date] .cal-chip')`;
/** The console's own calendar with its bookings: where staff can work with everything. */
const CONSOLE_READY = `document.querySelector('[data-testid=calendar-scroll] .cal-week [data-date] .cal-chip')`;
const REFERENCE_READY = `document.querySelectorAll('tbody tr').length >= 50`;
const LOGIN_READY = `document.querySelector('input[type=password]')`;

interface Run {
  paintedMs: number;
  /** The `later` state painted (the console's calendar), if asked for. */
  laterMs: number | null;
  /** The compressed JS requested before that. */
  laterJsGzip: number | null;
  /** Scripts requested before the paint: path and gzip -9 size of the built file. */
  js: { file: string; gzip: number }[];
  jsGzip: number;
  /** API calls started after the paint (the calendar's weeks before), with their start. */
  laterApi: { path: string; startMs: number }[];
  apiBefore: number;
}

async function measure(
  browser: Browser,
  url: string,
  ready: string,
  builtDir: string,
  cookies: { name: string; value: string }[] = [],
  later?: string,
): Promise<Run> {
  const context = await browser.newContext(contextOptions);
  try {
    if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url })));
    const page: Page = await context.newPage();
    await page.addInitScript(probe(ready, later));
    await page.goto(url);
    await page.waitForFunction(
      (both) => {
        const w = window as unknown as { __shownPaintedAt?: number; __laterPaintedAt?: number };
        return w.__shownPaintedAt !== undefined && (!both || w.__laterPaintedAt !== undefined);
      },
      later !== undefined,
      { timeout: 30_000 },
    );
    // A moment more: the calls that follow the first screen are seen too.
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => ({
      painted: (window as unknown as { __shownPaintedAt: number }).__shownPaintedAt,
      laterPainted: (window as unknown as { __laterPaintedAt?: number }).__laterPaintedAt ?? null,
      entries: performance
        .getEntriesByType('resource')
        .map((e) => ({ name: e.name, start: e.startTime, type: (e as PerformanceResourceTiming).initiatorType })),
    }));
    const jsBefore = (until: number) =>
      seen.entries
        .filter((e) => e.start < until && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ file: new URL(e.name).pathname, gzip: sizeOf(builtDir, new URL(e.name).pathname).gzip }));
    const js = jsBefore(seen.painted);
    const sum = (files: { gzip: number }[]) => files.reduce((total, f) => total + f.gzip, 0);
    const api = seen.entries.filter((e) => new URL(e.name).pathname.startsWith('/api/'));
    return {
      paintedMs: seen.painted,
      laterMs: seen.laterPainted,
      laterJsGzip: seen.laterPainted === null ? null : sum(jsBefore(seen.laterPainted)),
      js,
      jsGzip: sum(js),
      laterApi: api
        .filter((e) => e.start >= seen.painted)
        .map((e) => ({ path: new URL(e.name).pathname, startMs: round(e.start, 0) })),
      apiBefore: api.filter((e) => e.start < seen.painted).length,
    };
  } finally {
    await context.close();
  }
}

async function run(options: BenchOptions): Promise<Record<string, unknown>> {
  const probePg = await probePostgres();
  if (!probePg.available) throw new Error(`the reference benchmark needs PostgreSQL: none at ${probePg.url}`);
  const work = tempDir('reference');
  const consoleDir = options.build ? path.join(work, 'console') : path.join(repoRoot, 'dist');
  const referenceDir = path.join(work, 'reference');
  if (options.build) {
    log('vite build (console)');
    viteBuild(consoleDir);
  }
  log('vite build (reference: bench/reference)');
  viteBuild(referenceDir, 'bench/reference/vite.config.ts');

  const db = await createDatabase(probePg.url);
  const servers: RunningServer[] = [];
  let browser: Browser | null = null;
  try {
    log(`database ${db.name}: migrate and seed the demo company`);
    const app = await startServer({ databaseUrl: db.url, env: demoServerEnv, consoleDir });
    servers.push(app);
    const reference = await startServer({ databaseUrl: db.url, env: demoServerEnv, consoleDir: referenceDir });
    servers.push(reference);
    const { accessToken } = await signIn(app.baseUrl);
    const session = [{ name: 'yadoban_token', value: accessToken }];
    browser = await launchChromium();
    const calendarUrl = `${app.baseUrl}/m/accommodation/1`;

    log('warm-up: one load of each');
    await measure(browser, calendarUrl, CALENDAR_READY, consoleDir, session, CONSOLE_READY);
    await measure(browser, `${reference.baseUrl}/`, REFERENCE_READY, referenceDir);
    const calendar: Run[] = [];
    const ref: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      log(`run ${i + 1}/${RUNS}`);
      // Alternated, and each pair in the other order than the one before.
      const pair = [
        async () =>
          calendar.push(await measure(browser!, calendarUrl, CALENDAR_READY, consoleDir, session, CONSOLE_READY)),
        async () => ref.push(await measure(browser!, `${reference.baseUrl}/`, REFERENCE_READY, referenceDir)),
      ];
      for (const step of i % 2 === 0 ? pair : pair.reverse()) await step();
    }
    const login = await measure(browser, `${app.baseUrl}/`, LOGIN_READY, consoleDir);

    const c = summarize(calendar.map((r) => r.paintedMs));
    const r = summarize(ref.map((x) => x.paintedMs));
    const ratio = round(c.median / r.median, 2);
    const firstLoadKb = round(median(calendar.map((x) => x.jsGzip)) / 1000, 1);
    const referenceKb = round(median(ref.map((x) => x.jsGzip)) / 1000, 1);
    const loginKb = round(login.jsGzip / 1000, 1);
    const later = calendar[0]?.laterApi ?? [];
    const consoleMs = summarize(calendar.map((x) => x.laterMs ?? Number.NaN));
    const consoleKb = round(median(calendar.map((x) => x.laterJsGzip ?? Number.NaN)) / 1000, 1);

    console.log(
      heading(`Full page load, new context each, ${RUNS} alternated runs (ms from navigation start to painted)`),
    );
    console.log(
      table(
        ['page', 'median', 'p90', 'min', 'max', 'JS before paint (gzip -9)', 'JS files', 'API calls before paint'],
        [
          [
            'calendar /m/accommodation/1 (first chip)',
            c.median,
            c.p90,
            c.min,
            c.max,
            kB(firstLoadKb * 1000),
            calendar[0]?.js.length ?? 0,
            calendar[0]?.apiBefore ?? 0,
          ],
          [
            "calendar: the console's own (interactive)",
            consoleMs.median,
            consoleMs.p90,
            consoleMs.min,
            consoleMs.max,
            kB(consoleKb * 1000),
            '',
            '',
          ],
          [
            'reference: react-admin <List> of 50 rows',
            r.median,
            r.p90,
            r.min,
            r.max,
            kB(referenceKb * 1000),
            ref[0]?.js.length ?? 0,
            0,
          ],
        ],
      ),
    );
    console.log(
      `calendar / reference: ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}); calendar first-load JS ${kB(firstLoadKb * 1000)} ` +
        `(target <= ${TARGET_FIRST_LOAD_KB} kB); sign-in page JS ${kB(loginKb * 1000)} (target <= ${TARGET_LOGIN_KB} kB); ` +
        `calls after the calendar's paint: ${later.map((x) => `${x.path} at ${ms(x.startMs)}`).join(', ') || 'none'}`,
    );
    return {
      postgres: { version: probePg.version, source: probePg.source },
      runs: RUNS,
      calendar: { ms: c, consoleMs, consoleKb, runs: calendar },
      reference: { ms: r, runs: ref },
      ratio,
      firstLoadKb,
      referenceKb,
      loginKb,
      login,
      targets: { ratio: TARGET_RATIO, firstLoadKb: TARGET_FIRST_LOAD_KB, loginKb: TARGET_LOGIN_KB },
    };
  } finally {
    await browser?.close();
    for (const s of servers) await s.stop();
    await dropDatabase(probePg.url, db.name).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

export const reference: Benchmark = {
  name: 'reference',
  description:
    "the calendar's full page load against a react-admin <List> of 50 rows, alternated; first-load and sign-in JS",
  run,
};
