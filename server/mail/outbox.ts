import { randomUUID } from 'node:crypto';
import { isPlainText } from '../../contract/fieldRules';
import type { Tx } from '../db/client';
import { insertOutboxRows } from '../db/queries/mailOutbox';

/**
 * The one way mail leaves the product: rows of the outbox (mail_messages), written in the caller's
 * transaction, so a mail exists exactly when the change that causes it is committed. The worker
 * (server/mail/delivery.ts) delivers them. Nothing here talks to an SMTP server.
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
  /**
   * An attachment of this mail's own (a bulk mail's test send). Bulk mail leaves it out: the worker
   * attaches the publication's (publicationId), never a copy per recipient.
   */
  attachment?: { content: Buffer; type: string; name: string } | null;
  /**
   * A reply's headers (issue 32): In-Reply-To is the Message-ID it answers, References the thread's
   * Message-IDs, oldest first, space-separated; the guest's mail program threads it.
   */
  inReplyTo?: string | null;
  references?: string | null;
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
    ['inReplyTo', mail.inReplyTo],
    ['references', mail.references],
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
 *
 * The rows travel as one JSON parameter that PostgreSQL unpacks (jsonb_to_recordset): a multi-row
 * insert built parameter by parameter costs seconds in the query builder for a bulk mail of tens of
 * thousands of recipients; this is one statement per 20,000 rows.
 */
export async function enqueueMail(tx: Tx, mails: readonly OutgoingMail[]): Promise<number[]> {
  for (const m of mails) assertHeaderSafe(m);
  const ids: number[] = [];
  const SLICE = 20_000;
  for (let i = 0; i < mails.length; i += SLICE) {
    const written = await insertOutboxRows(
      tx,
      mails.slice(i, i + SLICE).map((m) => ({
        company_id: m.companyId,
        accommodation_id: m.accommodationId ?? null,
        book_id: m.bookId ?? null,
        publication_id: m.publicationId ?? null,
        send_type: m.sendType ?? null,
        message_id: newMessageId(m.from),
        dedupe_key: m.dedupeKey ?? null,
        to_address: m.to,
        to_name: m.toName ?? null,
        from_address: m.from,
        from_name: m.fromName ?? null,
        title: m.title,
        body: m.body,
        html: m.html ?? null,
        // Bytes travel as base64 text in the JSON; decode() turns them back into bytea.
        attachment: m.attachment ? m.attachment.content.toString('base64') : null,
        attachment_type: m.attachment?.type ?? null,
        attachment_name: m.attachment?.name ?? null,
        next_attempt_at: m.notBefore?.toISOString() ?? null,
        created_by: m.createdBy ?? null,
        in_reply_to: m.inReplyTo ?? null,
        references: m.references ?? null,
      })),
    );
    ids.push(...written);
  }
  return ids;
}
