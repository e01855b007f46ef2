import { and, eq, sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';
import { mailMessages } from '../schema';

/**
 * The outbox (mail_messages) as server/mail/outbox.ts fills it and server/mail/delivery.ts delivers
 * it: rows claimed with FOR UPDATE SKIP LOCKED under a lease, every outcome written only while the
 * row is still the claim (same attempts).
 */

/** A mail as an outbox row holds it: its Message-ID, who from and to, subject and texts, bulk mail and attachment. */
export interface OutboxMail {
  message_id: string;
  to_address: string;
  to_name: string | null;
  from_address: string;
  from_name: string | null;
  title: string;
  body: string;
  html: string | null;
  publication_id: number | null;
  /** Set when the row has an attachment of its own (a claimed row's bytes are read when it is sent). */
  attachment_name: string | null;
  /** A reply's In-Reply-To and References headers (issue 32); null for any other mail. */
  in_reply_to: string | null;
  references: string | null;
}

/** One outbox row to write, as jsonb_to_recordset unpacks it (the attachment in base64). */
export interface OutboxRow extends OutboxMail {
  company_id: number;
  accommodation_id: number | null;
  book_id: number | null;
  send_type: number | null;
  dedupe_key: string | null;
  attachment: string | null;
  attachment_type: string | null;
  next_attempt_at: string | null;
  created_by: number | null;
}

/**
 * Writes the rows in one statement, due at next_attempt_at or now; a row whose dedupe_key is
 * already written is skipped. Answers the ids written.
 */
export async function insertOutboxRows(tx: Tx, rows: readonly OutboxRow[]): Promise<number[]> {
  const json = JSON.stringify(rows);
  const written = await sqlRows<{ id: number }>(
    tx,
    sql`insert into mail_messages (company_id, accommodation_id, book_id, publication_id, send_type, message_id,
          dedupe_key, to_address, to_name, from_address, from_name, title, body, html, attachment,
          attachment_type, attachment_name, next_attempt_at, created_by, in_reply_to, "references")
        select x.company_id, x.accommodation_id, x.book_id, x.publication_id, x.send_type, x.message_id,
          x.dedupe_key, x.to_address, x.to_name, x.from_address, x.from_name, x.title, x.body, x.html,
          decode(x.attachment, 'base64'), x.attachment_type, x.attachment_name,
          coalesce(x.next_attempt_at, now()), x.created_by, x.in_reply_to, x."references"
        from jsonb_to_recordset(${json}::jsonb) as x(company_id int, accommodation_id int, book_id int,
          publication_id int, send_type smallint, message_id text, dedupe_key text, to_address text, to_name text,
          from_address text, from_name text, title text, body text, html text, attachment text,
          attachment_type text, attachment_name text, next_attempt_at timestamptz, created_by int,
          in_reply_to text, "references" text)
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  return written.map((r) => r.id);
}

/** A row the worker has claimed: what sending it needs. */
export interface ClaimedMail extends OutboxMail {
  id: number;
  /** The sender is a verified address of the mail's company, or the mail goes to its own sender. */
  sender_ok: boolean;
  attempts: number;
  age_ms: number;
}

/**
 * Claims up to `limit` due rows in one statement: queued rows whose next_attempt_at has come, and
 * sending rows whose lease has passed. They become `sending` for `leaseSeconds`, one attempt more.
 */
export function claimDueMail(tx: Tx, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  return sqlRows<ClaimedMail>(
    tx,
    sql`with due as (
          select id from mail_messages
          where status in ('queued', 'sending') and next_attempt_at <= now()
            and (status = 'queued' or lease_until < now())
          -- by the due index alone: a LIMIT that stops early (ties in any order)
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        update mail_messages m
        set status = 'sending', lease_until = now() + make_interval(secs => ${leaseSeconds}),
            attempts = m.attempts + 1
        from due where m.id = due.id
        returning m.id, m.message_id, m.to_address, m.to_name, m.from_address, m.from_name, m.title,
          m.body, m.html, m.publication_id, m.attachment_name, m.in_reply_to, m."references", m.attempts,
          (lower(m.to_address) = lower(m.from_address) or exists (select 1 from sender_addresses s
            where s.company_id = m.company_id and s.from_address = lower(m.from_address)
              and s.verified_at is not null)) as sender_ok,
          (extract(epoch from now() - m.created_at) * 1000)::float8 as age_ms`,
  );
}

/** Lengthens the lease of the claims (id, attempts) that are still `sending` (at least one). */
export async function renewMailLeases(
  tx: Tx,
  claims: readonly (readonly [id: number, attempts: number])[],
  leaseSeconds: number,
): Promise<void> {
  const pairs = sql.join(
    claims.map(([id, attempts]) => sql`(${id}::int, ${attempts}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update mail_messages set lease_until = now() + make_interval(secs => ${leaseSeconds})
        where status = 'sending' and (id, attempts) in (${pairs})`,
  );
}

/**
 * What became of a claimed row that was not sent: back in the queue as if never claimed
 * (`release`), failed for good, or queued again with its error after `delayMs`.
 */
export type MailOutcome =
  { kind: 'release' } | { kind: 'failed'; error: string } | { kind: 'retry'; error: string; delayMs: number };

const outcomeSet = (outcome: MailOutcome) => {
  switch (outcome.kind) {
    case 'release':
      return sql`status = 'queued', attempts = greatest(attempts - 1, 0)`;
    case 'failed':
      return sql`status = 'failed', error = ${outcome.error}`;
    case 'retry':
      return sql`status = 'queued', error = ${outcome.error},
              next_attempt_at = now() + make_interval(secs => ${outcome.delayMs / 1000})`;
  }
};

/** Writes the outcome of the claim (id, attempts) if the row is still that claim, and ends its lease. */
export async function settleMail(tx: Tx, id: number, attempts: number, outcome: MailOutcome): Promise<void> {
  await tx.execute(
    sql`update mail_messages set ${outcomeSet(outcome)}, lease_until = null
        where id = ${id} and status = 'sending' and attempts = ${attempts}`,
  );
}

/** Records the claims sent (at least one), with the SMTP server's replies, in one statement. */
export async function recordMailSent(
  tx: Tx,
  sent: readonly { id: number; attempts: number; reply: string }[],
): Promise<void> {
  const values = sql.join(
    sent.map((s) => sql`(${s.id}::int, ${s.attempts}::int, ${s.reply}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`update mail_messages m
        set status = 'sent', smtp_reply = v.reply, sent_at = now(), error = null, lease_until = null
        from (values ${values}) as v(id, attempts, reply)
        where m.id = v.id and m.status = 'sending' and m.attempts = v.attempts`,
  );
}

/** A row's own attachment (a test send); undefined when the row is gone. */
export async function findMailAttachment(tx: Tx, id: number) {
  const [found] = await sqlRows<{ attachment: Uint8Array | null; attachment_type: string | null }>(
    tx,
    sql`select attachment, attachment_type from mail_messages where id = ${id}`,
  );
  return found;
}

/** Whose the row is: its company, and its accommodation (null for a company-level row, bulk mail). */
export async function findMailOwner(tx: Tx, id: number) {
  const [row] = await tx
    .select({ companyId: mailMessages.companyId, accommodationId: mailMessages.accommodationId })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  return row;
}

/** Puts a failed row back in the queue, due now, its error cleared; false when it is not failed. */
export async function requeueFailedMail(tx: Tx, id: number): Promise<boolean> {
  const updated = await tx
    .update(mailMessages)
    .set({ status: 'queued', error: null, leaseUntil: null, nextAttemptAt: sql`now()` })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'failed')))
    .returning({ id: mailMessages.id });
  return updated.length > 0;
}
