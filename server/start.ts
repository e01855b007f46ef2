import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { getOrCreateSecret } from './auth/secret';
import { AccessTokens } from './auth/tokens';
import { AUTH_CHANNEL } from './auth/sessionCache';
import type { Config } from './config';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseOptions } from './db/client';
import { inspectBeforeOpening } from './db/inspect';
import { summariseData } from './db/restoreReport';
import { seedDemo } from './db/seed';
import { seedRefusal } from './db/seed/guard';
import { describeOpening, type OpenedDatabase } from './openedDatabase';
import { AuthService } from './services/auth';

export interface Started {
  app: FastifyInstance;
  database: Database;
  auth: AuthService;
  /** Which database was opened, whether it was new, and whether the demo data went in. */
  opened: OpenedDatabase;
  /** Stops accepting requests, lets the running ones finish, then closes the database. */
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the database, seeds an empty one where that is allowed (seed/guard.ts), and
 * builds the app; logs which database it opened and what it holds. Used by server.ts and tests.
 */
export async function createServer(
  config: Config,
  options: BuildAppOptions & { database?: DatabaseOptions } = {},
): Promise<Started> {
  const target =
    options.database ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  const opening = await inspectBeforeOpening(target);
  const database = await openDatabase(target);
  try {
    const held = await summariseData(
      (text) => database.db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>,
    );
    const empty = held.bookings === 0 && held.users === 0 && held.accommodations === 0;
    const refusal = empty ? seedRefusal(config, opening) : undefined;
    const seeded = empty && refusal === undefined ? await seedDemo(database.db) : false;
    const opened = describeOpening(opening, { held, seeded, refusal });
    const secret = config.JWT_SECRET ?? (await getOrCreateSecret(database.db, 'access-token-key'));
    const tokens = new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS);
    const auth = new AuthService(database.db, tokens, config);
    const unlisten = await database.listen(AUTH_CHANNEL, auth.sessions.handlers);
    const app = await buildApp({ config, db: database.db, auth }, options).catch(async (e: unknown) => {
      await unlisten();
      throw e;
    });
    app.log[opened.level]({ database: opening.where, created: opening.created, seeded }, opened.message);
    return {
      app,
      database,
      auth,
      opened,
      async close() {
        // Node closes idle keep-alive connections once, when closing starts; a connection whose
        // request was still running goes idle later and would hold the close until its
        // keep-alive timeout. Keep closing them until every request has been answered.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await unlisten();
        await database.close();
      },
    };
  } catch (e) {
    await database.close();
    throw e;
  }
}
