import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { addDays, tokyoToday, weekday } from '../contract/dates';
import type { Benchmark, BenchOptions } from './lib/benchmark';
import { fillBookings, type FillReport } from './lib/bookingData';
import { viteBuild } from './lib/bundle';
import { measureCalendar, type CalendarReport, type CalendarRun } from './lib/calendarBrowser';
import { heading, kB, ms, table, log } from './lib/format';
import { interleaved } from './lib/interleave';
import { rawGet, signIn, type RawAnswer } from './lib/http';
import { loadTest, type LoadResult } from './lib/load';
import { repoRoot, tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer, demoServerEnv } from './lib/server';
import { median, round, summarize, type Summary } from './lib/stats';
import { Failures } from './lib/failures';

/**
 * The booking calendar at scale: 100,000 bookings over 3 years in 3 accommodations on PostgreSQL.
 * The calendar's call (GET /api/admin/books, 15 weeks) against the time PostgreSQL itself takes for
 * the same statement, the call under load, and the calendar page in Chromium until the first
 * week's bookings are painted.
 */

const BOOKINGS = 100_000;
/** Check-in days: 3 years, half before today and half after, so the calendar's window is mid-data. */
const SPAN_DAYS = 3 * 365 + 1;
const WARMUP = 5;
const RUNS = 50;
const LOAD = { connections: 10, durationS: 10 };
const BROWSER_RUNS = 5;
/** The calendar window (resources/bookings/calendar/calendarConstants.ts): 15 weeks from the Sunday a week before today's. */
const WEEKS = 15;
const TARGET_RATIO = 2;
const TARGET_PAGE_MS = 1400;
/** What Chromium 156 sends to 127.0.0.1 (the page's own request is recorded: booksAcceptEncoding). */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ENCODINGS: { label: string; header: string | null }[] = [
  { label: 'none (identity)', header: null },
  { label: 'gzip', header: 'gzip, deflate' },
  { label: "Chromium's (br)", header: CHROMIUM_ACCEPT_ENCODING },
];

interface ApiSeries {
  encoding: string;
  acceptEncoding: string | null;
  answeredEncoding: string;
  bytes: number;
  ms: Summary;
}

interface PgTiming {
  jit: 'default' | 'off';
  ms: Summary;
  explain: { executionMs: number; planningMs: number; jitMs: number | null; sharedHit: number | null };
}

/** The calendar's first window for `today`: Sunday of the week before today's, 15 whole weeks. */
export function calendarWindow(today: string): { from: string; to: string } {
  const from = addDays(addDays(today, -weekday(today)), -7);
  return { from, to: addDays(from, 7 * WEEKS - 1) };
}

const planNumber = (plan: string, re: RegExp) => {
  const m = re.exec(plan);
  return m?.[1] === undefined ? null : Number(m[1]);
};

function explainSummary(plan: string): PgTiming['explain'] {
  return {
    executionMs: planNumber(plan, /Execution Time: ([\d.]+) ms/) ?? Number.NaN,
    planningMs: planNumber(plan, /Planning Time: ([\d.]+) ms/) ?? Number.NaN,
    jitMs: planNumber(plan, /Timing:.*Total ([\d.]+) ms/),
    sharedHit: planNumber(plan, /Buffers: shared hit=(\d+)/),
  };
}

interface Comparison {
  api: ApiSeries[];
  reference: Summary;
  postgres: PgTiming[];
  books: { api: number; postgres: number };
  bodyBytes: { api: number; postgres: number };
  params: unknown[];
  plan: string;
  /** The answer's JSON text (not written to the results). */
  json: string;
}

/**
 * The calendar's call through the API (one keep-alive connection per accept-encoding, the body
 * timed to its last byte as sent) against the very statement the route runs (bookingListSql
 * rendered by drizzle's PgDialect, with the admin's reachable accommodation ids) on a pg Client
 * over loopback, whole answer: the time PostgreSQL itself takes. PostgreSQL also with jit off, in a
 * second session, to see what JIT costs; GET /api/accommodations as the fixed cost of a request.
 */
async function compare(
  baseUrl: string,
  url: string,
  token: string,
  databaseUrl: string,
  window: { from: string; to: string },
  accommodationId: number,
): Promise<Comparison> {
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { bookingListSql } = await import('../server/db/queries/bookings');
  const agents = ENCODINGS.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const refAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const clients = [0, 1].map(() => {
    const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, query_timeout: 60_000 });
    c.on('error', () => undefined);
    return c;
  });
  try {
    for (const c of clients) await c.connect();
    const [pgDefault, pgJitOff] = clients as [pg.Client, pg.Client];
    await pgJitOff.query('set jit = off');
    const ids = (await pgDefault.query<{ id: number }>('select id from accommodations order by id')).rows.map(
      (r) => r.id,
    );
    const query = new PgDialect().sqlToQuery(
      bookingListSql(
        {
          accommodation_id: accommodationId,
          stay_start_date: window.from,
          stay_end_date: window.to,
          with_consecutive: true,
        },
        ids,
      ),
    );

    const last: { api: RawAnswer[]; pg: string } = { api: [], pg: '' };
    const apiTimers = ENCODINGS.map((enc, i) => async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (enc.header) headers['accept-encoding'] = enc.header;
      const r = await rawGet(url, headers, agents[i]!);
      if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}: ${r.body.toString().slice(0, 300)}`);
      last.api[i] = r;
      return r.ms;
    });
    const pgTimers = clients.map((c) => async () => {
      const t0 = performance.now();
      const r = await c.query<{ books: string }>(query.sql, query.params);
      const elapsed = performance.now() - t0;
      last.pg = r.rows[0]?.books ?? '';
      return elapsed;
    });
    const refTimer = async () =>
      (await rawGet(`${baseUrl}/api/accommodations`, { authorization: `Bearer ${token}` }, refAgent)).ms;

    const samples = await interleaved([...apiTimers, ...pgTimers, refTimer], WARMUP, RUNS);
    const plans: string[] = [];
    for (const c of clients) {
      const r = await c.query(`explain (analyze, buffers) ${query.sql}`, query.params);
      plans.push(r.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    }
    const identity = last.api[0];
    return {
      api: ENCODINGS.map((enc, i) => ({
        encoding: enc.label,
        acceptEncoding: enc.header,
        answeredEncoding: last.api[i]?.encoding ?? '?',
        bytes: last.api[i]?.bytes ?? 0,
        ms: summarize(samples[i] ?? []),
      })),
      postgres: (['default', 'off'] as const).map((jit, k) => ({
        jit,
        ms: summarize(samples[ENCODINGS.length + k] ?? []),
        explain: explainSummary(plans[k] ?? ''),
      })),
      reference: summarize(samples[ENCODINGS.length + 2] ?? []),
      books: {
        api: identity ? (JSON.parse(identity.body.toString('utf8')) as { books: unknown[] }).books.length : 0,
        postgres: (JSON.parse(last.pg) as { books: unknown[] }).books.length,
      },
      bodyBytes: { api: identity?.bytes ?? 0, postgres: Buffer.byteLength(last.pg) },
      params: query.params,
      plan: plans[0] ?? '',
      json: last.pg,
    };
  } finally {
    for (const a of [...agents, refAgent]) a.destroy();
    for (const c of clients) await c.end().catch(() => undefined);
  }
}

function printData(d: FillReport, window: { from: string; to: string }) {
  console.log(
    heading(
      `Data: ${d.bookings} bookings (check-in ${d.firstStart} to ${d.lastStart}), written in ${ms(d.insertMs)}, ANALYZE ${ms(d.analyzeMs)}`,
    ),
  );
  console.log(
    table(
      ['accommodation', 'room types', 'rooms', 'bookings'],
      d.perAccommodation.map((a) => [`${a.accommodationId} ${a.name}`, a.rooms, a.capacity, a.bookings]),
    ),
  );
  console.log(
    `live ${d.live}, cancelled ${d.cancelled}; payments ${d.payments}, booking options ${d.bookingOptions}; ` +
      d.tableSizes.map((t) => `${t.table} ${kB(t.totalBytes)}`).join(', '),
  );
  console.log(`calendar window measured: ${window.from} to ${window.to} (${WEEKS} weeks), with_consecutive=true`);
}

function printCalendarRuns(r: CalendarReport) {
  const row = (name: string, x: CalendarRun) => [
    name,
    ms(x.paintedMs),
    ms(x.inDomMs),
    ms(x.domContentLoadedMs),
    ms(x.scriptsEndMs),
    x.books ? ms(x.books.startMs) : '-',
    x.books ? ms(x.books.endMs - x.books.startMs) : '-',
    x.books ? kB(x.books.transferBytes) : '-',
    x.mainThread ? ms(x.mainThread.scriptMs) : '-',
    x.mainThread ? ms(x.mainThread.recalcStyleMs + x.mainThread.layoutMs) : '-',
    x.mainThread ? ms(x.mainThread.taskMs) : '-',
    x.chips,
  ];
  console.log(
    heading(`Calendar page ${r.url} in Chromium ${r.chromium}: from navigation start (ms; main thread from CDP)`),
  );
  console.log(
    table(
      [
        'run',
        'chips painted',
        'chips in DOM',
        'DOMContentLoaded',
        'last JS loaded',
        'books asked at',
        'books call',
        'books sent',
        'JS run',
        'style+layout',
        'main thread busy',
        'chips',
      ],
      [
        row('warm-up', r.warmup),
        ...r.runs.map((x, i) => row(String(i + 1), x)),
        ...(r.coldCache ? [row('new context, empty cache', r.coldCache)] : []),
      ],
    ),
  );
}

async function run(options: BenchOptions): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const failures = new Failures();
  const { errors } = failures;
  const probe = await probePostgres();
  if (!probe.available)
    throw new Error(`the bookings benchmark needs PostgreSQL: none at ${probe.url} (${probe.reason})`);
  const today = tokyoToday();
  const window = calendarWindow(today);
  const dataFrom = addDays(today, -Math.floor(SPAN_DAYS / 2));
  out.postgres = { version: probe.version, source: probe.source };
  out.window = { today, ...window, weeks: WEEKS };

  const work = tempDir('bookings');
  let dbName: string | null = null;
  let server: RunningServer | null = null;
  try {
    let consoleDir: string | null = path.join(repoRoot, 'dist');
    if (options.build) {
      consoleDir = path.join(work, 'console');
      log('vite build');
      try {
        viteBuild(consoleDir);
      } catch (e) {
        failures.note('build', e, 'vite build: FAILED (the browser part is skipped)');
        consoleDir = null;
      }
    }

    const db = await createDatabase(probe.url);
    dbName = db.name;
    log(`database ${db.name}: migrate and seed the demo company`);
    const seeding = await startServer({ databaseUrl: db.url, env: demoServerEnv });
    await seeding.stop();
    log(`${BOOKINGS} bookings from ${dataFrom}, ${SPAN_DAYS} days`);
    const data = await fillBookings(db.url, { bookings: BOOKINGS, from: dataFrom, spanDays: SPAN_DAYS });
    out.data = { ...data, insertMs: round(data.insertMs, 0), analyzeMs: round(data.analyzeMs, 0) };
    printData(data, window);

    server = await startServer({ databaseUrl: db.url, env: demoServerEnv, ...(consoleDir ? { consoleDir } : {}) });
    const baseUrl = server.baseUrl;
    const accommodationId = data.perAccommodation[0]?.accommodationId;
    if (accommodationId === undefined) throw new Error('no accommodation after the seed');
    const query = new URLSearchParams({
      accommodation_id: String(accommodationId),
      stay_start_date: window.from,
      stay_end_date: window.to,
      with_consecutive: 'true',
    });
    const url = `${baseUrl}/api/admin/books?${query}`;
    out.request = `GET /api/admin/books?${query}`;

    let booksJson: string | null = null;
    await failures.section('api', async () => {
      const { accessToken } = await signIn(baseUrl);
      log(`API and PostgreSQL, interleaved: ${WARMUP} warm-up + ${RUNS} rounds`);
      const c = await compare(baseUrl, url, accessToken, db.url, window, accommodationId);
      booksJson = c.json;
      const pgDefault = c.postgres[0]!;
      const ratio = (x: Summary) => round(x.median / pgDefault.ms.median, 2);
      out.comparison = {
        books: c.books,
        bodyBytes: c.bodyBytes,
        api: c.api.map((x) => ({ ...x, ratioToPostgres: ratio(x.ms) })),
        postgres: c.postgres.map((x) => ({ ...x, ratioToPostgres: ratio(x.ms) })),
        referenceAccommodations: c.reference,
        params: c.params,
        explainAnalyze: c.plan,
      };
      console.log(
        heading(`The calendar's call, sequential, interleaved, one connection each, ${WARMUP} warm-up + ${RUNS} (ms)`),
      );
      const rows: (string | number)[][] = [
        ...c.api.map((x) => [
          `API, accept-encoding: ${x.acceptEncoding ?? 'none'}`,
          x.answeredEncoding,
          kB(x.bytes),
          x.ms.median,
          x.ms.p90,
          x.ms.min,
          x.ms.max,
          ratio(x.ms).toFixed(2),
        ]),
        ...c.postgres.map((x) => [
          `PostgreSQL alone, same statement, jit ${x.jit}`,
          'text',
          kB(c.bodyBytes.postgres),
          x.ms.median,
          x.ms.p90,
          x.ms.min,
          x.ms.max,
          ratio(x.ms).toFixed(2),
        ]),
        [
          'API, GET /api/accommodations (reference)',
          'identity',
          '-',
          c.reference.median,
          c.reference.p90,
          c.reference.min,
          c.reference.max,
          '-',
        ],
      ];
      console.log(table(['what', 'encoding', 'body', 'median', 'p90', 'min', 'max', 'x PostgreSQL'], rows));
      console.log(
        `books in the answer: ${c.books.postgres} (API: ${c.books.api}), JSON ${kB(c.bodyBytes.postgres)}; ` +
          c.postgres
            .map(
              (t) =>
                `EXPLAIN ANALYZE (jit ${t.jit}): execution ${ms(t.explain.executionMs)}, planning ${ms(t.explain.planningMs)}` +
                (t.explain.jitMs !== null ? `, of which JIT ${ms(t.explain.jitMs)}` : ''),
            )
            .join('; '),
      );
      console.log(
        c.api.map((x) => `API (${x.answeredEncoding}) / PostgreSQL: ${ratio(x.ms).toFixed(2)}`).join(', ') +
          ` (target <= ${TARGET_RATIO})`,
      );
    });

    await failures.section('load', async () => {
      const { accessToken } = await signIn(baseUrl);
      const results: LoadResult[] = [];
      for (const enc of [ENCODINGS[0], ENCODINGS[2]]) {
        if (!enc) continue;
        log(`autocannon ${LOAD.connections} connections, ${LOAD.durationS} s, accept-encoding ${enc.header ?? 'none'}`);
        const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
        if (enc.header) headers['accept-encoding'] = enc.header;
        results.push(
          await loadTest(url, {
            ...LOAD,
            headers,
            reportHeaders: enc.header ? { 'accept-encoding': enc.header } : {},
          }),
        );
      }
      out.load = results;
      console.log(heading(`Under load: autocannon, ${LOAD.connections} connections, ${LOAD.durationS} s, same URL`));
      console.log(
        table(
          ['accept-encoding', 'requests', 'req/s', 'median', 'p90', 'p99', 'max', 'non-2xx', 'errors', 'received/s'],
          results.map((r) => [
            r.headers['accept-encoding'] ?? 'none',
            r.requests,
            r.requestsPerS,
            ms(r.latencyMs.median),
            ms(r.latencyMs.p90),
            ms(r.latencyMs.p99),
            ms(r.latencyMs.max),
            r.non2xx,
            r.errors + r.timeouts,
            `${(r.bytesPerS / 1e6).toFixed(1)} MB`,
          ]),
        ),
      );
    });

    if (consoleDir) {
      await failures.section('browser', async () => {
        log(`headless Chromium: sign in, then /m/accommodation/${accommodationId} ${BROWSER_RUNS + 1} times`);
        const report = await measureCalendar(baseUrl, accommodationId, BROWSER_RUNS, booksJson);
        const painted = report.runs.map((r) => r.paintedMs);
        const medianRun = [...report.runs].sort((a, b) => a.paintedMs - b.paintedMs)[
          Math.floor(report.runs.length / 2)
        ];
        const phase = (f: (r: CalendarRun) => number) => round(median(report.runs.map(f)), 0);
        const breakdown = {
          untilBooksAsked: phase((r) => r.books?.startMs ?? Number.NaN),
          booksCall: phase((r) => (r.books ? r.books.endMs - r.books.startMs : Number.NaN)),
          booksToDom: phase((r) => (r.books ? r.inDomMs - r.books.endMs : Number.NaN)),
          domToPaint: phase((r) => r.paintedMs - r.inDomMs),
        };
        out.browser = { ...report, paintedMedianMs: round(median(painted), 0), breakdownMedianMs: breakdown };
        printCalendarRuns(report);
        console.log(
          `median painted: ${ms(median(painted))} (target <= ${TARGET_PAGE_MS} ms); ` +
            `median phases: until the books call starts ${ms(breakdown.untilBooksAsked)}, the call ${ms(breakdown.booksCall)}, ` +
            `answer to chips in DOM ${ms(breakdown.booksToDom)} (JSON.parse alone ${report.jsonParseMs === null ? '?' : ms(report.jsonParseMs)}), ` +
            `to the painted frame ${ms(breakdown.domToPaint)}`,
        );
        if (medianRun) {
          console.log(
            `median run: API calls before the chips: ${medianRun.apiBefore.map((a) => `${a.path} ${Math.round(a.startMs)}-${Math.round(a.endMs)}`).join(', ')}; ` +
              `books answer ${medianRun.booksEncoding} (Chromium sent accept-encoding: ${medianRun.booksAcceptEncoding}), ${kB(medianRun.books?.transferBytes ?? 0)} sent, ${kB(medianRun.books?.decodedBytes ?? 0)} JSON; ` +
              `${medianRun.chips} chips in ${medianRun.dayCells} day cells, ${medianRun.weeks} weeks; ` +
              `JS: ${medianRun.scripts.map((x) => `${path.basename(x.file)} ${Math.round(x.startMs)}-${Math.round(x.endMs)}`).join(', ')}`,
          );
        }
      });
    }
  } finally {
    if (server) await server.stop();
    if (dbName) await dropDatabase(probe.url, dbName).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
  if (Object.keys(errors).length > 0) out.errors = errors;
  return out;
}

export const bookings: Benchmark = {
  name: 'bookings',
  description: `${BOOKINGS.toLocaleString('en')} bookings on PostgreSQL: the calendar's call against PostgreSQL alone, under load, and the calendar page in Chromium`,
  run,
};
