import { eq, sql } from 'drizzle-orm';
import type { MailPublicationSetting } from '../schema/mail';
import { sqlRows, type Tx } from '../client';
import { mailPublications } from '../schema';
import { tokyoIso } from './bookingJson';

/**
 * Bulk mail publications and their progress. Progress is counted by PostgreSQL in one grouped query
 * over mail_messages (index mail_messages_publication_idx), never by loading the rows. A
 * publication counts as sent (sent_at) once all its rows are written and none is left queued or sending: the stored
 * sent_at when something set it, otherwise the time its last row went out, computed when read.
 */
export interface PublicationRow {
  id: number;
  send_at: string;
  created_at: string;
  sent_at: string | null;
  setting: Omit<MailPublicationSetting, 'users'> & { users?: MailPublicationSetting['users'] };
  recipient_count: number;
  has_attachment: boolean;
  progress: { sent: number; failed: number; total: number };
}

interface RawRow {
  id: number;
  send_at: string;
  created_at: string;
  stored_sent_at: string | null;
  last_done_at: string | null;
  setting: PublicationRow['setting'];
  recipient_count: number;
  has_attachment: boolean;
  sent: number;
  failed: number;
  total: number;
  pending: number;
  expanded: boolean;
}

function toRow(r: RawRow): PublicationRow {
  // Sent once every recipient has its row and none of them is left to go.
  const done = r.expanded && r.total > 0 && r.pending === 0;
  return {
    id: r.id,
    send_at: r.send_at,
    created_at: r.created_at,
    sent_at: r.stored_sent_at ?? (done ? r.last_done_at : null),
    setting: r.setting,
    recipient_count: r.recipient_count,
    has_attachment: r.has_attachment,
    progress: { sent: r.sent, failed: r.failed, total: r.total },
  };
}

/**
 * A page of the company's publications, newest send date first, with their progress. The list
 * leaves the recipients out of `setting` (tens of thousands of addresses per row); one publication
 * (`onlyId`) keeps them.
 */
export async function listPublications(
  tx: Tx,
  companyId: number,
  page: { offset: number; limit: number },
  onlyId?: number,
): Promise<{ rows: PublicationRow[]; count: number }> {
  const rows = await sqlRows<RawRow>(
    tx,
    sql`
      with page as (
        select id from mail_publications
        where company_id = ${companyId} ${onlyId === undefined ? sql`` : sql`and id = ${onlyId}`}
        order by send_at desc, id desc
        offset ${page.offset} limit ${page.limit}
      ),
      progress as (
        select publication_id,
               count(*) filter (where status = 'sent')::int as sent,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status in ('queued', 'sending'))::int as pending,
               count(*)::int as total,
               max(coalesce(sent_at, created_at)) as last_done_at
        from mail_messages
        where publication_id in (select id from page)
        group by publication_id
      )
      select p.id,
             ${sql.raw(tokyoIso('p.send_at'))} as send_at,
             ${sql.raw(tokyoIso('p.created_at'))} as created_at,
             ${sql.raw(tokyoIso('p.sent_at'))} as stored_sent_at,
             ${sql.raw(tokyoIso('g.last_done_at'))} as last_done_at,
             ${onlyId === undefined ? sql`p.setting - 'users'` : sql`p.setting`} as setting,
             p.recipient_count,
             (p.attachment is not null) as has_attachment,
             (p.expanded_at is not null) as expanded,
             coalesce(g.sent, 0) as sent, coalesce(g.failed, 0) as failed,
             coalesce(g.total, 0) as total, coalesce(g.pending, 0) as pending
      from mail_publications p
      join page on page.id = p.id
      left join progress g on g.publication_id = p.id
      order by p.send_at desc, p.id desc`,
  );
  const [total] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from mail_publications where company_id = ${companyId}`,
  );
  return { rows: rows.map(toRow), count: total?.n ?? 0 };
}

export async function findPublication(tx: Tx, companyId: number, id: number): Promise<PublicationRow | undefined> {
  const { rows } = await listPublications(tx, companyId, { offset: 0, limit: 1 }, id);
  return rows[0];
}

export async function insertPublication(
  tx: Tx,
  values: {
    companyId: number;
    sendAt: Date;
    setting: MailPublicationSetting;
    attachment: Uint8Array | null;
    attachmentType: string | null;
    recipientCount: number;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await tx.insert(mailPublications).values(values).returning({ id: mailPublications.id });
  return row!.id;
}

/**
 * What writing a publication's outbox rows needs; undefined once it is gone (deleted). `revision`
 * is its updated_at as text (to the microsecond): a change (PUT) moves it, so the rows of what it
 * was are no longer written (keepPublication, markExpanded).
 */
export async function publicationToExpand(tx: Tx, id: number) {
  const [row] = await sqlRows<{
    id: number;
    company_id: number;
    send_at: Date | string;
    setting: MailPublicationSetting;
    created_by: number | null;
    expanded: boolean;
    revision: string;
  }>(
    tx,
    sql`select id, company_id, send_at, setting, created_by, expanded_at is not null as expanded,
               updated_at::text as revision
        from mail_publications where id = ${id}`,
  );
  return row;
}

/** The publication's attachment, its type and its setting (which names the file); undefined when it is gone. */
export async function publicationAttachment(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      attachment: mailPublications.attachment,
      attachmentType: mailPublications.attachmentType,
      setting: mailPublications.setting,
    })
    .from(mailPublications)
    .where(eq(mailPublications.id, id));
  return row;
}

/**
 * Holds the publication, as it was at `revision`, while a batch of its rows is written: a delete or
 * a change (FOR UPDATE) waits for the batch, or the batch for it, and then finds it gone or changed.
 */
export async function keepPublication(tx: Tx, id: number, revision: string): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from mail_publications where id = ${id} and updated_at = ${revision}::timestamptz for key share`,
  );
  return rows.length > 0;
}

/** Every recipient of the publication as it was at `revision` has its row (not when it changed meanwhile). */
export async function markExpanded(tx: Tx, id: number, revision: string): Promise<void> {
  await tx.execute(
    sql`update mail_publications set expanded_at = now()
        where id = ${id} and expanded_at is null and updated_at = ${revision}::timestamptz`,
  );
}

/** Publications whose rows were not all written `olderThanSeconds` after they were saved (a crash). */
export async function unexpandedPublications(tx: Tx, olderThanSeconds: number): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from mail_publications
        where expanded_at is null and updated_at < now() - make_interval(secs => ${olderThanSeconds})
        order by id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Locks the company's publication (FOR UPDATE: a batch of its rows being written, a delete or
 * another change waits); undefined when it is not the company's.
 */
export async function lockPublication(tx: Tx, companyId: number, id: number) {
  const [row] = await sqlRows<{
    id: number;
    sent_at: string | null;
    send_at: string;
    title: string;
    from_address: string;
    from_name: string | null;
    file_name: string | null;
    recipient_count: number;
    expanded: boolean;
  }>(
    tx,
    sql`select id, sent_at::text, ${sql.raw(tokyoIso('send_at'))} as send_at, setting->>'title' as title,
               setting->>'from_address' as from_address, setting->>'from_name' as from_name,
               case when attachment is null then null else setting->>'file_name' end as file_name,
               recipient_count, expanded_at is not null as expanded
        from mail_publications
        where id = ${id} and company_id = ${companyId} for update`,
  );
  return row;
}

/**
 * Replaces what a publication sends (PUT): its time, setting and recipient count, and its
 * attachment unless `attachment` is 'keep'. Its rows are to be written again (expanded_at null),
 * and updated_at moves: a batch still writing what it was stops (keepPublication).
 */
export async function replacePublication(
  tx: Tx,
  id: number,
  values: {
    sendAt: Date;
    setting: MailPublicationSetting;
    attachment: 'keep' | { bytes: Uint8Array; type: string } | null;
    recipientCount: number;
  },
): Promise<void> {
  const file =
    values.attachment === 'keep'
      ? {}
      : { attachment: values.attachment?.bytes ?? null, attachmentType: values.attachment?.type ?? null };
  await tx
    .update(mailPublications)
    .set({
      sendAt: values.sendAt,
      setting: values.setting,
      recipientCount: values.recipientCount,
      expandedAt: null,
      updatedAt: sql`clock_timestamp()`,
      ...file,
    })
    .where(eq(mailPublications.id, id));
}

/**
 * Removes the rows of the publication that are still only queued (with `untried`, only those the
 * delivery never took: no attempt, not even one put back to wait); answers how many, and how many
 * of its rows remain (being sent, sent or failed, or tried: the rows the worker has taken, which stay).
 *
 * The delivery claims a row by locking it (FOR UPDATE SKIP LOCKED, queries/mailOutbox.ts
 * claimDueMail): a row it holds makes this delete wait, then see it `sending` and leave it (so
 * `left` counts it); a row this delete holds is skipped by the claim and is gone once committed.
 */
export async function removeQueuedMessages(
  tx: Tx,
  publicationId: number,
  { untried = false }: { untried?: boolean } = {},
): Promise<{ removed: number; left: number }> {
  const removed = await sqlRows<{ id: number }>(
    tx,
    sql`delete from mail_messages where publication_id = ${publicationId} and status = 'queued'
        ${untried ? sql`and attempts = 0` : sql``} returning id`,
  );
  const [left] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from mail_messages where publication_id = ${publicationId}`,
  );
  return { removed: removed.length, left: left?.n ?? 0 };
}

export async function deletePublication(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from mail_publications where id = ${id}`);
}

/** The attachment's name, type and size (never its bytes); undefined without one. */
export async function attachmentFacts(tx: Tx, companyId: number, id: number) {
  const [row] = await sqlRows<{ name: string; type: string; size: number }>(
    tx,
    sql`select coalesce(setting->>'file_name', 'attachment') as name, attachment_type as type,
               octet_length(attachment)::int as size
        from mail_publications
        where id = ${id} and company_id = ${companyId} and attachment is not null`,
  );
  return row;
}

/** A page of the publication's recipients in the order they were written, with what became of each. */
export async function listRecipients(
  tx: Tx,
  publicationId: number,
  page: { status?: string; offset: number; limit: number },
) {
  // 送信待ち (queued) is every row not done yet: the ones the delivery holds at this moment (sending) too.
  const status =
    page.status === undefined
      ? sql``
      : page.status === 'queued'
        ? sql`and status in ('queued', 'sending')`
        : sql`and status = ${page.status}`;
  const recipients = await sqlRows<{
    to_address: string;
    to_name: string | null;
    status: 'queued' | 'sending' | 'sent' | 'failed';
    sent_at: string | null;
    error: string | null;
    attempts: number;
  }>(
    tx,
    sql`select to_address, to_name, status, ${sql.raw(tokyoIso('sent_at'))} as sent_at, error, attempts
        from mail_messages
        where publication_id = ${publicationId} ${status}
        order by id
        offset ${page.offset} limit ${page.limit}`,
  );
  const [count] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from mail_messages where publication_id = ${publicationId} ${status}`,
  );
  return { recipients, count: count?.n ?? 0 };
}

export interface CustomerFilter {
  accommodationIds: readonly number[];
  bookFrom?: string;
  bookTo?: string;
  stayFrom?: string;
  stayTo?: string;
}

/** Most customers one search answers. */
export const CUSTOMER_LIMIT = 50_000;

/**
 * Guests of bookings in the given accommodations, one row per address (case-insensitive): the
 * name of their latest booking and their last check-in (cancelled stays are not visits). Booking
 * date is the day the booking was made (Tokyo); stay date its check-in.
 */
export async function listCustomers(tx: Tx, f: CustomerFilter) {
  if (f.accommodationIds.length === 0) return [];
  const ids = sql.join(
    f.accommodationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sqlRows<{ name: string; mail: string; last_visited: string | null }>(
    tx,
    sql`
      select (array_agg(b.name order by b.start_date desc, b.id desc))[1] as name,
             (array_agg(btrim(b.mail) order by b.start_date desc, b.id desc))[1] as mail,
             (max(b.start_date) filter (where b.delete_flg = 0))::text as last_visited
      from bookings b
      where b.accommodation_id in (${ids})
        and b.mail is not null and btrim(b.mail) <> ''
        ${f.bookFrom ? sql`and b.created_at >= (${f.bookFrom}::date::timestamp at time zone 'Asia/Tokyo')` : sql``}
        ${f.bookTo ? sql`and b.created_at < ((${f.bookTo}::date + 1)::timestamp at time zone 'Asia/Tokyo')` : sql``}
        ${f.stayFrom ? sql`and b.start_date >= ${f.stayFrom}::date` : sql``}
        ${f.stayTo ? sql`and b.start_date <= ${f.stayTo}::date` : sql``}
      group by lower(btrim(b.mail))
      order by max(b.start_date) desc, 2
      limit ${CUSTOMER_LIMIT}`,
  );
}
