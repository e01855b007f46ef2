import { purgeExpiredRegisters } from '../services/registerRetention';
import { JOB_LOCKS } from './exclusive';
import type { AdvisoryLockJob } from './registry';

const HOUR = 60 * 60 * 1000;

/**
 * The end of the register's keeping (server/services/registerRetention.ts), every six hours, the
 * first an hour after start: the process that takes the advisory lock for the turn runs it, in
 * that transaction.
 */
export function registerRetentionJob(o: { enabled?: boolean; graceDays: number }): AdvisoryLockJob {
  return {
    name: 'registerRetention',
    cadence: 6 * HOUR,
    firstDelayMs: HOUR,
    ...(o.enabled === undefined ? {} : { enabled: o.enabled }),
    exclusivity: 'advisoryLock',
    lockKey: JOB_LOCKS.registerRetention,
    async run(tx) {
      await purgeExpiredRegisters(tx, o.graceDays);
    },
  };
}
