import type { Db } from '../db/client';
import { resumeExpansions } from '../mail/publicationExpansion';
import { queueTransferReminders } from '../services/transferReminders';
import { JOB_LOCKS } from './exclusive';
import { nudgeMailWorker } from './nudge';
import type { AdvisoryLockJob } from './registry';

/** The scheduled mail's turn: every 10 minutes, the first 5 seconds after start. */
export const SCHEDULED_MAIL_MS = 600_000;
export const SCHEDULED_MAIL_FIRST_MS = 5_000;

interface ScheduledOptions {
  enabled?: boolean;
  intervalMs?: number;
  firstDelayMs?: number;
}

function timing(o: ScheduledOptions): Pick<AdvisoryLockJob, 'cadence' | 'firstDelayMs' | 'enabled'> {
  return {
    cadence: o.intervalMs ?? SCHEDULED_MAIL_MS,
    firstDelayMs: o.firstDelayMs ?? SCHEDULED_MAIL_FIRST_MS,
    ...(o.enabled === undefined ? {} : { enabled: o.enabled }),
  };
}

/**
 * The transfer-deadline reminders (send type 14, server/services/transferReminders.ts), queued in
 * the transaction that holds the advisory lock (key mailSchedule, as before issue 29, so that an
 * older process on the same database still skips while a newer one runs); mail delivery is nudged
 * after the commit.
 */
export function transferRemindersJob(o: ScheduledOptions = {}): AdvisoryLockJob {
  return {
    name: 'transferReminders',
    ...timing(o),
    exclusivity: 'advisoryLock',
    lockKey: JOB_LOCKS.mailSchedule,
    async run(tx) {
      const queued = await queueTransferReminders(tx);
      return queued > 0 ? async () => nudgeMailWorker() : undefined;
    },
  };
}

/**
 * Bulk mail a crash left half-written gets the rest of its rows (server/mail/publicationExpansion.ts;
 * idempotent: dedupe keys). The process that takes the lock for the turn writes them, each batch in
 * a transaction of its own after the lock's (PGlite's one connection cannot open one inside it).
 */
export function publicationResumeJob(db: Db, o: ScheduledOptions = {}): AdvisoryLockJob {
  return {
    name: 'publicationResume',
    ...timing(o),
    exclusivity: 'advisoryLock',
    lockKey: JOB_LOCKS.publicationResume,
    async run() {
      return async () => {
        if ((await resumeExpansions(db)) > 0) nudgeMailWorker();
      };
    },
  };
}
