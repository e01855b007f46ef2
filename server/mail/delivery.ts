import { isPlainText } from '../../contract/fieldRules';
import type { Db } from '../db/client';
import {
  claimDueMail,
  findMailAttachment,
  recordMailSent,
  renewMailLeases,
  settleMail,
  type ClaimedMail as ClaimedRow,
  type MailOutcome,
} from '../db/queries/mailOutbox';
import { RateLimiter, retryDelayMs } from './backoff';
import { PublicationAttachments, type MailAttachment } from './attachments';
import {
  classifyDeliveryError,
  GIVE_UP_AFTER_MS,
  gaveUpReason,
  UNSAFE_HEADER_REASON,
  UNVERIFIED_SENDER_REASON,
} from './smtpErrors';
import type { MailTransport } from './transport';

/**
 * Delivers the outbox (mail_messages; see server/mail/outbox.ts and docs/decisions.md "Mail
 * delivery"). Each pass claims due rows in one statement with FOR UPDATE SKIP LOCKED: queued rows
 * whose next_attempt_at has come, and sending rows whose lease has passed (left by a process that
 * died). Claimed rows are `sending` with a short lease, renewed while they are in flight; every
 * outcome is written only if the row is still the one this delivery claimed (same attempts). The
 * job that runs the passes, its cadence and its nudges are server/jobs/mailDelivery.ts.
 */
export interface MailDeliveryOptions {
  db: Db;
  transport: MailTransport;
  ratePerSecond: number;
  leaseSeconds?: number;
  batchSize?: number;
  /** First retry delay; doubles per attempt, with jitter, up to retryCapMs. */
  retryBaseMs?: number;
  retryCapMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** What a pass needs from the job that runs it (server/jobs/registry.ts JobContext). */
export interface DeliveryPass {
  /** Aborted on a clean stop: claim nothing more, put back what waits for the rate limit. */
  signal: AbortSignal;
  /** Waits for new mail: `ms`, or less when nudged or stopping. */
  idle(ms: number): Promise<void>;
  /** Called once the pass has claimed something. */
  working(): Promise<void>;
  /** How long the pass waits for new mail while its last messages are in flight. */
  pollMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class MailDelivery {
  private readonly limiter: RateLimiter;
  private readonly attachments: PublicationAttachments;
  /** id → attempts of the rows this delivery holds. */
  private readonly held = new Map<number, number>();
  private readonly lease: number;
  private readonly batch: number;
  private readonly sent: { row: ClaimedRow; reply: string; done: () => void }[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(private readonly o: MailDeliveryOptions) {
    this.limiter = new RateLimiter(o.ratePerSecond);
    this.attachments = new PublicationAttachments(o.db);
    this.lease = o.leaseSeconds ?? 30;
    this.batch = o.batchSize ?? Math.max(1, Math.min(50, Math.ceil(o.ratePerSecond)));
  }

  /** The most rows one claim takes: the bound on duplicates after a kill -9. */
  get batchSize(): number {
    return this.batch;
  }

  /** Cuts the SMTP connections: sends still open fail, and their rows go back to the queue. */
  close(): void {
    this.o.transport.close();
  }

  /**
   * One pass: delivers until the queue has nothing due. Keeps up to batchSize rows in flight:
   * claims again once half of them are settled, so the SMTP connections never wait for the slowest
   * message of a claim. In flight never exceeds batchSize. Answers the rows claimed; a claim that
   * fails with nothing in flight fails the pass (the job's next run tries again).
   */
  async pass(p: DeliveryPass): Promise<number> {
    const heartbeat = setInterval(() => void this.renewLeases(), (this.lease * 1000) / 3);
    const active = new Set<Promise<void>>();
    const onAbort = () => (this.stopping = true);
    this.stopping = p.signal.aborted;
    p.signal.addEventListener('abort', onAbort);
    let claimed = 0;
    try {
      while (!this.stopping) {
        const room = this.batch - active.size;
        let rows: ClaimedRow[] = [];
        if (room >= Math.ceil(this.batch / 2)) {
          try {
            rows = await this.claim(room);
          } catch (err) {
            if (active.size === 0) throw err;
            this.o.log?.warn({ err }, 'mail delivery could not claim messages');
          }
        }
        if (rows.length > 0 && claimed === 0) await p.working();
        claimed += rows.length;
        for (const row of rows) {
          const d: Promise<void> = this.deliver(row).finally(() => active.delete(d));
          active.add(d);
        }
        // Nothing due and nothing in flight: the pass is over; the job waits for the next.
        if (active.size === 0) break;
        else if (room < Math.ceil(this.batch / 2) || rows.length === room) await Promise.race(active);
        // The queue is drained: wait for the rest, or for new mail.
        else await Promise.race([Promise.all(active), p.idle(p.pollMs)]);
      }
    } finally {
      await Promise.all(active);
      clearInterval(heartbeat);
      p.signal.removeEventListener('abort', onAbort);
    }
    return claimed;
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const rows = await claimDueMail(this.o.db, limit, this.lease);
    for (const r of rows) this.held.set(r.id, r.attempts);
    return rows;
  }

  private async renewLeases(): Promise<void> {
    if (this.held.size === 0) return;
    try {
      await renewMailLeases(this.o.db, [...this.held], this.lease);
    } catch (err) {
      this.o.log?.warn({ err }, 'mail delivery could not renew its leases');
    }
  }

  /** Writes the outcome if the row is still this delivery's claim. */
  private async settle(row: ClaimedRow, outcome: MailOutcome): Promise<void> {
    try {
      await settleMail(this.o.db, row.id, row.attempts, outcome);
    } catch (err) {
      // The lease runs out and the row is claimed again.
      this.o.log?.warn({ err, mailId: row.id }, 'mail delivery could not record a delivery');
    } finally {
      this.forget(row);
    }
  }

  /**
   * Deliveries are recorded together, one statement per 25 or per 20 ms, not one each: the
   * database keeps up with the SMTP server. Until then the rows stay `sending` (in flight).
   */
  private recordSent(row: ClaimedRow, reply: string): Promise<void> {
    return new Promise((done) => {
      this.sent.push({ row, reply, done });
      if (this.sent.length >= 25) void this.flushSent();
      else this.flushTimer ??= setTimeout(() => void this.flushSent(), 20);
    });
  }

  private async flushSent(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const items = this.sent.splice(0);
    if (items.length === 0) return;
    try {
      await recordMailSent(
        this.o.db,
        items.map((i) => ({ id: i.row.id, attempts: i.row.attempts, reply: i.reply })),
      );
    } catch (err) {
      this.o.log?.warn({ err }, 'mail delivery could not record deliveries');
    } finally {
      for (const i of items) {
        this.forget(i.row);
        i.done();
      }
    }
  }

  /** Stops renewing a row's lease, unless this delivery has claimed it again since (a later attempt). */
  private forget(row: ClaimedRow): void {
    if (this.held.get(row.id) === row.attempts) this.held.delete(row.id);
  }

  /** A row's own attachment, read by its id when it is sent: claims stay light. */
  private async ownAttachment(row: ClaimedRow): Promise<MailAttachment | null> {
    const found = await findMailAttachment(this.o.db, row.id);
    if (!found?.attachment) return null;
    return {
      filename: row.attachment_name || 'attachment',
      content: Buffer.from(found.attachment),
      contentType: found.attachment_type ?? 'application/octet-stream',
    };
  }

  private release(row: ClaimedRow): Promise<void> {
    return this.settle(row, { kind: 'release' });
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const wait = this.limiter.reserve();
    if (wait > 0) await sleep(wait);
    if (this.stopping) return this.release(row);
    const headers = [row.to_address, row.to_name, row.from_address, row.from_name, row.title];
    if (headers.some((v) => v !== null && !isPlainText(v))) {
      return this.settle(row, { kind: 'failed', error: UNSAFE_HEADER_REASON });
    }
    // The last check of every mail, whatever queued it (issue 28): no company sends as another.
    if (!row.sender_ok) return this.settle(row, { kind: 'failed', error: UNVERIFIED_SENDER_REASON });
    try {
      // The row's own attachment (a test send) wins over its publication's.
      const attachment =
        row.attachment_name !== null
          ? await this.ownAttachment(row)
          : row.publication_id
            ? await this.attachments.get(row.publication_id)
            : null;
      const { response } = await this.o.transport.send({
        messageId: row.message_id,
        from: { name: row.from_name ?? '', address: row.from_address },
        to: { name: row.to_name ?? '', address: row.to_address },
        subject: row.title,
        // A reply threads with the guest's mail (issue 32).
        ...(row.in_reply_to ? { inReplyTo: row.in_reply_to } : {}),
        ...(row.references ? { references: row.references } : {}),
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
        ...(attachment ? { attachments: [attachment] } : {}),
        textEncoding: 'base64',
      });
      await this.recordSent(row, response);
    } catch (err) {
      const failure = classifyDeliveryError(err);
      if (failure.permanent) {
        await this.settle(row, { kind: 'failed', error: failure.reason });
      } else if (this.stopping) {
        await this.release(row);
      } else if (row.age_ms > GIVE_UP_AFTER_MS) {
        await this.settle(row, { kind: 'failed', error: gaveUpReason(failure.reason) });
      } else {
        const delay = retryDelayMs(row.attempts, {
          ...(this.o.retryBaseMs !== undefined ? { baseMs: this.o.retryBaseMs } : {}),
          ...(this.o.retryCapMs !== undefined ? { capMs: this.o.retryCapMs } : {}),
        });
        await this.settle(row, { kind: 'retry', error: failure.reason, delayMs: delay });
      }
    }
  }
}
