import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Benchmark } from './lib/benchmark';
import { heading, log, ms, table } from './lib/format';
import { ADMIN, passwordGrantForm } from './lib/http';
import { createDatabase, dropDatabase, probePostgres } from './lib/postgres';
import { demoServerEnv, startServer, type RunningServer } from './lib/server';
import { median, round } from './lib/stats';

const WARMUP_PAIRS = 5;
const PAIRS = 32;

/**
 * No lock may end the known address's failures early (a locked account skips the failure count),
 * and no rate limit may answer 429 in the middle.
 */
const env = { ...demoServerEnv, LOGIN_MAX_FAILURES: '1000000' };

/** One failed POST /oauth/auth; the time covers the whole answer. */
async function failedSignIn(baseUrl: string, mail: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/oauth/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: passwordGrantForm({ mail, password: 'wrong-password-1234' }),
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  const elapsed = performance.now() - t0;
  if (res.status !== 401) throw new Error(`POST /oauth/auth answered ${res.status}, expected 401`);
  return elapsed;
}

interface PairResult {
  unknownMs: number;
  knownMs: number;
  /** Median of the 32 differences known minus unknown, per pair. */
  pairedDifferenceMs: number;
}

/**
 * 32 pairs of one unknown address and the known administrator with a wrong password, one after the
 * other; which of the two goes first alternates, so that a drift of the machine falls on both.
 */
async function pairs(baseUrl: string): Promise<PairResult> {
  const unknown: number[] = [];
  const known: number[] = [];
  for (let i = 0; i < WARMUP_PAIRS + PAIRS; i++) {
    const nobody = `nobody-${i}@example.com`;
    let u: number;
    let k: number;
    if (i % 2 === 0) {
      u = await failedSignIn(baseUrl, nobody);
      k = await failedSignIn(baseUrl, ADMIN.mail);
    } else {
      k = await failedSignIn(baseUrl, ADMIN.mail);
      u = await failedSignIn(baseUrl, nobody);
    }
    if (i < WARMUP_PAIRS) continue;
    unknown.push(u);
    known.push(k);
  }
  return {
    unknownMs: round(median(unknown), 2),
    knownMs: round(median(known), 2),
    pairedDifferenceMs: round(median(known.map((k, j) => k - unknown[j]!)), 2),
  };
}

export const signIn: Benchmark = {
  name: 'signin',
  description: 'whether a failed sign-in of an unknown address takes the time of a known one with a wrong password',
  async run() {
    const rows: (string | number)[][] = [];
    const out: Record<string, unknown> = { pairs: PAIRS, warmupPairs: WARMUP_PAIRS };
    const work = mkdtempSync(path.join(os.tmpdir(), 'yadoban-bench-signin-'));
    const measure = async (label: string, server: RunningServer) => {
      log(`${PAIRS} pairs on ${label}`);
      const r = await pairs(server.baseUrl);
      out[label] = r;
      rows.push([label, ms(r.unknownMs), ms(r.knownMs), ms(r.pairedDifferenceMs)]);
    };
    try {
      const embedded = await startServer({ dataDir: path.join(work, 'db'), env });
      try {
        await measure('PGlite', embedded);
      } finally {
        await embedded.stop();
      }
      const probe = await probePostgres();
      if (probe.available) {
        const db = await createDatabase(probe.url);
        try {
          const server = await startServer({ databaseUrl: db.url, env });
          try {
            await measure(`PostgreSQL ${probe.version}`, server);
          } finally {
            await server.stop();
          }
        } finally {
          await dropDatabase(probe.url, db.name).catch(() => undefined);
        }
      } else {
        out.postgres = { skipped: `no PostgreSQL at ${probe.url}: ${probe.reason}` };
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    console.log(heading('failed sign-ins, median of 32 pairs'));
    console.log(
      table(['database', 'unknown address', 'known, wrong password', 'known − unknown (paired median)'], rows),
    );
    return out;
  },
};
