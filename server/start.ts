import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { syncHealthMessages } from '../contract/syncHealth';
import { buildApp, type BuildAppOptions } from './app';
import { serverKeys, type ServerKeys } from './auth/keys';
import { AccessTokens } from './auth/tokens';
import { AUTH_CHANNEL } from './auth/sessionCache';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseOptions } from './db/client';
import { inspectBeforeOpening } from './db/inspect';
import { summariseDatabase } from './db/queries/health';
import { seedDemo } from './db/seed';
import { ensureShippedRules } from './services/tax/taxRules';
import { refreshAllTaxDue } from './services/tax/taxDue';
import { seedRefusal } from './db/seed/guard';
import { describeOpening, type OpenedDatabase } from './openedDatabase';
import { AuthService } from './services/auth';
import { startInboundSmtp, type InboundSmtp } from './mail/inbound/smtpListener';
import type { DNSResolver } from './mail/inbound/authenticate';
import { deriveChannelKey, unreadableChannelPasswords } from './channel/wire/credentials';
import { startChannelSim, type StartedChannelSim } from '../tools/channelSim/app';
import { startJobs, type JobRunner } from './jobs';

export interface Started {
  app: FastifyInstance;
  database: Database;
  auth: AuthService;
  /** Which database was opened, whether it was new, and whether the demo data went in. */
  opened: OpenedDatabase;
  /** The received-mail SMTP listener, when INBOUND_SMTP_PORT is set (port 0: a free port, given here). */
  inboundSmtp: InboundSmtp | null;
  /** The channel simulator started inside this process (the embedded default without CHANNEL_URL). */
  channelSim: StartedChannelSim | null;
  /** The background jobs (server/jobs/index.ts), started; tests run the scheduled ones with runNow. */
  jobs: JobRunner;
  /** Stops accepting requests, lets the running ones finish, then closes the database. */
  close(): Promise<void>;
}

/** What start did with the keys (server/auth/keys.ts), never their values. */
function logKeys(app: FastifyInstance, keys: ServerKeys, config: Config): void {
  if (keys.moved.length > 0) {
    app.log.warn(
      { keyFile: keys.file, rows: keys.moved },
      keys.file
        ? `Moved the generated keys out of the database (server_secrets) into ${keys.file}: keep this file ` +
            'with the backups, which no longer hold any key'
        : 'Deleted the generated keys from the database (server_secrets): JWT_SECRET and CHANNEL_SECRET_KEY hold them',
    );
  }
  if (keys.dropped.length > 0) {
    app.log.warn(
      { keyFile: keys.file, rows: keys.dropped },
      `The database held other generated keys than ${keys.file} (a backup of another server?): the file's are ` +
        'kept and the rows deleted; channel passwords sealed with the old key must be entered again',
    );
  }
  if (keys.created && keys.moved.length === 0) {
    app.log.info(
      { keyFile: keys.file },
      `Generated the server's keys in ${keys.file}: keep this file with the backups (the backups hold no ` +
        'key: restored without it, the channel passwords must be entered again)',
    );
  }
  if (keys.looseMode) {
    app.log.warn({ keyFile: keys.file }, `${keys.file} can be read by other users: chmod 600 it`);
  }
  if (keys.file && config.DATABASE_URL) {
    app.log.info(
      { keyFile: keys.file },
      `Keys from ${keys.file}: every server process on this database must use the same keys (this file, or ` +
        'JWT_SECRET and CHANNEL_SECRET_KEY)',
    );
  }
}

/**
 * Opens (and migrates) the database, seeds an empty one where that is allowed (seed/guard.ts), and
 * builds the app; logs which database it opened and what it holds. Used by server.ts and tests.
 */
export async function createServer(
  givenConfig: Config,
  options: BuildAppOptions & { database?: DatabaseOptions; dnsResolver?: DNSResolver } = {},
): Promise<Started> {
  let config = givenConfig;
  const target =
    options.database ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  const opening = await inspectBeforeOpening(target);
  const database = await openDatabase(target);
  let channelSim: StartedChannelSim | null = null;
  try {
    const held = await summariseDatabase(database.db);
    // The keys, before the seed seals the demo channel passwords with one (server/auth/keys.ts):
    // the environment's, else the key file beside the data, into which old rows of server_secrets move.
    const keys = await serverKeys(database.db, config);
    const empty = held.bookings === 0 && held.users === 0 && held.accommodations === 0;
    const refusal = empty ? seedRefusal(config, opening) : undefined;
    const seeded =
      empty && refusal === undefined
        ? await seedDemo(database.db, { channelKey: deriveChannelKey(keys.channelKey) })
        : false;
    // Every company holds the 宿泊税 rules this release ships (a company's corrections kept).
    await ensureShippedRules(database.db);
    // And what those rules add to the bills of the stays to come (services/tax/taxDue.ts).
    await refreshAllTaxDue(database.db);
    const opened = describeOpening(opening, { held, seeded, refusal });
    // The external channel: CHANNEL_URL, or the simulator inside this process on the embedded
    // default (docs/channel.md). Routes read the address from config.CHANNEL_URL.
    let channelProblem: string | undefined;
    channelSim =
      (config.CHANNEL_SIM ?? (!config.CHANNEL_URL && !config.DATABASE_URL && config.NODE_ENV !== 'test'))
        ? await startChannelSim({
            port: config.CHANNEL_SIM_PORT,
            host: '127.0.0.1',
            stateFile: config.CHANNEL_SIM_STATE ?? `${path.resolve(config.DATA_DIR)}.channel-sim.json`,
          }).catch((e: unknown) => {
            const port = config.CHANNEL_SIM_PORT;
            const taken = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
            console.warn(
              taken
                ? `The channel simulator is NOT running: port ${port} is in use. Set CHANNEL_SIM_PORT to a free port ` +
                    `(e.g. CHANNEL_SIM_PORT=${port + 5} npm start); sync with the booking site is off until it runs.`
                : `The channel simulator is NOT running (port ${port}): ${String(e)}`,
            );
            channelProblem = taken ? syncHealthMessages.simulatorPortTaken(port) : syncHealthMessages.simulatorFailed;
            return null;
          })
        : null;
    if (channelSim && !config.CHANNEL_URL) config = { ...config, CHANNEL_URL: channelSim.url };
    const tokens = new AccessTokens(keys.accessTokenKey, config.ACCESS_TOKEN_TTL_SECONDS);
    const auth = new AuthService(database.db, tokens, config);
    const unlisten = await database.listen(AUTH_CHANNEL, auth.sessions.handlers);
    const app = await buildApp({ config, db: database.db, auth, channelProblem }, options).catch(async (e: unknown) => {
      await unlisten();
      throw e;
    });
    app.log[opened.level]({ database: opening.where, created: opening.created, seeded }, opened.message);
    logKeys(app, keys, config);
    const unreadable = await unreadableChannelPasswords(database.db, deriveChannelKey(keys.channelKey)).catch(
      () => [] as number[],
    );
    if (unreadable.length > 0) {
      app.log.warn(
        { accommodationIds: unreadable },
        `The channel passwords of ${unreadable.length} facilities were sealed with a key this server does not ` +
          'have (a backup restored without its key file, or CHANNEL_SECRET_KEY changed): their sync waits until ' +
          'the password is entered again on the settings page (or the key is put back)',
      );
    }
    // Received mail over SMTP (server/mail/inbound/smtpListener.ts), when a port is configured.
    const inboundSmtp =
      config.INBOUND_SMTP_PORT === undefined
        ? null
        : await startInboundSmtp({
            db: database.db,
            port: config.INBOUND_SMTP_PORT,
            host: config.HOST,
            maxBytes: config.INBOUND_MAX_BYTES,
            maxPerClient: config.INBOUND_SMTP_MAX_PER_CLIENT,
            idleMs: config.INBOUND_SMTP_IDLE_SECONDS * 1000,
            log: app.log,
            ...(options.dnsResolver ? { resolver: options.dnsResolver } : {}),
          }).catch(async (e: unknown) => {
            await app.close();
            await unlisten();
            throw e;
          });
    // The background jobs (server/jobs/index.ts): mail delivery when SMTP_URL is set (without it
    // mail stays queued), the scheduled mail and the automatic cancel every 10 minutes, the channel
    // sync with a CHANNEL_URL; in tests only mail delivery runs by itself.
    const jobs = startJobs(database.db, config, app.log);
    return {
      app,
      database,
      auth,
      opened,
      inboundSmtp,
      channelSim,
      jobs,
      async close() {
        // No more received mail: a message being received is answered (stored or 451) first.
        await inboundSmtp?.close();
        // Node closes idle keep-alive connections once, when closing starts; a connection whose
        // request was still running goes idle later and would hold the close until its
        // keep-alive timeout. Keep closing them until every request has been answered.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        // A clean stop sends no message twice: in-flight mail finishes or goes back to the queue;
        // a run under way finishes (its work is in the database: a restart loses nothing).
        await jobs.stop();
        await channelSim?.close();
        await unlisten();
        await database.close();
      },
    };
  } catch (e) {
    await channelSim?.close();
    await database.close();
    throw e;
  }
}
