import { createHash } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { defaultAnalyticsRange } from '../contract/analytics';
import { bookingListQuerySchema, confirmationNumber } from '../contract/booking';
import { addDays, firstOfMonth, lastOfMonth, tokyoToday } from '../contract/dates';
import { nextReportPeriod, reportPeriod } from '../contract/minpaku';
import { unpaidQuery } from '../src/pages/home/dashboardModel';
import { calendarWindow } from './bookings';
import type { Benchmark } from './lib/benchmark';
import { fillBookings, type FillReport } from './lib/bookingData';
import { heading, kB, ms, table, log } from './lib/format';
import { rawGet, signIn } from './lib/http';
import { interleaved } from './lib/interleave';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer, demoServerEnv } from './lib/server';
import { round, summarize, type Summary } from './lib/stats';

/**
 * Issue 12, goal 3: whether the calls that read bookings keep their time when the history grows
 * tenfold. Two databases side by side: 100,000 bookings over 3 years (the bookings benchmark's
 * data), and the same 100,000 with 900,000 more over the 27 years before them at the same density
 * per day (a business that has run for 30 years; those stays are settled and their guests are other
 * guests), 1,000,000 in all. A server on each; interleaved, one of each per round: the calendar's
 * call, a guest's stay history (by mail), the dashboard's unpaid lists and its refund list, each
 * through the API and as the same statement on PostgreSQL alone, on both databases, so that the
 * load of a shared machine falls on both sizes alike. Then EXPLAIN (ANALYZE, BUFFERS) of each.
 */

const BASE = 100_000;
const FULL = 1_000_000;
/** The bookings benchmark's span: 3 years of check-in days, half before today. */
const BASE_DAYS = 3 * 365 + 1;
/** The history at the same bookings per day: 9,864 days, 27 years. */
const HISTORY_DAYS = Math.round((BASE_DAYS * (FULL - BASE)) / BASE);
const BASE_SEED = 0.2026;
const HISTORY_SEED = 0.1996;
const WARMUP = 3;
const RUNS = 30;
const TARGET_GROWTH = 1.3;
const TARGET_RATIO = 2;

/** What an answer holds, written the same whether the API or the statement gave it. */
type Identity = (rows: Record<string, unknown>[]) => string[];

/** One call of the console and the statement its route runs. */
interface Case {
  key: string;
  label: string;
  /** Path and query of the API call; null for a statement run inside a write (timed alone). */
  path: string | null;
  statement: SQL;
  /** The statement's rows as the items it answers (for a list: the ids of its books, in order). */
  items: Identity;
  /** The API's answer as the same items; absent when the API sends the statement's text itself. */
  apiItems?: (body: string) => string[];
  /** An answer of a few kB: timed in a group of its own, apart from the lists of megabytes. */
  light?: boolean;
}

/** A scan of the bookings table in a plan: how it was reached and how much it read itself. */
interface ScanNode {
  node: string;
  index: string | null;
  indexCond: string | null;
  filter: string | null;
  rows: number;
  removedByFilter: number;
  /** Shared blocks (hit + read) of this node alone, without the subplans it evaluates. */
  blocks: number;
}

interface PlanSummary {
  executionMs: number;
  planningMs: number;
  /** Shared blocks of the whole statement (hit + read), the answer's payments and options included. */
  blocks: number;
  /** Shared blocks of the scans of bookings alone: what finding the rows cost. */
  bookingsBlocks: number;
  scans: ScanNode[];
}

interface Measured {
  key: string;
  label: string;
  path: string | null;
  /** Items answered: bookings of a list, room types of the day, full nights of the check. */
  items: number;
  bytes: number;
  /** sha256 of the items in the answer's order: the same at both sizes when the history adds nothing. */
  idsHash: string;
  sameAsPostgres: boolean;
  api: Summary | null;
  postgres: Summary;
  ratio: number | null;
  plan: PlanSummary;
}

/** One database of the two, with its server and the connections that time it. */
interface Size {
  bookings: number;
  dbName: string;
  databaseUrl: string;
  server: RunningServer | null;
  data: FillReport[];
  vacuumMs: number;
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

const num = (node: PlanNode, key: string) => Number(node[key] ?? 0);
const blocksOf = (node: PlanNode) => num(node, 'Shared Hit Blocks') + num(node, 'Shared Read Blocks');

function summarizePlan(root: { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }): PlanSummary {
  const scans: ScanNode[] = [];
  const walk = (node: PlanNode) => {
    const children = node.Plans ?? [];
    const type = String(node['Node Type']);
    const index = node['Index Name'] ? String(node['Index Name']) : null;
    if (node['Relation Name'] === 'bookings' || (type === 'Bitmap Index Scan' && index?.startsWith('bookings_'))) {
      const loops = Math.max(1, num(node, 'Actual Loops'));
      scans.push({
        node: type,
        index,
        indexCond: node['Index Cond'] ? String(node['Index Cond']) : null,
        filter: node.Filter ? String(node.Filter) : null,
        // Per loop in EXPLAIN (a parallel scan's workers are loops): the totals are what was read.
        rows: loops * num(node, 'Actual Rows'),
        removedByFilter: loops * (num(node, 'Rows Removed by Filter') + num(node, 'Rows Removed by Index Recheck')),
        blocks: blocksOf(node) - children.reduce((sum, c) => sum + blocksOf(c), 0),
      });
    }
    for (const c of children) walk(c);
  };
  walk(root.Plan);
  return {
    executionMs: round(root['Execution Time'], 1),
    planningMs: round(root['Planning Time'], 2),
    blocks: blocksOf(root.Plan),
    bookingsBlocks: scans.reduce((sum, x) => sum + x.blocks, 0),
    scans,
  };
}

/** A guest of the calendar's window with the most stays: the history staff open from a booking. */
async function pickGuest(client: pg.Client, accommodationId: number, today: string): Promise<string> {
  const window = calendarWindow(today);
  const guest = await client.query<{ mail: string }>(
    `select b.mail from bookings b
     where b.accommodation_id = $1 and b.start_date between $2::date and $3::date and b.mail is not null
     group by b.mail order by (select count(*) from bookings x where x.mail = b.mail) desc, b.mail limit 1`,
    [accommodationId, window.from, window.to],
  );
  const mail = guest.rows[0]?.mail;
  if (!mail) throw new Error('no guest with a mail in the calendar window');
  return mail;
}

/** A booking of that guest: what staff type in the search box for a guest who calls (issue 19). */
async function pickCaller(client: pg.Client, mail: string) {
  const row = await client.query<{ tel: string; uid: string; name: string }>(
    `select tel, uid, name from bookings where mail = $1 and tel is not null order by id limit 1`,
    [mail],
  );
  if (!row.rows[0]) throw new Error(`no booking of ${mail} with a phone`);
  // And a guest of the booking site, who quotes the site's reservation number (issue 32).
  const site = await client.query<{ external_id: string }>(
    `select external_id from bookings where via = 1 and external_id is not null order by id desc limit 1`,
  );
  if (!site.rows[0]) throw new Error('no channel booking with its site number');
  return { ...row.rows[0], site: site.rows[0].external_id };
}

/** The room type of the accommodation with the most live stays in the coming two weeks. */
async function pickRoom(client: pg.Client, accommodationId: number, today: string) {
  const room = await client.query<{ id: number; max_num: number }>(
    `select r.id, r.max_num from rooms r where r.accommodation_id = $1
     order by (select count(*) from bookings b where b.room_id = r.id and b.delete_flg = 0
       and b.start_date < $2::date + 14 and b.end_date > $2::date) desc, r.id limit 1`,
    [accommodationId, today],
  );
  if (!room.rows[0]) throw new Error(`accommodation ${accommodationId} has no room type`);
  return room.rows[0];
}

const bookIds: Identity = (rows) => bookIdsOf(String(rows[0]?.books ?? '{"books":[]}'));
/** Each value once, in the order first seen. */
const distinct = (values: string[]) => [...new Set(values)];
/** A minpaku report as its figures: guests and guest-nights. */
const reportFigures = (guests: number, nights: number) => [String(guests), String(nights)];
const bookIdsOf = (json: string) => (JSON.parse(json) as { books: { id: number }[] }).books.map((b) => String(b.id));
/** A guest analysis as the figures of each facility and the totals, the same from the API and the statement. */
const analyticsItems = (json: string) => {
  const answer = JSON.parse(json) as { rows: Record<string, unknown>[]; total?: Record<string, unknown> };
  const figures = (f: Record<string, unknown>) =>
    ['books', 'paid_books', 'room_nights', 'stay_amount', 'option_amount', 'occupancy', 'adr']
      .map((k) => f[k])
      .join(':');
  return [
    ...answer.rows.map((r) => `${r.accommodation_id}:${figures(r)}:${(r.days as unknown[]).join(',')}`),
    ...(answer.total ? [`total:${figures(answer.total)}`] : []),
  ];
};
const roomCounts = (rooms: { room_id: unknown; booked: unknown }[]) => rooms.map((r) => `${r.room_id}:${r.booked}`);

/** The calls, with the statement each route runs (the same builders, the admin's reachable ids). */
async function buildCases(
  accommodationIds: number[],
  today: string,
  mail: string,
  room: { id: number; max_num: number },
  caller: { tel: string; uid: string; name: string; site: string },
): Promise<Case[]> {
  const { bookingListSql, moneyListSql, roomsOnNightSql } = await import('../server/db/queries/bookings');
  const { crowdedNightsSql } = await import('../server/db/queries/occupancy');
  const accommodationId = accommodationIds[0]!;
  const window = calendarWindow(today);
  const list = (key: string, label: string, params: Record<string, string | number | boolean>, light = false): Case => {
    const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return {
      key,
      label,
      path: `/api/admin/books?${search}`,
      statement: bookingListSql(bookingListQuerySchema.parse(Object.fromEntries(search)), accommodationIds),
      items: bookIds,
      light,
    };
  };
  const { analyticsSql } = await import('../server/db/queries/analytics');
  // Guest analysis opens on next month (spec 9): its stays are in both databases alike.
  const analyticsRange = defaultAnalyticsRange(today);
  const stayStart = addDays(today, 7);
  // Part of a name as staff type it: its first 3 characters, spaces left out (松尾拓 of 松尾 拓也).
  const callerName = [...caller.name.replace(/[\s\u3000]/g, '')].slice(0, 3).join('');
  const { registerRowsSql } = await import('../server/db/queries/guestRegister');
  const { reportStaysSql } = await import('../server/db/queries/minpaku');
  const { taxBookingsStayingSql } = await import('../server/db/queries/tax');
  // The guest register of this month (issue 30), and the minpaku report due next of the demo's machiya.
  const month = { from: firstOfMonth(today), to: lastOfMonth(today) };
  const house = accommodationIds[2]!;
  const due = nextReportPeriod(today);
  const period = reportPeriod(due.year, due.period);
  const registerPath = `/api/facility/${accommodationId}/register?from=${month.from}&to=${month.to}`;
  const registerStatement = registerRowsSql(accommodationId, month.from, month.to);
  return [
    {
      key: 'register',
      label: `the guest register of a month (JSON): accommodation ${accommodationId}, ${month.from} to ${month.to}`,
      path: registerPath,
      statement: registerStatement,
      items: (rows) => distinct(rows.map((r) => String(r.book_id))),
      apiItems: (body) =>
        distinct((JSON.parse(body) as { rows: { book_id: number }[] }).rows.map((r) => String(r.book_id))),
    },
    {
      key: 'registerCsv',
      label: 'the same register as CSV (UTF-8 with BOM)',
      path: `${registerPath}&format=csv`,
      statement: registerStatement,
      items: (rows) => distinct(rows.map((r) => confirmationNumber(String(r.uid)))),
      // 確認番号 is the CSV's 8th column; a confirmation number holds no comma.
      apiItems: (body) =>
        distinct(
          body
            .split('\r\n')
            .slice(1)
            .filter(Boolean)
            .map((line) => line.split(',')[7]!),
        ),
    },
    {
      // The month's 入湯税 ledger of さくら荘 (issue 31): every guest-night of its live stays, none exempt
      // in the generated data (no children, no school trips), added up per amount.
      key: 'taxLedger',
      label: `the month's 入湯税 ledger (月計表): accommodation ${accommodationId}, ${month.from.slice(0, 7)}`,
      path: `/api/facility/${accommodationId}/tax-ledger?month=${month.from.slice(0, 7)}&kind=bathing`,
      statement: taxBookingsStayingSql(accommodationId, month.from, month.to),
      items: (rows) => {
        const stays = rows as { start_date: string; days: number; person_number: number }[];
        const nightsIn = (s: (typeof stays)[number]) =>
          Array.from({ length: s.days }, (_, i) => addDays(s.start_date, i)).filter(
            (d) => d >= month.from && d <= month.to,
          ).length;
        return [String(stays.reduce((n, s) => n + s.person_number * nightsIn(s), 0))];
      },
      light: true,
      apiItems: (body) => {
        const ledger = JSON.parse(body) as { rows: { guest_nights: number }[]; exempt: { guest_nights: number }[] };
        return [String([...ledger.rows, ...ledger.exempt].reduce((n, r) => n + r.guest_nights, 0))];
      },
    },
    {
      key: 'minpakuReport',
      label: `the minpaku report of accommodation ${house}: ${period.from} to ${period.to}`,
      path: `/api/facility/${house}/minpaku/report?year=${due.year}&period=${due.period}`,
      statement: reportStaysSql(house, period.from, period.to),
      items: (rows) => {
        const stays = rows as { person_number: number; nights: string[] | null }[];
        return reportFigures(
          stays.reduce((n, s) => n + s.person_number, 0),
          stays.reduce((n, s) => n + s.person_number * (s.nights?.length ?? 0), 0),
        );
      },
      light: true,
      apiItems: (body) => {
        const report = JSON.parse(body) as { guests: number; guest_nights: number };
        return reportFigures(report.guests, report.guest_nights);
      },
    },
    list('calendar', `calendar: accommodation ${accommodationId}, 15 weeks from ${window.from}`, {
      accommodation_id: accommodationId,
      stay_start_date: window.from,
      stay_end_date: window.to,
      with_consecutive: true,
    }),
    list('guest', `a guest's stay history: mail=${mail}, with_deleted`, { mail, with_deleted: true }, true),
    // The booking search's box (issue 19), across all dates, as staff type it for a guest who calls.
    list('qPhone', `search box: that guest's phone without hyphens`, { q: caller.tel.replace(/\D/g, '') }, true),
    list(
      'qMail',
      `search box: part of that guest's mail (before its @)`,
      { q: mail.slice(0, mail.indexOf('@')) },
      true,
    ),
    list(
      'qNumber',
      `search box: a confirmation number (${caller.uid.slice(0, 3)})`,
      { q: caller.uid.slice(0, 3) },
      true,
    ),
    list('qUid', 'search box: a whole uid', { q: caller.uid }, true),
    list('qSite', `search box: a booking site's reservation number (${caller.site})`, { q: caller.site }, true),
    list('qSitePart', `search box: its 10 digits without IK`, { q: caller.site.slice(2) }, true),
    list('qName', `search box: the start of that guest's name (${callerName})`, { q: callerName }, true),
    list('qKana', 'search box: サトウ (the most frequent family name, in katakana)', { q: 'サトウ' }, true),
    list('qShort', 'search box: 2 characters (佐藤, the most frequent family name)', { q: '佐藤' }, true),
    list('unpaidTable', 'dashboard, unpaid bookings table: not_paid_only, a year ahead', { ...unpaidQuery(today) }),
    {
      key: 'unpaidOfficial',
      label: 'dashboard, unpaid official bookings (24 hours): /admin/books/unpaid',
      path: '/api/admin/books/unpaid',
      statement: moneyListSql('unpaid', accommodationIds),
      items: bookIds,
    },
    {
      key: 'refunds',
      label: 'dashboard, refunds to make: /admin/books/deleted/paid',
      path: '/api/admin/books/deleted/paid',
      statement: moneyListSql('refund', accommodationIds),
      items: bookIds,
    },
    {
      key: 'day',
      label: `the day's state of every room type: /admin/books/date/${today}`,
      path: `/api/admin/books/date/${today}`,
      statement: roomsOnNightSql(accommodationIds, today),
      items: (rows) => roomCounts(rows as { room_id: unknown; booked: unknown }[]),
      light: true,
      apiItems: (body) => roomCounts((JSON.parse(body) as { rooms: { room_id: number; booked: number }[] }).rooms),
    },
    {
      key: 'analytics',
      label: `guest analysis of a month, every facility: /admin/analytics ${analyticsRange.start} to ${analyticsRange.end}`,
      path: `/api/admin/analytics?start_date=${analyticsRange.start}&end_date=${analyticsRange.end}`,
      statement: analyticsSql(accommodationIds, analyticsRange.start, analyticsRange.end),
      items: (rows) => analyticsItems(String(rows[0]?.answer ?? '{"rows":[]}')),
      light: true,
      apiItems: analyticsItems,
    },
    {
      key: 'capacity',
      label: `the capacity check of a booking write: room type ${room.id}, 2 nights from ${stayStart}`,
      path: null,
      statement: crowdedNightsSql(room.id, stayStart, 2, 'full'),
      items: (rows) => rows.map((r) => String(r.night)),
      light: true,
    },
  ];
}

const itemsHash = (items: string[]) => createHash('sha256').update(items.join(',')).digest('hex').slice(0, 16);

/**
 * Every case on both sizes, through the API (one keep-alive connection per server) and on
 * PostgreSQL alone (one connection per database, jit off as the server runs it), with
 * GET /api/accommodations on each server as the fixed cost of a signed-in call, all interleaved;
 * then each statement's plan.
 */
async function measure(sizes: Size[], today: string): Promise<{ cases: Measured[]; reference: Summary }[]> {
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const dialect = new PgDialect();
  const agents = sizes.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const clients = sizes.map((s) => {
    const c = new pg.Client({
      connectionString: s.databaseUrl,
      connectionTimeoutMillis: 5_000,
      query_timeout: 120_000,
    });
    c.on('error', () => undefined);
    return c;
  });
  try {
    for (const c of clients) {
      await c.connect();
      await c.query('set jit = off');
    }
    const ids = (await clients[0]!.query<{ id: number }>('select id from accommodations order by id')).rows.map(
      (r) => r.id,
    );
    const mail = await pickGuest(clients[0]!, ids[0]!, today);
    const room = await pickRoom(clients[0]!, ids[0]!, today);
    const cases = await buildCases(ids, today, mail, room, await pickCaller(clients[0]!, mail));
    const queries = cases.map((c) => dialect.sqlToQuery(c.statement));
    const perSize = await Promise.all(
      sizes.map(async (s, k) => {
        const { accessToken } = await signIn(s.server!.baseUrl);
        return { baseUrl: s.server!.baseUrl, headers: { authorization: `Bearer ${accessToken}` }, agent: agents[k]! };
      }),
    );
    const last = sizes.map(() => cases.map(() => ({ api: '', pg: [] as Record<string, unknown>[] })));
    const apiSamples = sizes.map(() => cases.map(() => [] as number[]));
    const pgSamples = sizes.map(() => cases.map(() => [] as number[]));
    const referenceSamples = sizes.map(() => [] as number[]);
    /** One timer and where its samples go. */
    type Timed = { run: () => Promise<number>; into: number[] };
    const timersOf = (k: number, i: number): Timed[] => {
      const { baseUrl, headers, agent } = perSize[k]!;
      const c = cases[i]!;
      const apiTimer: Timed = {
        into: apiSamples[k]![i]!,
        run: async () => {
          const r = await rawGet(`${baseUrl}${c.path}`, headers, agent);
          if (r.status !== 200)
            throw new Error(`GET ${c.path} answered ${r.status}: ${r.body.toString().slice(0, 300)}`);
          last[k]![i]!.api = r.body.toString('utf8');
          return r.ms;
        },
      };
      const pgTimer: Timed = {
        into: pgSamples[k]![i]!,
        run: async () => {
          const t0 = performance.now();
          const r = await clients[k]!.query<Record<string, unknown>>(queries[i]!.sql, queries[i]!.params);
          const elapsed = performance.now() - t0;
          last[k]![i]!.pg = r.rows;
          return elapsed;
        },
      };
      return c.path === null ? [pgTimer] : [apiTimer, pgTimer];
    };
    // The calls of a few kB are timed apart from the lists of megabytes: the collection of an 8 MB
    // answer (in the server or in this process) would otherwise land in the 3 ms call after it.
    for (const light of [false, true]) {
      const timed = sizes.flatMap((_, k) => [
        ...cases.flatMap((c, i) => (Boolean(c.light) === light ? timersOf(k, i) : [])),
        ...(light
          ? [
              {
                into: referenceSamples[k]!,
                run: async () =>
                  (await rawGet(`${perSize[k]!.baseUrl}/api/accommodations`, perSize[k]!.headers, agents[k]!)).ms,
              },
            ]
          : []),
      ]);
      log(
        `${light ? 'the light calls' : 'the lists'}: ${timed.length} timers (API and PostgreSQL, 2 sizes), interleaved: ${WARMUP} warm-up + ${RUNS} rounds`,
      );
      const samples = await interleaved(
        timed.map((t) => t.run),
        WARMUP,
        RUNS,
      );
      timed.forEach((t, n) => t.into.push(...samples[n]!));
    }

    const results: { cases: Measured[]; reference: Summary }[] = [];
    for (const [k, client] of clients.entries()) {
      const measured: Measured[] = [];
      for (const [i, c] of cases.entries()) {
        const explained = await client.query<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, buffers, format json) ${queries[i]!.sql}`,
          queries[i]!.params,
        );
        const raw = explained.rows[0]?.['QUERY PLAN'];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Parameters<typeof summarizePlan>[0][];
        const answer = last[k]![i]!;
        const api = c.path === null ? null : summarize(apiSamples[k]![i]!);
        const postgres = summarize(pgSamples[k]![i]!);
        const items = c.items(answer.pg);
        const pgText = c.apiItems ? JSON.stringify(answer.pg) : String(answer.pg[0]?.books ?? '');
        measured.push({
          key: c.key,
          label: c.label,
          path: c.path,
          items: items.length,
          bytes: Buffer.byteLength(c.path === null ? pgText : answer.api),
          idsHash: itemsHash(items),
          sameAsPostgres:
            c.path === null ||
            (c.apiItems ? itemsHash(c.apiItems(answer.api)) === itemsHash(items) : answer.api === pgText),
          api,
          postgres,
          ratio: api ? round(api.median / postgres.median, 2) : null,
          plan: summarizePlan(plan[0]!),
        });
      }
      results.push({ cases: measured, reference: summarize(referenceSamples[k]!) });
    }
    return results;
  } finally {
    for (const a of agents) a.destroy();
    for (const c of clients) await c.end().catch(() => undefined);
  }
}

/** VACUUM ANALYZE of the tables written, so that no autovacuum runs while the calls are timed. */
async function vacuum(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, query_timeout: 600_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const t0 = performance.now();
    await client.query('vacuum (analyze) bookings, payments, booking_options');
    return performance.now() - t0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const ratioText = (ratio: number | null) => (ratio === null ? '-' : ratio.toFixed(2));

const scanText = (s: ScanNode) =>
  `${s.node}${s.index ? ` using ${s.index}` : ''}: ${s.rows.toLocaleString('en')} rows, ` +
  `${s.removedByFilter.toLocaleString('en')} removed, ${s.blocks.toLocaleString('en')} blocks`;

function printSize(size: Size, r: { cases: Measured[]; reference: Summary }) {
  const tables = size.data.at(-1)?.tableSizes ?? [];
  console.log(
    heading(
      `${size.bookings.toLocaleString('en')} bookings (` +
        size.data
          .map(
            (d) => `${d.bookings.toLocaleString('en')} check-in ${d.firstStart} to ${d.lastStart} in ${ms(d.insertMs)}`,
          )
          .join(', ') +
        `; VACUUM ANALYZE ${ms(size.vacuumMs)}); ${tables.map((t) => `${t.table} ${kB(t.totalBytes)}`).join(', ')}`,
    ),
  );
  console.log(
    table(
      [
        'call',
        'items',
        'body',
        'API median',
        'API p90',
        'PG median',
        'PG p90',
        'API / PG',
        'execution',
        'blocks',
        'bookings blocks',
      ],
      r.cases.map((c) => [
        c.key,
        c.items,
        kB(c.bytes),
        c.api ? ms(c.api.median) : '-',
        c.api ? ms(c.api.p90) : '-',
        ms(c.postgres.median),
        ms(c.postgres.p90),
        ratioText(c.ratio),
        ms(c.plan.executionMs),
        c.plan.blocks,
        c.plan.bookingsBlocks,
      ]),
    ),
  );
  console.log(
    `GET /api/accommodations (the fixed cost of a signed-in call): median ${ms(r.reference.median)}, p90 ${ms(r.reference.p90)}`,
  );
  for (const c of r.cases) console.log(`  ${c.key}: ${c.plan.scans.map(scanText).join('; ')}`);
}

async function run(): Promise<Record<string, unknown>> {
  const probe = await probePostgres();
  if (!probe.available) throw new Error(`the scale benchmark needs PostgreSQL: none at ${probe.url} (${probe.reason})`);
  const today = tokyoToday();
  const baseFrom = addDays(today, -Math.floor(BASE_DAYS / 2));
  const historyFrom = addDays(baseFrom, -HISTORY_DAYS);
  // Guests as a real business holds them (issue 19's search box): see FillOptions.guests.
  const base = { bookings: BASE, from: baseFrom, spanDays: BASE_DAYS, seed: BASE_SEED, guests: 'varied' as const };
  const history = {
    bookings: FULL - BASE,
    from: historyFrom,
    spanDays: HISTORY_DAYS,
    seed: HISTORY_SEED,
    offset: BASE,
    settled: true,
    guests: 'varied' as const,
  };
  const out: Record<string, unknown> = {
    postgres: { version: probe.version, source: probe.source },
    today,
    data: { base, history },
    rounds: { warmup: WARMUP, runs: RUNS },
  };
  const sizes: Size[] = [];
  try {
    for (const bookings of [BASE, FULL]) {
      const db = await createDatabase(probe.url);
      const size: Size = { bookings, dbName: db.name, databaseUrl: db.url, server: null, data: [], vacuumMs: 0 };
      sizes.push(size);
      log(`database ${db.name}: migrate and seed the demo company`);
      const seeding = await startServer({ databaseUrl: db.url, env: demoServerEnv });
      await seeding.stop();
      log(`${BASE.toLocaleString('en')} bookings from ${baseFrom}, ${BASE_DAYS} days`);
      size.data.push(await fillBookings(db.url, base));
      if (bookings === FULL) {
        log(`${(FULL - BASE).toLocaleString('en')} more from ${historyFrom}, ${HISTORY_DAYS} days, settled`);
        size.data.push(await fillBookings(db.url, history));
      }
      size.vacuumMs = await vacuum(db.url);
      size.server = await startServer({ databaseUrl: db.url, env: demoServerEnv });
    }
    const results = await measure(sizes, today);
    for (const [k, size] of sizes.entries()) printSize(size, results[k]!);
    out.sizes = sizes.map((s, k) => ({
      bookings: s.bookings,
      data: s.data.map((d) => ({ ...d, insertMs: round(d.insertMs, 0), analyzeMs: round(d.analyzeMs, 0) })),
      vacuumMs: round(s.vacuumMs, 0),
      ...results[k],
    }));

    const [small, large] = results as [(typeof results)[0], (typeof results)[0]];
    const verdicts = small.cases.map((a, i) => {
      const b = large.cases[i]!;
      const postgresGrowth = round(b.postgres.median / a.postgres.median, 2);
      // A statement without a call of its own is held to the growth target by its own time.
      const apiGrowth = a.api && b.api ? round(b.api.median / a.api.median, 2) : null;
      return {
        key: a.key,
        sameAnswer: a.idsHash === b.idsHash,
        apiGrowth,
        postgresGrowth,
        ratioSmall: a.ratio,
        ratioLarge: b.ratio,
        bookingsBlocks: [a.plan.bookingsBlocks, b.plan.bookingsBlocks],
        growthMet: (apiGrowth ?? postgresGrowth) <= TARGET_GROWTH,
        ratioMet: [a.ratio, b.ratio].every((r) => r === null || r <= TARGET_RATIO),
      };
    });
    out.verdicts = verdicts;
    console.log(
      heading(
        `1,000,000 against 100,000 (targets: API 1M / 100k <= ${TARGET_GROWTH}; API / PostgreSQL <= ${TARGET_RATIO} at both sizes)`,
      ),
    );
    console.log(
      table(
        [
          'call',
          'same answer',
          'API 1M/100k',
          'PG 1M/100k',
          'API/PG 100k',
          'API/PG 1M',
          'bookings blocks',
          'growth met',
          'ratio met',
        ],
        verdicts.map((v) => [
          v.key,
          v.sameAnswer ? 'yes' : 'NO',
          ratioText(v.apiGrowth),
          v.postgresGrowth.toFixed(2),
          ratioText(v.ratioSmall),
          ratioText(v.ratioLarge),
          `${v.bookingsBlocks[0]} -> ${v.bookingsBlocks[1]}`,
          v.growthMet ? 'yes' : 'NO',
          v.ratioMet ? 'yes' : 'NO',
        ]),
      ),
    );
  } finally {
    for (const s of sizes) {
      if (s.server) await s.server.stop();
      await dropDatabase(probe.url, s.dbName).catch(() => undefined);
    }
  }
  return out;
}

export const scale: Benchmark = {
  name: 'scale',
  description:
    "100,000 and 1,000,000 bookings on PostgreSQL side by side: the calendar's call, a guest's history, the booking search's box and the dashboard's unpaid and refund lists, API and PostgreSQL alone, with their plans",
  run,
};
