import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, daysBetween, tokyoToday } from '../contract/dates';
import { PRICE_CSV_HEADER } from '../contract/price';
import { formatYen } from '../i18n/formats';
import type { Benchmark, BenchOptions } from './lib/benchmark';
import { viteBuild } from './lib/bundle';
import { measureCreator, type CreatorReport, type TypingRun } from './lib/creatorBrowser';
import { heading, kB, ms, table, log } from './lib/format';
import { signIn, timedGet } from './lib/http';
import { repoRoot, tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer, demoServerEnv } from './lib/server';
import { median, round, summarize, type Summary } from './lib/stats';
import { Failures } from './lib/failures';

/**
 * Price CSV of 3 plans x 365 days x 10 headcounts (10,950 rows) through the real API: the dry run
 * (POST /api/plans/{id}/schedule/csv/check) and the import (POST /api/plans/{id}/schedule/csv),
 * one file per plan (the API takes one plan per request), timed as the client sees it. UTF-8 with
 * BOM, then the same rows in Shift_JIS; on PGlite and, when it answers, on PostgreSQL. Then the
 * price creator's preview of a year at 10 headcounts in Chromium (bench/lib/creatorBrowser.ts).
 */

const PLANS = 3;
const DAYS = 365;
const MAX_NUM = 10;
const WARMUP = 1;
const RUNS = 5;
const TARGET_MS = 1000;

/** The creator: a new plan of 10 headcounts, a calendar year (365 rows x 10 = 3,650 cells). */
const CREATOR = {
  start: '2027-01-01',
  end: '2027-12-31',
  warmup: 1,
  runs: 5,
  /** Playwright's keyboard.type delay: 0 sends the next key once Chromium has taken the last; 100 holds each key 100 ms and pauses 100 ms. */
  typingDelaysMs: [0, 100],
  /** "No visible stall": no task over 100 ms while typing, and the grid painted within ~200 ms of the last input. */
  stallTaskMs: 100,
  stallPaintMs: 200,
} as const;
/** Base prices typed in turn: each new, none a prefix of the next; with no steps every cell shows the base price. */
const BASE_PRICES = [
  '12345',
  '23456',
  '34567',
  '45678',
  '56789',
  '67891',
  '78912',
  '89123',
  '91234',
  '13579',
  '24680',
  '35791',
];

/** 日付,人数,料金 in Shift_JIS (as in tests/api/priceCsv.test.ts), as Japanese Excel saves it. */
const SJIS_HEADER = Buffer.from([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x90, 0x6c, 0x90, 0x94, 0x2c, 0x97, 0xbf, 0x8b, 0xe0]);

interface PlanPick {
  accommodationId: number;
  planId: number;
  name: string;
  maxNumBefore: number;
  maxNumAfter: number;
  patched: boolean;
}

type Encoding = 'utf-8' | 'shift_jis';

interface CsvFile {
  planId: number;
  encoding: Encoding;
  rows: number;
  bytes: Buffer;
}

/** The rows of one plan: 365 days from `from`, headcounts 1..10, a price that varies by day and headcount. */
function csvRows(from: string, planIndex: number): string[] {
  const rows: string[] = [];
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(from, d);
    for (let unit = 1; unit <= MAX_NUM; unit++) {
      rows.push(`${date},${unit},${8000 + planIndex * 1000 + unit * 1500 + (d % 7) * 500}`);
    }
  }
  return rows;
}

/** UTF-8 with BOM and the Japanese header, CRLF (what the export writes); or the same rows in Shift_JIS. */
export function csvFile(rows: readonly string[], encoding: Encoding): Buffer {
  const body = Buffer.from(rows.join('\r\n') + '\r\n', 'utf8');
  if (encoding === 'utf-8') {
    return Buffer.concat([Buffer.from('\uFEFF' + PRICE_CSV_HEADER.join(',') + '\r\n', 'utf8'), body]);
  }
  // The rows are ASCII, the same bytes in Shift_JIS: only the header (and no BOM) differs.
  return Buffer.concat([SJIS_HEADER, Buffer.from('\r\n'), body]);
}

interface Posted {
  ms: number;
  status: number;
  responseBytes: number;
  body: any;
}

/** One multipart POST (field csv, text/csv), timed from the call to the whole answer body. */
async function postCsv(baseUrl: string, token: string, file: CsvFile, check: boolean): Promise<Posted> {
  const url = `${baseUrl}/api/plans/${file.planId}/schedule/csv${check ? '/check' : ''}`;
  const form = new FormData();
  form.append('csv', new Blob([new Uint8Array(file.bytes)], { type: 'text/csv' }), 'prices.csv');
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  const elapsed = performance.now() - t0;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  if (check) {
    if (body?.items?.length !== file.rows || body?.errors?.length !== 0) {
      throw new Error(
        `check of plan ${file.planId}: ${body?.items?.length} items, errors ${JSON.stringify(body?.errors?.slice(0, 3))}`,
      );
    }
  } else if (body?.count !== file.rows) {
    throw new Error(`import of plan ${file.planId} wrote ${JSON.stringify(body)} instead of ${file.rows} rows`);
  }
  return { ms: elapsed, status: res.status, responseBytes: Buffer.byteLength(text), body };
}

/** Three plans of the demo data, one per accommodation where it can, max_num raised to 10 through the API. */
async function pickPlans(baseUrl: string, token: string): Promise<PlanPick[]> {
  const list = (await timedGet(`${baseUrl}/api/accommodations`, token)).body as { accommodations: { id: number }[] };
  const byAccommodation: { accommodationId: number; plans: { id: number; name: string; max_num: number }[] }[] = [];
  for (const a of list.accommodations) {
    const plans = (await timedGet(`${baseUrl}/api/accommodations/${a.id}/plans`, token)).body.plans;
    byAccommodation.push({ accommodationId: a.id, plans: [...plans].sort((x, y) => x.id - y.id) });
  }
  const picks: { accommodationId: number; plan: { id: number; name: string; max_num: number } }[] = [];
  for (let depth = 0; picks.length < PLANS && depth < 50; depth++) {
    for (const a of byAccommodation) {
      const plan = a.plans[depth];
      if (plan && picks.length < PLANS) picks.push({ accommodationId: a.accommodationId, plan });
    }
  }
  if (picks.length < PLANS) throw new Error(`the demo data has ${picks.length} plans, ${PLANS} needed`);
  const out: PlanPick[] = [];
  for (const { accommodationId, plan } of picks) {
    let after = plan.max_num;
    if (plan.max_num < MAX_NUM) {
      const url = `${baseUrl}/api/accommodations/${accommodationId}/plans/${plan.id}`;
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ max_num: MAX_NUM }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json()) as any;
      if (res.status !== 200) throw new Error(`PATCH ${url} answered ${res.status}: ${JSON.stringify(body)}`);
      after = Number(body?.max_num ?? MAX_NUM);
    }
    out.push({
      accommodationId,
      planId: plan.id,
      name: plan.name,
      maxNumBefore: plan.max_num,
      maxNumAfter: after,
      patched: plan.max_num < MAX_NUM,
    });
  }
  return out;
}

interface OpSeries {
  /** Per plan, the RUNS recorded times. */
  perPlan: { planId: number; ms: Summary; samples: number[] }[];
  /** The sum of the 3 plans' times in each round: the whole 10,950 rows. */
  total: Summary;
  totalSamples: number[];
  warmupMs: number[];
  responseBytes: number;
}

interface EncodingResult {
  encoding: Encoding;
  fileBytes: number[];
  rows: number;
  check: OpSeries;
  import: OpSeries;
}

/**
 * WARMUP unrecorded rounds then RUNS rounds; in each round, for each plan in turn, the dry run
 * then the import of its file.
 */
async function measure(baseUrl: string, token: string, files: CsvFile[]): Promise<EncodingResult> {
  const samples = { check: files.map(() => [] as number[]), import: files.map(() => [] as number[]) };
  const warm = { check: [] as number[], import: [] as number[] };
  const bytes = { check: 0, import: 0 };
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      for (const op of ['check', 'import'] as const) {
        const r = await postCsv(baseUrl, token, file, op === 'check');
        bytes[op] = Math.max(bytes[op], r.responseBytes);
        if (round < WARMUP) warm[op].push(round2(r.ms));
        else samples[op][i]!.push(r.ms);
      }
    }
  }
  const series = (op: 'check' | 'import'): OpSeries => {
    const totals = Array.from({ length: RUNS }, (_, k) => samples[op].reduce((s, x) => s + (x[k] ?? 0), 0));
    return {
      perPlan: files.map((f, i) => ({
        planId: f.planId,
        ms: summarize(samples[op][i]!),
        samples: samples[op][i]!.map(round2),
      })),
      total: summarize(totals),
      totalSamples: totals.map(round2),
      warmupMs: warm[op],
      responseBytes: bytes[op],
    };
  };
  return {
    encoding: files[0]!.encoding,
    fileBytes: files.map((f) => f.bytes.length),
    rows: files.reduce((s, f) => s + f.rows, 0),
    check: series('check'),
    import: series('import'),
  };
}

const round2 = (x: number) => round(x, 1);

interface BackendResult {
  database: string;
  readyMs: number;
  plans: PlanPick[];
  from: string;
  to: string;
  encodings: EncodingResult[];
  peakRssMb: number | null;
  storedRows: number | null;
}

async function runBackend(label: string, server: RunningServer): Promise<BackendResult> {
  const baseUrl = server.baseUrl;
  const { accessToken: token } = await signIn(baseUrl);
  const plans = await pickPlans(baseUrl, token);
  log(
    `${label}: plans ${plans.map((p) => `${p.planId} (accommodation ${p.accommodationId}, max_num ${p.maxNumBefore}→${p.maxNumAfter})`).join(', ')}`,
  );
  const from = addDays(tokyoToday(), 1);
  const rows = plans.map((_, i) => csvRows(from, i));
  const encodings: EncodingResult[] = [];
  for (const encoding of ['utf-8', 'shift_jis'] as const) {
    log(`${label}, ${encoding}: ${WARMUP} warm-up + ${RUNS} rounds of check and import for ${plans.length} plans`);
    const files = plans.map((p, i) => ({
      planId: p.planId,
      encoding,
      rows: rows[i]!.length,
      bytes: csvFile(rows[i]!, encoding),
    }));
    encodings.push(await measure(baseUrl, token, files));
  }
  // What the imports left: the cells of the 3 plans over the 365 days, read back through the API.
  let storedRows: number | null = 0;
  try {
    for (const p of plans) {
      const q = new URLSearchParams({ start_date: from, end_date: addDays(from, DAYS - 1) });
      const body = (await timedGet(`${baseUrl}/api/admin/plans/${p.planId}/schedules?${q}`, token)).body;
      storedRows += (body?.prices?.length as number) ?? 0;
    }
  } catch {
    storedRows = null;
  }
  return {
    database: label,
    readyMs: round(server.readyMs, 0),
    plans,
    from,
    to: addDays(from, DAYS - 1),
    encodings,
    peakRssMb: server.peakRssMb(),
    storedRows,
  };
}

function print(r: BackendResult) {
  console.log(
    heading(
      `${r.database}: ${PLANS} plans x ${DAYS} days (${r.from} to ${r.to}) x ${MAX_NUM} headcounts, ` +
        `${WARMUP} warm-up + ${RUNS} rounds, whole request as the client sees it`,
    ),
  );
  console.log(
    table(
      ['plan', 'accommodation', 'name', 'max_num before', 'after'],
      r.plans.map((p) => [
        p.planId,
        p.accommodationId,
        p.name,
        p.maxNumBefore,
        `${p.maxNumAfter}${p.patched ? ' (PATCH)' : ''}`,
      ]),
    ),
  );
  const rows: (string | number)[][] = [];
  for (const e of r.encodings) {
    for (const op of ['check', 'import'] as const) {
      const s = e[op];
      s.perPlan.forEach((p, i) => {
        rows.push([
          e.encoding,
          op,
          `plan ${p.planId} (3,650 rows, ${kB(e.fileBytes[i] ?? 0)})`,
          ms(p.ms.median),
          ms(p.ms.max),
          ms(p.ms.min),
          ms(s.warmupMs[i] ?? Number.NaN),
        ]);
      });
      rows.push([
        e.encoding,
        op,
        `sum of 3 plans (${e.rows.toLocaleString('en-US')} rows)`,
        ms(s.total.median),
        ms(s.total.max),
        ms(s.total.min),
        ms(s.warmupMs.reduce((a, b) => a + b, 0)),
      ]);
    }
  }
  console.log(table(['encoding', 'call', 'file', 'median', 'max', 'min', 'warm-up'], rows));
  for (const e of r.encodings) {
    for (const op of ['check', 'import'] as const) {
      const t = e[op].total;
      console.log(
        `${e.encoding} ${op}: 10,950 rows in ${ms(t.median)} median, ${ms(t.max)} max ` +
          `(target < ${TARGET_MS} ms: ${t.max < TARGET_MS ? 'met' : t.median < TARGET_MS ? 'median met, max not' : 'NOT met'})`,
      );
    }
  }
  console.log(
    `check answer ${kB(r.encodings[0]?.check.responseBytes ?? 0)} per plan; cells read back: ${r.storedRows}; ` +
      `server ready in ${ms(r.readyMs)}, peak RSS ${r.peakRssMb ?? '?'} MB`,
  );
}

function jsonOf(r: BackendResult) {
  return {
    ...r,
    encodings: r.encodings.map((e) => ({
      ...e,
      targetMs: TARGET_MS,
      checkMet: e.check.total.max < TARGET_MS,
      importMet: e.import.total.max < TARGET_MS,
    })),
  };
}

const typingLabel = (delayMs: number) =>
  delayMs === 0
    ? 'typing, keys as fast as Chromium takes them'
    : `typing, keys held ${delayMs} ms, ${delayMs} ms apart`;

interface CreatorRow {
  what: string;
  /** From the last input to the grid painted (the first render: the end date's last digit). */
  paintedMs: Summary;
  inDomMs: Summary;
  longestTaskMs: Summary;
  /** Every keystroke of the measured runs: keydown to the frame after its input event. */
  keyToFrameMs: Summary | null;
  keyToInputMaxMs: number | null;
  longestInteractionMaxMs: number | null;
  gridUpdatesMedian: number | null;
  stall: boolean;
  why: string[];
}

function typingRow(label: string, runs: readonly TypingRun[]): CreatorRow {
  const keys = runs.flatMap((r) => r.keystrokes);
  const frames = keys.map((k) => k.toFrameMs).filter((x): x is number => x !== null);
  const inputs = keys.map((k) => k.toInputMs).filter((x): x is number => x !== null);
  const interactions = runs.map((r) => r.longestInteractionMs).filter((x): x is number => x !== null);
  const painted = summarize(runs.map((r) => r.paintedMs));
  const longest = summarize(runs.map((r) => r.longestTaskMs));
  const why: string[] = [];
  if (painted.max > CREATOR.stallPaintMs) why.push(`last input to painted up to ${ms(painted.max)}`);
  if (longest.max > CREATOR.stallTaskMs) why.push(`a task of ${ms(longest.max)}`);
  return {
    what: label,
    paintedMs: painted,
    inDomMs: summarize(runs.map((r) => r.inDomMs)),
    longestTaskMs: longest,
    keyToFrameMs: frames.length > 0 ? summarize(frames) : null,
    keyToInputMaxMs: inputs.length > 0 ? Math.max(...inputs) : null,
    longestInteractionMaxMs: interactions.length > 0 ? Math.max(...interactions) : null,
    gridUpdatesMedian: median(runs.map((r) => r.gridUpdates)),
    stall: why.length > 0,
    why,
  };
}

function creatorRows(r: CreatorReport, cells: number): CreatorRow[] {
  const first = r.firstRender.runs;
  const painted = summarize(first.map((x) => x.paintedMs));
  const firstRow: CreatorRow = {
    what: `first render: end date's last digit to the grid in view (${cells.toLocaleString('en-US')} cells in all)`,
    paintedMs: painted,
    inDomMs: summarize(first.map((x) => x.inDomMs)),
    longestTaskMs: summarize(first.map((x) => x.longestTaskMs)),
    keyToFrameMs: null,
    keyToInputMaxMs: null,
    longestInteractionMaxMs: null,
    gridUpdatesMedian: null,
    // Not typing: judged by the time to the painted grid only.
    stall: painted.max > CREATOR.stallPaintMs,
    why: painted.max > CREATOR.stallPaintMs ? [`painted up to ${ms(painted.max)}`] : [],
  };
  return [firstRow, ...r.typing.map((t) => typingRow(typingLabel(t.delayMs), t.runs))];
}

function printCreator(r: CreatorReport, rows: CreatorRow[], cells: number) {
  const days = daysBetween(r.period.start, r.period.end) + 1;
  console.log(
    heading(
      `Price creator ${r.url} in Chromium ${r.chromium}: ${r.period.start} to ${r.period.end}, ` +
        `${days} rows x ${r.headcounts} headcounts = ${cells.toLocaleString('en-US')} cells, ` +
        `${CREATOR.warmup} warm-up + ${CREATOR.runs} runs (ms)`,
    ),
  );
  const opt = (x: number | null | undefined) => (x === null || x === undefined ? '-' : ms(x));
  console.log(
    table(
      [
        'what',
        'to painted median',
        'max',
        'to DOM median',
        'longest task median',
        'max',
        'key to frame median',
        'max',
        'keydown to input max',
        'interaction max',
        'grids',
        'stall',
      ],
      rows.map((x) => [
        x.what,
        ms(x.paintedMs.median),
        ms(x.paintedMs.max),
        ms(x.inDomMs.median),
        ms(x.longestTaskMs.median),
        ms(x.longestTaskMs.max),
        opt(x.keyToFrameMs?.median),
        opt(x.keyToFrameMs?.max),
        opt(x.keyToInputMaxMs),
        opt(x.longestInteractionMaxMs),
        x.gridUpdatesMedian ?? '-',
        x.stall ? 'yes' : 'no',
      ]),
    ),
  );
  const perRun: (string | number)[][] = [];
  const first = [...r.firstRender.warmup, ...r.firstRender.runs];
  first.forEach((x, i) => {
    perRun.push([
      'first render',
      i < CREATOR.warmup ? 'warm-up' : String(i - CREATOR.warmup + 1),
      '-',
      ms(x.paintedMs),
      ms(x.inDomMs),
      '-',
      ms(x.longestTaskMs),
      x.longTasks.length,
      '-',
      '-',
    ]);
  });
  for (const t of r.typing) {
    [...t.warmup, ...t.runs].forEach((x, i) => {
      perRun.push([
        typingLabel(t.delayMs),
        i < CREATOR.warmup ? 'warm-up' : String(i - CREATOR.warmup + 1),
        x.typed,
        ms(x.paintedMs),
        ms(x.inDomMs),
        ms(x.wholeMs),
        ms(x.longestTaskMs),
        x.longTasks.length,
        ms(Math.max(0, ...x.keystrokes.map((k) => k.toFrameMs ?? 0))),
        x.gridUpdates,
      ]);
    });
  }
  console.log(
    table(
      [
        'what',
        'run',
        'typed',
        'to painted',
        'to DOM',
        'first key to painted',
        'longest task',
        'long tasks',
        'key to frame max',
        'grids',
      ],
      perRun,
    ),
  );
  const froms = [...new Set([...r.firstRender.runs, ...r.typing.flatMap((t) => t.runs)].map((x) => x.from))];
  console.log(
    `times from the last keystroke's ${froms.join(' or ')} event (in the page); sign-in ${ms(r.signInMs)}; ` +
      `key to frame: keydown to the frame after its input event, every keystroke of the measured runs`,
  );
  for (const x of rows) {
    console.log(
      `${x.what}: ${x.stall ? `STALL (${x.why.join(', ')})` : 'no visible stall'}; ` +
        `painted ${ms(x.paintedMs.median)} median, ${ms(x.paintedMs.max)} max (stall over ${CREATOR.stallPaintMs} ms)` +
        (x.keyToFrameMs
          ? `, longest task ${ms(x.longestTaskMs.max)} (stall over ${CREATOR.stallTaskMs} ms)`
          : `, one task of ${ms(x.longestTaskMs.median)} median`),
    );
  }
}

/**
 * The creator on its own server (fresh PGlite) serving the built console: a new plan of 10
 * headcounts made through the API, then the page in headless Chromium.
 */
async function runCreator(options: BenchOptions, work: string): Promise<Record<string, unknown>> {
  let consoleDir = path.join(repoRoot, 'dist');
  if (options.build) {
    consoleDir = path.join(work, 'console');
    log('vite build');
    viteBuild(consoleDir);
  }
  log('creator: fresh DATA_DIR, migrate and seed the demo company');
  const server = await startServer({ dataDir: path.join(work, 'creator-data'), consoleDir, env: demoServerEnv });
  try {
    const { accessToken } = await signIn(server.baseUrl);
    const accommodations = (await timedGet(`${server.baseUrl}/api/accommodations`, accessToken)).body as {
      accommodations: { id: number }[];
    };
    const accommodationId = accommodations.accommodations[0]?.id;
    if (accommodationId === undefined) throw new Error('no accommodation after the seed');
    const url = `${server.baseUrl}/api/accommodations/${accommodationId}/plans`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ベンチ 料金作成', max_num: MAX_NUM, price: 10_000 }),
      signal: AbortSignal.timeout(30_000),
    });
    const plan = (await res.json()) as { id?: number; max_num?: number };
    if (res.status !== 201 || typeof plan.id !== 'number') {
      throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(plan)}`);
    }
    log(
      `creator: plan ${plan.id} (max_num ${plan.max_num}), ${CREATOR.start} to ${CREATOR.end}; ` +
        `${CREATOR.warmup} + ${CREATOR.runs} first renders, then ${CREATOR.warmup} + ${CREATOR.runs} base prices typed per typing speed`,
    );
    const report = await measureCreator(server.baseUrl, {
      accommodationId,
      planId: plan.id,
      headcounts: MAX_NUM,
      start: CREATOR.start,
      end: CREATOR.end,
      warmup: CREATOR.warmup,
      runs: CREATOR.runs,
      typingDelaysMs: CREATOR.typingDelaysMs,
      basePrices: BASE_PRICES,
      cellText: (basePrice) => formatYen(basePrice),
    });
    const cells = (daysBetween(CREATOR.start, CREATOR.end) + 1) * MAX_NUM;
    const rows = creatorRows(report, cells);
    printCreator(report, rows, cells);
    return {
      consoleDir: options.build ? '(temporary vite build)' : 'dist',
      planId: plan.id,
      cells,
      target:
        `no visible stall: while typing no task over ${CREATOR.stallTaskMs} ms and the grid painted ` +
        `within ${CREATOR.stallPaintMs} ms of the last input`,
      summary: rows,
      stall: rows.some((x) => x.stall),
      report,
    };
  } finally {
    await server.stop();
  }
}

async function run(options: BenchOptions): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    setup: {
      plans: PLANS,
      days: DAYS,
      headcounts: MAX_NUM,
      rows: PLANS * DAYS * MAX_NUM,
      warmup: WARMUP,
      runs: RUNS,
      targetMs: TARGET_MS,
      target:
        'check and import of the whole 10,950 rows (3 files, one per plan, posted one after the other), each under 1 s',
    },
  };
  const failures = new Failures();
  const { errors } = failures;
  const backends: ReturnType<typeof jsonOf>[] = [];

  /** Measures a server started with `serverOptions`: its results printed and kept; then it stops. */
  const measure = async (label: string, serverOptions: Parameters<typeof startServer>[0]) => {
    const server = await startServer(serverOptions);
    try {
      const r = await runBackend(label, server);
      print(r);
      backends.push(jsonOf(r));
    } finally {
      await server.stop();
    }
  };

  const work = tempDir('prices');
  try {
    log('PGlite: fresh DATA_DIR, migrate and seed the demo company');
    await measure('PGlite (embedded, fresh DATA_DIR)', { dataDir: path.join(work, 'data'), env: demoServerEnv });
  } catch (e) {
    failures.note('pglite', e, 'PGlite: FAILED');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const probe = await probePostgres();
  if (!probe.available) {
    out.postgres = { available: false, url: probe.url, reason: probe.reason };
    console.log(heading(`PostgreSQL: none at ${probe.url} (${probe.reason}), skipped`));
  } else {
    out.postgres = { available: true, version: probe.version, source: probe.source };
    let dbName: string | null = null;
    try {
      const db = await createDatabase(probe.url);
      dbName = db.name;
      log(`PostgreSQL ${probe.version}: database ${db.name}, migrate and seed`);
      await measure(`PostgreSQL ${probe.version} (new database)`, { databaseUrl: db.url, env: demoServerEnv });
    } catch (e) {
      failures.note('postgres', e, 'PostgreSQL: FAILED');
    } finally {
      if (dbName) await dropDatabase(probe.url, dbName).catch(() => undefined);
    }
  }
  out.backends = backends;

  const creatorWork = tempDir('prices-creator');
  try {
    out.creator = await runCreator(options, creatorWork);
  } catch (e) {
    failures.note('creator', e, 'Price creator: FAILED');
  } finally {
    rmSync(creatorWork, { recursive: true, force: true });
  }
  if (Object.keys(errors).length > 0) out.errors = errors;
  return out;
}

export const prices: Benchmark = {
  name: 'prices',
  description:
    "price CSV of 3 plans x 365 days x 10 headcounts (10,950 rows): dry run and import, UTF-8 and Shift_JIS; the creator's preview of a year at 10 headcounts in Chromium",
  run,
};
