import type { Config } from '../config';
import type { Db } from '../db/client';
import type { MailDeliveryOptions } from '../mail/delivery';
import { autoCancelJob } from './autoCancel';
import { channelSyncJob } from './channelSync';
import { configuredMailDelivery, mailDeliveryJob } from './mailDelivery';
import type { JobDefinition } from './registry';
import { JobRunner } from './runner';
import { registerRetentionJob } from './registerRetention';
import { publicationResumeJob, transferRemindersJob } from './scheduledMail';

/**
 * Every background job of the server, in one place (issue 29). Each is a name, a cadence, how it
 * is kept from running twice at once across processes, and a run (registry.ts); one runner starts
 * and stops them all (runner.ts), and records each run in job_runs (GET /api/admin/jobs).
 *
 * | job | cadence | exclusivity |
 * |---|---|---|
 * | mailDelivery | 0.5 s and at once when nudged, with SMTP_URL | skipLocked (each process its own rows) |
 * | transferReminders | 10 min | advisoryLock (key mailSchedule) |
 * | autoCancel | 10 min | advisoryLock, then each booking's row lock |
 * | publicationResume | 10 min | advisoryLock |
 * | channelSync | 3 s at most, with CHANNEL_URL | lease (channelSync, shared with bookSync.ts) |
 * | registerRetention | 6 h, the first an hour after start | advisoryLock |
 *
 * In tests (NODE_ENV=test) only mail delivery runs on its own: the tests run the others
 * themselves (JobRunner.runNow, or the functions they call).
 */
export function serverJobs(db: Db, config: Config, log?: MailDeliveryOptions['log']): JobDefinition[] {
  const scheduled = { enabled: config.NODE_ENV !== 'test' };
  return [
    mailDeliveryJob(configuredMailDelivery(db, config, log)),
    transferRemindersJob(scheduled),
    autoCancelJob(db, { ...scheduled, ...(log ? { log } : {}) }),
    publicationResumeJob(db, scheduled),
    channelSyncJob(db, config, { ...scheduled, ...(log ? { log } : {}) }),
    registerRetentionJob({ ...scheduled, graceDays: config.REGISTER_GRACE_DAYS }),
  ];
}

/** The server's runner, started: start.ts stops it on close. */
export function startJobs(db: Db, config: Config, log?: MailDeliveryOptions['log']): JobRunner {
  const runner = new JobRunner(db, serverJobs(db, config, log), log ? { log } : {});
  runner.start();
  return runner;
}

export { JobRunner } from './runner';
export type { JobDefinition } from './registry';
