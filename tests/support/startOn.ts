import { Writable } from 'node:stream';
import { loadConfig } from '../../server/config';
import { loggerOptions } from '../../server/logger';
import { createServer, type Started } from '../../server/start';
import { testKeysDataDir } from './testKeys';
import { ADMIN, CLIENT } from './testServer';

/**
 * Starts the server as `npm start` would on the given DATA_DIR or DATABASE_URL (environment as
 * given, demo seeding left to the server), with its log kept as text. On a DATABASE_URL without a
 * DATA_DIR its keys are the test run's (tests/support/testKeys.ts).
 */
export async function startOn(env: Record<string, string>): Promise<Started & { log: () => string }> {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'development',
    CONSOLE_DIR: './tests/support/no-console',
    // On a PostgreSQL database the test run's keys, not ./data's (an embedded DATA_DIR has its own beside it).
    ...(env.DATA_DIR ? {} : { DATA_DIR: testKeysDataDir() }),
    ...env,
  });
  const started = await createServer(config, { logger: { ...(loggerOptions('info') as object), stream } });
  return { ...started, log: () => log };
}

/** The demo administrator signs in: the server answers on the data it opened. */
export async function adminSignsIn(started: Started): Promise<number> {
  const res = await started.app.inject({
    method: 'POST',
    url: '/oauth/auth',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', ...CLIENT, ...ADMIN }).toString(),
  });
  return res.statusCode;
}
