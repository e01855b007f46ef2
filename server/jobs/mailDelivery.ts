import type { Config } from '../config';
import type { Db } from '../db/client';
import { MailDelivery, type MailDeliveryOptions } from '../mail/delivery';
import { smtpTransport } from '../mail/transport';
import { MAIL_DELIVERY_JOB } from './nudge';
import type { SkipLockedJob } from './registry';
import { JobRunner } from './runner';

/** How often an idle process looks for due mail (retries, another process's mail): every half second. */
export const MAIL_POLL_MS = 500;

/** Whether this server delivers mail at all; without SMTP_URL rows stay queued (未送信（SMTP未設定）). */
export function mailDeliveryConfigured(config: Pick<Config, 'SMTP_URL'>): boolean {
  return Boolean(config.SMTP_URL);
}

/**
 * Mail delivery (server/mail/delivery.ts) as a job: in every process (exclusivity skipLocked: each
 * pass claims its own rows with FOR UPDATE SKIP LOCKED), a pass every `pollMs` and at once when
 * nudged (nudgeMailWorker, after a commit that queued mail). Quiet: a pass that finds nothing due
 * is not recorded. A clean stop lets the messages being sent finish for `stopGraceMs`, then cuts
 * them (their rows go back to the queue) and closes the SMTP connections. Without a delivery (no
 * SMTP_URL) the job is listed but never runs: mail stays queued.
 */
export function mailDeliveryJob(
  delivery: MailDelivery | null,
  options: { pollMs?: number; stopGraceMs?: number } = {},
): SkipLockedJob {
  const pollMs = options.pollMs ?? MAIL_POLL_MS;
  return {
    name: MAIL_DELIVERY_JOB,
    cadence: pollMs,
    firstDelayMs: 0,
    exclusivity: 'skipLocked',
    quiet: true,
    enabled: delivery !== null,
    async run(ctx) {
      if (!delivery) throw new Error('SMTP_URL is not set: mail stays queued');
      await delivery.pass({ ...ctx, pollMs });
    },
    async stop(running) {
      if (!delivery) return;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.stopGraceMs ?? 5000);
      });
      const done = running.then(
        () => 'done' as const,
        () => 'done' as const,
      );
      // Sends still open are cut; their rows go back to the queue.
      if ((await Promise.race([done, grace])) === 'late') delivery.close();
      clearTimeout(timer);
      await done;
      delivery.close();
    },
  };
}

/** The delivery of this server's configuration (SMTP_URL, MAIL_RATE_PER_SECOND, MAIL_LEASE_SECONDS). */
export function configuredMailDelivery(db: Db, config: Config, log?: MailDeliveryOptions['log']): MailDelivery | null {
  if (!config.SMTP_URL) return null;
  return new MailDelivery({
    db,
    transport: smtpTransport(config.SMTP_URL),
    ratePerSecond: config.MAIL_RATE_PER_SECOND,
    leaseSeconds: config.MAIL_LEASE_SECONDS,
    ...(log ? { log } : {}),
  });
}

export interface MailWorkerOptions extends MailDeliveryOptions {
  pollMs?: number;
  /** How long a clean stop waits for messages already being sent. */
  stopGraceMs?: number;
}

/**
 * Mail delivery on a runner of its own, for the tests and the benchmark that deliver without the
 * rest of the server (the server runs the same job among the others, server/jobs/index.ts).
 */
export class MailWorker {
  private readonly delivery: MailDelivery;
  private readonly runner: JobRunner;

  constructor(o: MailWorkerOptions) {
    this.delivery = new MailDelivery(o);
    const job = mailDeliveryJob(this.delivery, {
      ...(o.pollMs !== undefined ? { pollMs: o.pollMs } : {}),
      ...(o.stopGraceMs !== undefined ? { stopGraceMs: o.stopGraceMs } : {}),
    });
    this.runner = new JobRunner(o.db, [job], o.log ? { log: o.log } : {});
  }

  /** The most rows one claim takes: the bound on duplicates after a kill -9. */
  get batchSize(): number {
    return this.delivery.batchSize;
  }

  start(): void {
    this.runner.start();
  }

  nudge(): void {
    this.runner.nudge(MAIL_DELIVERY_JOB);
  }

  /** Stops claiming, lets messages being sent finish (stopGraceMs), and puts the others back in the queue. */
  stop(): Promise<void> {
    return this.runner.stop();
  }
}

export { nudgeMailWorker } from './nudge';
