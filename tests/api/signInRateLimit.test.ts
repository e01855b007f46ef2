import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorMessages } from '../../contract/messages';
import { loadConfig } from '../../server/config';
import { createServer, type Started } from '../../server/start';
import { sqlRows } from '../../server/db/client';
import { sweepRateLimits } from '../../server/db/queries/rateLimits';
import { httpClient } from '../support/http';
import { withDatabase } from '../support/postgresUrl';
import { ADMIN, CLIENT, startTestServer, type TestServer } from '../support/testServer';
import { testKeysDataDir } from '../support/testKeys';

/** The sign-in rate limit (AUTH_RATE_LIMIT a minute per address) is counted in the database. */

const wrongPassword = (base: string) =>
  httpClient(base).postForm('/oauth/auth', { grant_type: 'password', ...CLIENT, ...ADMIN, password: 'x' });

describe('the sign-in rate limit of one server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('is kept in the database: 429 with Retry-After past the limit, counted afresh once the window ended', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await wrongPassword(server.baseUrl)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await wrongPassword(server.baseUrl);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_requests', message: errorMessages.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const rows = await sqlRows<{ key: string; count: number }>(
      server.database.db,
      sql`select key, count from rate_limits where key like '%/oauth/auth%'`,
    );
    expect(rows).toEqual([{ key: expect.stringContaining('127.0.0.1'), count: 5 }]);
    // The minute is over (as another process would see it too): the address may try again.
    await server.database.db.execute(sql`update rate_limits set window_start = now() - interval '61 seconds'`);
    expect((await wrongPassword(server.baseUrl)).status).toBe(401);
    // Ended windows are swept: a stale address's row goes, the live one stays.
    await server.database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('stale', now() - interval '5 minutes', 9)`,
    );
    await sweepRateLimits(server.database.db, 60_000);
    const left = await sqlRows<{ key: string; count: number }>(
      server.database.db,
      sql`select key, count from rate_limits`,
    );
    expect(left).toEqual([{ key: expect.stringContaining('/oauth/auth'), count: 1 }]);
  });
});

const url = process.env.DATABASE_URL;

// Two processes on one database is a PostgreSQL set-up (PGlite is one process's own files).
describe.skipIf(!url)('the sign-in rate limit of two servers on one PostgreSQL database', () => {
  const name = `yadoban_t_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let servers: { started: Started; base: string }[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      CONSOLE_DIR: './tests/support/no-console',
      AUTH_RATE_LIMIT: '30',
      // Both servers read the test run's keys, as processes sharing a key file would.
      DATA_DIR: testKeysDataDir(),
    });
    for (let i = 0; i < 2; i++) {
      const started = await createServer(config, { database: { url: withDatabase(url!, name) } });
      await started.app.listen({ port: 0, host: '127.0.0.1' });
      const address = started.app.server.address();
      servers.push({ started, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.started.close();
    servers = [];
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('allow 30 sign-ins a minute through both together, not 30 each: the 31st is 429 on either', async () => {
    const [a, b] = servers;
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await wrongPassword((i % 2 ? b : a)!.base)).status);
    expect(statuses).toEqual(Array(30).fill(401));
    for (const s of [a!, b!]) {
      const res = await wrongPassword(s.base);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'too_many_requests', message: errorMessages.tooManyRequests });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);
});
