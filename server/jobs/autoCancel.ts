import type { Db } from '../db/client';
import { cancelUnpaidPastDeadline } from '../services/autoCancel';
import { JOB_LOCKS } from './exclusive';
import { nudgeMailWorker } from './nudge';
import type { AdvisoryLockJob } from './registry';
import type { JobLog } from './runner';
import { SCHEDULED_MAIL_FIRST_MS, SCHEDULED_MAIL_MS } from './scheduledMail';

/**
 * The automatic cancel of unpaid bookings past their deadline (the rule: server/services/
 * autoCancel.ts), every 10 minutes. The process that takes the advisory lock for the turn runs it;
 * each booking is cancelled in a transaction of its own after the lock's (PGlite's one connection
 * cannot open one inside it), its row locked and the rule read again, so a run that overlaps
 * another process's still cancels each booking once. Mail delivery is nudged for the cancel mails.
 */
export function autoCancelJob(
  db: Db,
  o: { enabled?: boolean; intervalMs?: number; firstDelayMs?: number; log?: JobLog } = {},
): AdvisoryLockJob {
  return {
    name: 'autoCancel',
    cadence: o.intervalMs ?? SCHEDULED_MAIL_MS,
    firstDelayMs: o.firstDelayMs ?? SCHEDULED_MAIL_FIRST_MS,
    ...(o.enabled === undefined ? {} : { enabled: o.enabled }),
    exclusivity: 'advisoryLock',
    lockKey: JOB_LOCKS.autoCancel,
    async run() {
      return async () => {
        const result = await cancelUnpaidPastDeadline(db, o.log ? { log: o.log } : {});
        if (result.mailed > 0) nudgeMailWorker();
      };
    },
  };
}
