import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { runLeased } from '../jobs/exclusive';
import { channelKey } from './credentials';
import { pullAll } from './pull';
import { pushAll } from './push';
import { syncPendingBookings } from './bookSync';
import { readBackAll } from './readback';
import { runScheduledSyncChecks } from './syncCheck';

interface Log {
  warn(obj: object, msg: string): void;
}

export interface ChannelSync {
  /** One turn now: push what waits, pull when due, the daily work when due. */
  runOnce(now?: Date): Promise<boolean>;
  stop(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKS_AFTER_START_MS = 2 * 60 * 1000;

/**
 * The channel's background work (issue 21), one turn every `tickMs`, in at most one process at a
 * time across the database (runLeased, job channelSync):
 * - push: our queued stock, price and plan changes (server/channel/push.ts) and our changes of
 *   channel bookings (bookSync.ts) on every turn, so a change reaches the site in seconds;
 * - pull: the booking feed every CHANNEL_POLL_SECONDS (pull.ts), with reconciliation after a gap;
 * - daily: the read-back of the site's stock (readback.ts), once at start; and the sync checks of
 *   the next six months (syncCheck.ts), two minutes after start (once the pushes are through).
 * State lives in the database (channel_changes, channel_state, sync_checks): a restart loses nothing.
 */
export function startChannelSync(
  db: Db,
  config: Pick<Config, 'CHANNEL_POLL_SECONDS' | 'CHANNEL_SECRET_KEY' | 'JWT_SECRET' | 'DATA_DIR'>,
  baseUrl: string,
  options: { log?: Log; tickMs?: number } = {},
): ChannelSync {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollMs = config.CHANNEL_POLL_SECONDS * 1000;
  // At least two turns per poll interval, so that a pull comes every interval, not every other turn.
  const tickMs = options.tickMs ?? Math.min(3_000, pollMs / 2);
  let lastPull = 0;
  let lastReadback = 0;
  // The sync checks compare with what the site holds: the first waits for the pushes after start.
  let checksDue = Date.now() + CHECKS_AFTER_START_MS;
  let running: Promise<boolean> | null = null;
  let stopped = false;
  const key = channelKey(db, config);

  const turn = async (now: Date): Promise<boolean> =>
    runLeased(db, 'channelSync', holder, async () => {
      const k = await key;
      await pushAll(db, baseUrl, k, now, { log: options.log });
      await syncPendingBookings(db, baseUrl, k, now);
      if (now.getTime() - lastPull >= pollMs - tickMs / 2) {
        lastPull = now.getTime();
        await pullAll(db, baseUrl, k, now, { pollSeconds: config.CHANNEL_POLL_SECONDS, log: options.log });
      }
      if (now.getTime() - lastReadback >= DAY_MS) {
        lastReadback = now.getTime();
        await readBackAll(db, baseUrl, k, now);
      }
      if (now.getTime() >= checksDue) {
        checksDue = now.getTime() + DAY_MS;
        await runScheduledSyncChecks(db, baseUrl, k, now);
      }
    });

  const runOnce = (now = new Date()) => {
    running ??= turn(now).finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    if (stopped) return;
    runOnce().catch((error: unknown) => options.log?.warn({ err: error }, 'channel sync failed; next turn retries'));
  };
  const every = setInterval(tick, tickMs);
  every.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(every);
      await running?.catch(() => undefined);
    },
  };
}
