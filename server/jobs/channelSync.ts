import type { Config } from '../config';
import type { Db } from '../db/client';
import { syncPendingBookings } from '../channel/outbound/bookSync';
import { channelKey } from '../channel/wire/credentials';
import { pullAll } from '../channel/inbound/pull';
import { pushAll } from '../channel/outbound/push';
import { readBackAll } from '../channel/checks/readback';
import { runScheduledSyncChecks } from '../channel/checks/syncCheck';
import type { LeaseJob } from './registry';
import type { JobLog } from './runner';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKS_AFTER_START_MS = 2 * 60 * 1000;

/**
 * The channel's background work (issue 21), one run every `tickMs` after the last, in at most one
 * process at a time across the database (a lease, job channelSync, shared with the sync of one
 * booking, server/channel/outbound/bookSync.ts):
 * - push: our queued stock, price and plan changes (server/channel/outbound/push.ts) and our changes of
 *   channel bookings (bookSync.ts) on every run, so a change reaches the site in seconds;
 * - pull: the booking feed every CHANNEL_POLL_SECONDS (inbound/pull.ts), with reconciliation after a gap;
 * - daily: the read-back of the site's stock (checks/readback.ts), once at start; and the sync checks of
 *   the next six months (syncCheck.ts), two minutes after start (once the pushes are through).
 * State lives in the database (channel_changes, channel_state, sync_checks): a restart loses nothing.
 */
export function channelSyncJob(
  db: Db,
  config: Pick<Config, 'CHANNEL_POLL_SECONDS' | 'CHANNEL_SECRET_KEY' | 'JWT_SECRET' | 'DATA_DIR' | 'CHANNEL_URL'>,
  options: { enabled?: boolean; log?: JobLog; tickMs?: number } = {},
): LeaseJob {
  const baseUrl = config.CHANNEL_URL;
  const pollMs = config.CHANNEL_POLL_SECONDS * 1000;
  // At least two runs per poll interval, so that a pull comes every interval, not every other run.
  const tickMs = options.tickMs ?? Math.min(3_000, pollMs / 2);
  let lastPull = 0;
  let lastReadback = 0;
  // The sync checks compare with what the site holds: the first waits for the pushes after start.
  let checksDue = Date.now() + CHECKS_AFTER_START_MS;
  let key: ReturnType<typeof channelKey> | null = null;
  const log = options.log ? { log: options.log } : {};

  return {
    name: 'channelSync',
    cadence: tickMs,
    exclusivity: 'lease',
    enabled: Boolean(baseUrl) && options.enabled !== false,
    async run() {
      if (!baseUrl) throw new Error('CHANNEL_URL is not set');
      const now = new Date();
      key ??= channelKey(db, config);
      const k = await key;
      await pushAll(db, baseUrl, k, now, log);
      await syncPendingBookings(db, baseUrl, k, now);
      if (now.getTime() - lastPull >= pollMs - tickMs / 2) {
        lastPull = now.getTime();
        await pullAll(db, baseUrl, k, now, { pollSeconds: config.CHANNEL_POLL_SECONDS, ...log });
      }
      if (now.getTime() - lastReadback >= DAY_MS) {
        lastReadback = now.getTime();
        await readBackAll(db, baseUrl, k, now);
      }
      if (now.getTime() >= checksDue) {
        checksDue = now.getTime() + DAY_MS;
        await runScheduledSyncChecks(db, baseUrl, k, now);
      }
    },
  };
}
