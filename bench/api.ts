import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark } from './lib/benchmark';
import { heading, ms, table } from './lib/format';
import { signIn } from './lib/http';
import { loadTest, type LoadResult } from './lib/load';
import { tempDir } from './lib/paths';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { startServer, type RunningServer } from './lib/server';
import { round } from './lib/stats';

/**
 * Issue 12, goal 2: a signed-in list call (GET /api/accommodations/1/rooms) against a bare
 * Fastify + pg handler running the same statement without authentication (bench/lib/rawServer.ts),
 * both on one PostgreSQL database with the demo data, autocannon with 10 connections for 10 s,
 * alternated twice; then the same call on the embedded PGlite (no bare handler can share its files).
 */

const LOAD = { connections: 10, durationS: 10 };
const ROUNDS = 2;
const TARGET_RATIO = 0.7;
const serverEnv = { AUTH_RATE_LIMIT: '100000', SEED_DEMO: '1' };

const log = (line: string) => process.stderr.write(`  · ${line}\n`);

async function run(): Promise<Record<string, unknown>> {
  const probe = await probePostgres();
  if (!probe.available) throw new Error(`the api benchmark needs PostgreSQL: none at ${probe.url} (${probe.reason})`);
  const db = await createDatabase(probe.url);
  const work = tempDir('api');
  const servers: RunningServer[] = [];
  try {
    log(`database ${db.name}: migrate and seed the demo company`);
    const app = await startServer({ databaseUrl: db.url, env: serverEnv });
    servers.push(app);
    const raw = await startServer({ databaseUrl: db.url, script: 'bench/lib/rawServer.ts' });
    servers.push(raw);
    const { accessToken } = await signIn(app.baseUrl);
    const auth = { authorization: `Bearer ${accessToken}` };
    const ours: LoadResult[] = [];
    const bare: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      log(`round ${i + 1}/${ROUNDS}: the API, then the bare handler`);
      ours.push(await loadTest(`${app.baseUrl}/api/accommodations/1/rooms`, { ...LOAD, headers: auth }));
      bare.push(await loadTest(`${raw.baseUrl}/raw/accommodations/1/rooms`, { ...LOAD, headers: {} }));
    }

    log('the same call on PGlite (a new data folder, demo data)');
    const embedded = await startServer({ dataDir: path.join(work, 'pglite'), env: serverEnv });
    servers.push(embedded);
    const { accessToken: pgliteToken } = await signIn(embedded.baseUrl);
    const pglite = await loadTest(`${embedded.baseUrl}/api/accommodations/1/rooms`, {
      ...LOAD,
      headers: { authorization: `Bearer ${pgliteToken}` },
    });

    const mean = (rs: LoadResult[]) => rs.reduce((s, r) => s + r.requestsPerS, 0) / rs.length;
    const ratio = round(mean(ours) / mean(bare), 2);
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
          row('API on PGlite, signed in', pglite),
        ],
      ),
    );
    console.log(`API / bare handler on PostgreSQL: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
    return { postgres: { version: probe.version }, load: LOAD, ours, bare, pglite, ratio, target: TARGET_RATIO };
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
