import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { getOrCreateSecret } from './auth/secret';
import { AccessTokens } from './auth/tokens';
import { AUTH_CHANNEL } from './auth/sessionCache';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseOptions } from './db/client';
import { seedDemo } from './db/seed';
import { AuthService } from './services/auth';

export interface Started {
  app: FastifyInstance;
  database: Database;
  auth: AuthService;
  /** Stops accepting requests, lets the running ones finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens (and migrates) the database, seeds a fresh one, and builds the app. Used by server.ts and tests. */
export async function createServer(
  config: Config,
  options: BuildAppOptions & { database?: DatabaseOptions } = {},
): Promise<Started> {
  const database = await openDatabase(
    options.database ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }),
  );
  try {
    if (config.SEED_DEMO) await seedDemo(database.db);
    const secret = config.JWT_SECRET ?? (await getOrCreateSecret(database.db, 'access-token-key'));
    const tokens = new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS);
    const auth = new AuthService(database.db, tokens, config);
    const unlisten = await database.listen(AUTH_CHANNEL, auth.sessions.handlers);
    const app = await buildApp({ config, db: database.db, auth }, options).catch(async (e: unknown) => {
      await unlisten();
      throw e;
    });
    return {
      app,
      database,
      auth,
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
