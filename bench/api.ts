import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark } from './lib/benchmark';
import { heading, ms, table, log } from './lib/format';
import { signIn } from './lib/http';
import { loadTest, type LoadResult } from './lib/load';
import { tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer, demoServerEnv } from './lib/server';
import { round } from './lib/stats';

/**
 * Issue 12, goal 2: a signed-in list call (GET /api/accommodations/1/rooms) against a bare
 * Fastify + pg handler running the same statement without authentication (bench/lib/rawServer.ts),
 * both on one PostgreSQL database with the demo data, autocannon with 10 connections for 10 s,
 * four rounds in ABBA order, the server at LOG_LEVEL=warn; then the API at LOG_LEVEL=info (the default,
 * a line per request); then the same call on the embedded PGlite (no bare handler can share its files).
 */

const LOAD = { connections: 10, durationS: 10 };
const ROUNDS = 4;
const TARGET_RATIO = 0.7;

async function run(): Promise<Record<string, unknown>> {
  const probe = await probePostgres();
  if (!probe.available) throw new Error(`the api benchmark needs PostgreSQL: none at ${probe.url} (${probe.reason})`);
  const db = await createDatabase(probe.url);
  const work = tempDir('api');
  const servers: RunningServer[] = [];
  try {
    log(`database ${db.name}: migrate and seed the demo company`);
    const app = await startServer({ databaseUrl: db.url, env: demoServerEnv });
    servers.push(app);
    const raw = await startServer({ databaseUrl: db.url, script: 'bench/lib/rawServer.ts' });
    servers.push(raw);
    const { accessToken } = await signIn(app.baseUrl);
    const auth = { authorization: `Bearer ${accessToken}` };
    const ours: LoadResult[] = [];
    const bare: LoadResult[] = [];
    const loadOurs = async () =>
      ours.push(await loadTest(`${app.baseUrl}/api/accommodations/1/rooms`, { ...LOAD, headers: auth }));
    const loadBare = async () =>
      bare.push(await loadTest(`${raw.baseUrl}/raw/accommodations/1/rooms`, { ...LOAD, headers: {} }));
    // ABBA: a machine getting busier or quieter through the run weighs on both alike.
    for (let i = 0; i < ROUNDS; i++) {
      const apiFirst = i % 2 === 0;
      log(
        `round ${i + 1}/${ROUNDS}: ${apiFirst ? 'the API, then the bare handler' : 'the bare handler, then the API'}`,
      );
      if (apiFirst) {
        await loadOurs();
        await loadBare();
      } else {
        await loadBare();
        await loadOurs();
      }
    }

    log('the API again at LOG_LEVEL=info (the default: a line per request)');
    const logging = await startServer({ databaseUrl: db.url, env: { ...demoServerEnv, LOG_LEVEL: 'info' } });
    servers.push(logging);
    const { accessToken: loggingToken } = await signIn(logging.baseUrl);
    const atInfo = await loadTest(`${logging.baseUrl}/api/accommodations/1/rooms`, {
      ...LOAD,
      headers: { authorization: `Bearer ${loggingToken}` },
    });

    log('the same call on PGlite (a new data folder, demo data)');
    const embedded = await startServer({ dataDir: path.join(work, 'pglite'), env: demoServerEnv });
    servers.push(embedded);
    const { accessToken: pgliteToken } = await signIn(embedded.baseUrl);
    const pglite = await loadTest(`${embedded.baseUrl}/api/accommodations/1/rooms`, {
      ...LOAD,
      headers: { authorization: `Bearer ${pgliteToken}` },
    });

    const mean = (rs: LoadResult[]) => rs.reduce((s, r) => s + r.requestsPerS, 0) / rs.length;
    const ratio = round(mean(ours) / mean(bare), 2);
    const roundRatios = ours.map((r, i) => round(r.requestsPerS / bare[i]!.requestsPerS, 2));
    const row = (name: string, r: LoadResult) => [
      name,
      r.requestsPerS,
      ms(r.latencyMs.median),
      ms(r.latencyMs.p99),
      r.non2xx,
      r.errors + r.timeouts,
    ];
    console.log(heading(`GET rooms, autocannon ${LOAD.connections} connections × ${LOAD.durationS} s each`));
    console.log(
      table(
        ['what', 'req/s', 'median', 'p99', 'non-2xx', 'errors'],
        [
          ...ours.map((r, i) => row(`API on PostgreSQL, signed in (round ${i + 1})`, r)),
          ...bare.map((r, i) => row(`bare Fastify + pg, same SQL (round ${i + 1})`, r)),
          row('API on PostgreSQL, signed in, LOG_LEVEL=info', atInfo),
          row('API on PGlite, signed in', pglite),
        ],
      ),
    );
    console.log(
      `API / bare handler on PostgreSQL: ${ratio.toFixed(2)} of the means; by round ${roundRatios.join(', ')} (target >= ${TARGET_RATIO})`,
    );
    return {
      postgres: { version: probe.version },
      load: LOAD,
      ours,
      bare,
      atInfo,
      pglite,
      ratio,
      roundRatios,
      target: TARGET_RATIO,
    };
  } finally {
    for (const s of servers) await s.stop();
    await dropDatabase(probe.url, db.name).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

export const api: Benchmark = {
  name: 'api',
  description: 'a signed-in list call on PostgreSQL against a bare Fastify + pg handler of the same SQL; PGlite too',
  run,
};
