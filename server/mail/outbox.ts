import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isPlainText } from '../../contract/fieldRules';
import type { Tx } from '../db/client';
import { mailMessages } from '../db/schema';

/**
 * The one way mail leaves the product: rows of the outbox (mail_messages), written in the caller's
 * transaction, so a mail exists exactly when the change that causes it is committed. The worker
 * (server/mail/worker.ts) delivers them. Nothing here talks to an SMTP server.
 */
export interface OutgoingMail {
  companyId: number;
  accommodationId?: number | null;
  bookId?: number | null;
  publicationId?: number | null;
  /** The template's send type; null for free text and bulk mail. */
  sendType?: number | null;
  /** Makes an automatic mail happen once: a second row with the same key is not written. */
  dedupeKey?: string | null;
  to: string;
  toName?: string | null;
  from: string;
  fromName?: string | null;
  title: string;
  /** The plain-text part. */
  body: string;
  /** An HTML part besides the text. */
  html?: string | null;
  /** Not before this time (a publication's send_at); now when absent. */
  notBefore?: Date | null;
  createdBy?: number | null;
}

export class UnsafeHeaderError extends Error {}

function assertHeaderSafe(mail: OutgoingMail): void {
  for (const [field, value] of [
    ['to', mail.to],
    ['toName', mail.toName],
    ['from', mail.from],
    ['fromName', mail.fromName],
    ['title', mail.title],
  ] as const) {
    // Header fields never carry a line break or another control character (no header injection).
    if (value && !isPlainText(value)) throw new UnsafeHeaderError(`control character in ${field}`);
  }
}

/** A Message-ID fixed before the first try, in the sender's domain: a retry after a crash reuses it. */
export function newMessageId(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)$/.exec(from)?.[1] ?? 'yadoban.invalid';
  return `<${randomUUID()}@${domain.toLowerCase()}>`;
}

/**
 * Queues the mails in the caller's transaction. Answers the ids written (a mail whose dedupeKey is
 * already queued is skipped and has no id). Callers validate addresses and text with the contract's
 * rules and answer 4xx; a control character reaching here is a bug and throws.
 */
export async function enqueueMail(tx: Tx, mails: readonly OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  for (const m of mails) assertHeaderSafe(m);
  const ids: number[] = [];
  // Large publications go in slices: one statement's parameters stay well under PostgreSQL's 65,535.
  const SLICE = 1000;
  for (let i = 0; i < mails.length; i += SLICE) {
    const rows = await tx
      .insert(mailMessages)
      .values(
        mails.slice(i, i + SLICE).map((m) => ({
          companyId: m.companyId,
          accommodationId: m.accommodationId ?? null,
          bookId: m.bookId ?? null,
          publicationId: m.publicationId ?? null,
          sendType: m.sendType ?? null,
          messageId: newMessageId(m.from),
          dedupeKey: m.dedupeKey ?? null,
          toAddress: m.to,
          toName: m.toName ?? null,
          fromAddress: m.from,
          fromName: m.fromName ?? null,
          title: m.title,
          body: m.body,
          html: m.html ?? null,
          nextAttemptAt: m.notBefore ?? sql`now()`,
          createdBy: m.createdBy ?? null,
        })),
      )
      .onConflictDoNothing({ target: mailMessages.dedupeKey })
      .returning({ id: mailMessages.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
