import type { DNSResolver } from '../../server/mail/inbound/authenticate';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { DEFAULT_CONSOLE_CLIENT } from '../../contract/oauth';
import { loadConfig, type Config } from '../../server/config';
import type { DatabaseOptions } from '../../server/db/client';
import { newPglite } from '../../server/db/pglite';
import { loggerOptions, type LoggerOptions } from '../../server/logger';
import { createServer, type Started } from '../../server/start';
import { withDatabase } from './postgresUrl';
import { testKeysDataDir } from './testKeys';

export interface TestServer extends Started {
  baseUrl: string;
  config: Config;
}

export const CLIENT = DEFAULT_CONSOLE_CLIENT;
export const ADMIN = { username: 'admin@example.com', password: 'admin-pass-1234' };
export const STAFF = { username: 'staff@example.com', password: 'staff-pass-1234' };

/** A copy of the seeded template database, for one test file. */
async function freshDatabase(): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `yadoban_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    return {
      options: { url: withDatabase(url, name) },
      async drop() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const pglite = newPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) });
  return { options: { pglite }, drop: async () => undefined };
}

/**
 * Starts the real server on a free port over a fresh copy of the demo database.
 * Tests call it over HTTP like the console does, and close it in afterAll.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  /** A log stream and level, to read what the server logs. */
  log?: { stream: NodeJS.WritableStream; level: string },
  /** Parts the test puts in place of the outside world (the DNS of the received mail's checks). */
  outside: { dnsResolver?: DNSResolver } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    CONSOLE_DIR: './tests/support/no-console',
    AUTH_RATE_LIMIT: '1000',
    // The database is the copy below; DATA_DIR says where the keys are (server/auth/keys.ts).
    DATA_DIR: testKeysDataDir(),
    ...env,
  });
  const db = await freshDatabase();
  const logger: LoggerOptions | undefined = log
    ? { ...(loggerOptions(log.level) as object), stream: log.stream }
    : undefined;
  const started = await createServer(config, { database: db.options, ...(logger ? { logger } : {}), ...outside });
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const address = started.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...started,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await started.close();
      await db.drop();
    },
  };
}
