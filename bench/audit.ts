import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addDays, tokyoToday } from '../contract/dates';
import type { Benchmark } from './lib/benchmark';
import { heading, ms, table, log } from './lib/format';
import { signIn } from './lib/http';
import { interleaved } from './lib/interleave';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer, demoServerEnv } from './lib/server';
import { round, summarize } from './lib/stats';

/**
 * What the audit trail costs a booking create (issue 11: at most 10 %). A booking create through
 * the API (POST /api/admin/books, its whole transaction, its audit row included) against the audit
 * row's INSERT alone, the same statement with the same changes, inside an open transaction on a pg
 * client over loopback: the share of the create that writing the row takes. Interleaved rounds on
 * one PostgreSQL database; PGlite cannot be reached by a second client while the server holds it.
 */

const WARMUP = 10;
const RUNS = 200;
const TARGET_SHARE = 0.1;

async function run(): Promise<Record<string, unknown>> {
  const probe = await probePostgres();
  if (!probe.available) throw new Error(`the audit benchmark needs PostgreSQL: none at ${probe.url} (${probe.reason})`);
  const db = await createDatabase(probe.url);
  let server: RunningServer | null = null;
  const client = new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5_000, query_timeout: 60_000 });
  client.on('error', () => undefined);
  try {
    log(`database ${db.name}: migrate and seed the demo company`);
    server = await startServer({ databaseUrl: db.url, env: demoServerEnv });
    const { accessToken } = await signIn(server.baseUrl);
    await client.connect();
    const { rows } = await client.query<{ accommodation_id: number; room_id: number }>(
      'select accommodation_id, id as room_id from rooms order by max_num desc, id limit 1',
    );
    const room = rows[0]!;
    // Far from the demo's stays, one night each: never over-booked.
    const first = addDays(tokyoToday(), 800);
    let n = 0;
    const create = async () => {
      const body = {
        accommodation_id: room.accommodation_id,
        room_id: room.room_id,
        plan_id: null,
        price_sub: 24000,
        start_date: addDays(first, n++),
        days: 1,
        person_number: 2,
        price: 0,
        name: '計測 太郎',
        mail: 'bench@example.com',
        tel: '090-0000-0000',
      };
      const t0 = performance.now();
      const res = await fetch(`${server!.baseUrl}/api/admin/books`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      const elapsed = performance.now() - t0;
      if (res.status !== 201) throw new Error(`POST /api/admin/books answered ${res.status}`);
      return elapsed;
    };
    await create();
    const [row] = (
      await client.query(
        `select company_id, user_id, user_name, action, target_type, target_id, accommodation_id, book_id, changes
         from audit_log where target_type = 'booking' order by id desc limit 1`,
      )
    ).rows;
    if (!row) throw new Error('the booking create wrote no audit row');
    // The statement drizzle sends for audit() (server/services/audit.ts), inside a transaction left open.
    const insert = `insert into "audit_log" ("id", "at", "company_id", "user_id", "user_name", "action", "target_type",
      "target_id", "accommodation_id", "book_id", "changes") values (default, default, $1, $2, $3, $4, $5, $6, $7, $8, $9)`;
    const params = [
      row.company_id,
      row.user_id,
      row.user_name,
      row.action,
      row.target_type,
      row.target_id,
      row.accommodation_id,
      row.book_id,
      JSON.stringify(row.changes),
    ];
    const auditAlone = async () => {
      await client.query('begin');
      const t0 = performance.now();
      await client.query(insert, params);
      const elapsed = performance.now() - t0;
      await client.query('rollback');
      return elapsed;
    };

    log(`booking create and the audit INSERT alone, interleaved: ${WARMUP} warm-up + ${RUNS} rounds`);
    const [creates, audits] = await interleaved([create, auditAlone], WARMUP, RUNS);
    const c = summarize(creates!);
    const a = summarize(audits!);
    const share = round(a.median / c.median, 3);
    console.log(
      heading(`Booking create against its audit row, ${RUNS} interleaved rounds on PostgreSQL ${probe.version} (ms)`),
    );
    console.log(
      table(
        ['what', 'median', 'p90', 'min', 'max'],
        [
          ['POST /api/admin/books (audit row included)', c.median, c.p90, c.min, c.max],
          ['the audit row INSERT alone (open transaction)', a.median, a.p90, a.min, a.max],
        ],
      ),
    );
    console.log(
      `the audit row is ${(share * 100).toFixed(1)} % of a booking create (${ms(a.median)} of ${ms(c.median)}; target <= ${TARGET_SHARE * 100} %); ` +
        `changes written: ${JSON.stringify(row.changes).length} bytes of JSON`,
    );
    return {
      postgres: { version: probe.version, source: probe.source },
      create: c,
      auditInsert: a,
      share,
      target: TARGET_SHARE,
      changesBytes: JSON.stringify(row.changes).length,
    };
  } finally {
    await client.end().catch(() => undefined);
    if (server) await server.stop();
    await dropDatabase(probe.url, db.name).catch(() => undefined);
  }
}

export const audit: Benchmark = {
  name: 'audit',
  description: 'what writing the audit row costs a booking create on PostgreSQL (target: at most 10 %)',
  run,
};
