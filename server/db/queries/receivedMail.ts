import { sql, type SQL } from 'drizzle-orm';
import type { BookingCandidate, ReceivedMailItem, SenderAuth } from '../../../contract/receivedMail';
import type { CurrentUser } from '../../auth/currentUser';
import { sqlRows, type Tx } from '../client';

/** A list of ids for `in (...)`, or null when there is none (`in ()` is not SQL). */
function idList(ids: readonly number[]): SQL | null {
  return ids.length === 0
    ? null
    : sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
}

/**
 * The received mail a user may see: of the user's company, and for staff of an accommodation they
 * reach (or of none: mail to the company's own addresses that no booking claims yet). Mail whose
 * company is unknown (it came to no address of any company) is for administrators only.
 */
export function visibleMail(user: CurrentUser): SQL {
  if (user.isAdmin) return sql`r.company_id = ${user.companyId}`;
  const ids = idList(user.accommodationIds);
  return ids
    ? sql`(r.company_id = ${user.companyId} and (r.accommodation_id is null or r.accommodation_id in (${ids})))`
    : sql`(r.company_id = ${user.companyId} and r.accommodation_id is null)`;
}

const ITEM = sql`r.id, r.title, r.from_address, r.created_at, r.book_id, r.accommodation_id, r.read_at is not null as read`;

type ItemRow = Omit<ReceivedMailItem, 'created_at'> & { created_at: Date | string };
const item = (row: ItemRow): ReceivedMailItem => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/** A page of the mail the user may see, newest first, with how many there are and how many are unread. */
export async function listReceivedMail(tx: Tx, user: CurrentUser, offset: number, limit: number) {
  const visible = visibleMail(user);
  const rows = await sqlRows<ItemRow>(
    tx,
    sql`select ${ITEM} from received_mails r where ${visible}
      order by r.created_at desc, r.id desc offset ${offset} limit ${limit}`,
  );
  const [counts] = await sqlRows<{ count: number; unread: number }>(
    tx,
    sql`select count(*)::int as count, (count(*) filter (where r.read_at is null))::int as unread
      from received_mails r where ${visible}`,
  );
  return { mails: rows.map(item), count: counts!.count, unread_mail: counts!.unread };
}

/** One mail the user may see, with its text; undefined when not (404). `lock` holds it for a change. */
export async function findReceivedMail(tx: Tx, user: CurrentUser, id: number, lock = false) {
  const [row] = await sqlRows<ItemRow & { body: string; company_id: number | null; sender_auth: SenderAuth | null }>(
    tx,
    sql`select ${ITEM}, r.body, r.company_id, r.sender_auth from received_mails r where r.id = ${id} and ${visibleMail(user)}
      ${lock ? sql`for update of r` : sql``}`,
  );
  return row && { ...item(row), body: row.body, company_id: row.company_id, sender_auth: row.sender_auth };
}

/** Marks the mail opened (the first opening only). */
export async function markReceivedMailRead(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update received_mails set read_at = now() where id = ${id} and read_at is null`);
}

/** Bookings of the guest address that the user may reach, the latest stay first (at most 20). */
export async function bookingCandidates(tx: Tx, user: CurrentUser, address: string): Promise<BookingCandidate[]> {
  const ids = idList(user.accommodationIds);
  if (!ids || !address) return [];
  return sqlRows<BookingCandidate>(
    tx,
    sql`select b.id, b.accommodation_id, b.name, b.start_date::text as start_date, rm.name as room_name,
        b.delete_flg::int as delete_flg
      from bookings b left join rooms rm on rm.id = b.room_id
      where lower(b.mail) = lower(${address}) and b.accommodation_id in (${ids})
      order by b.start_date desc, b.id desc limit 20`,
  );
}

/** The booking, when the user may reach it. */
export async function reachableBooking(tx: Tx, user: CurrentUser, bookId: number) {
  const ids = idList(user.accommodationIds);
  if (!ids) return undefined;
  const [row] = await sqlRows<{ id: number; accommodation_id: number }>(
    tx,
    sql`select b.id, b.accommodation_id from bookings b where b.id = ${bookId} and b.accommodation_id in (${ids})`,
  );
  return row;
}

/** Links the mail to the booking (and so to its accommodation and company). */
export async function linkReceivedMail(
  tx: Tx,
  id: number,
  booking: { id: number; accommodation_id: number },
  companyId: number,
): Promise<void> {
  await tx.execute(sql`update received_mails set book_id = ${booking.id}, accommodation_id = ${booking.accommodation_id},
    company_id = ${companyId} where id = ${id}`);
}

/**
 * The companies whose verified sender addresses are among the recipients, each with the
 * accommodation whose templates send from the address (null when none does).
 */
export async function recipientOwners(
  tx: Tx,
  recipients: readonly string[],
): Promise<{ company_id: number; accommodation_id: number | null }[]> {
  if (recipients.length === 0) return [];
  const list = sql.join(
    recipients.map((r) => sql`${r}`),
    sql`, `,
  );
  return sqlRows<{ company_id: number; accommodation_id: number | null }>(
    tx,
    sql`select distinct s.company_id, t.accommodation_id from sender_addresses s
      left join (select a.company_id, t.accommodation_id, lower(t.from_address) as address
          from mail_templates t join accommodations a on a.id = t.accommodation_id) t
        on t.company_id = s.company_id and t.address = s.from_address
      where s.from_address in (${list}) and s.verified_at is not null`,
  );
}

/** The company of a database that holds exactly one; null otherwise. */
export async function soleCompanyId(tx: Tx): Promise<number | null> {
  const only = await sqlRows<{ id: number }>(tx, sql`select id from companies order by id limit 2`);
  return only.length === 1 ? only[0]!.id : null;
}

/** The booking, company and accommodation of each mail we sent with one of these Message-IDs (at least one). */
export function sentMailBookings(tx: Tx, messageIds: readonly string[]) {
  return sqlRows<{ message_id: string; book_id: number; company_id: number; accommodation_id: number }>(
    tx,
    sql`select m.message_id, m.book_id, m.company_id, b.accommodation_id from mail_messages m
      join bookings b on b.id = m.book_id
      where m.message_id in (${sql.join(
        messageIds.map((r) => sql`${r}`),
        sql`, `,
      )})`,
  );
}

/** The company's bookings (at most 50, by id) of these whole uids or uid prefixes (at least one). */
export function bookingsByUid(tx: Tx, companyId: number, uids: readonly string[], prefixes: readonly string[]) {
  const keys = [...uids.map((u) => sql`b.uid = ${u}`), ...prefixes.map((p) => sql`b.uid like ${`${p}%`}`)];
  return sqlRows<{ id: number; accommodation_id: number }>(
    tx,
    sql`select b.id, b.accommodation_id from bookings b join accommodations a on a.id = b.accommodation_id
      where a.company_id = ${companyId} and (${sql.join(keys, sql` or `)})
      order by b.id limit 50`,
  );
}

/** The received mail of this Message-ID (its id), if one is kept. */
export async function findReceivedMailByMessageId(
  tx: Tx,
  messageId: string | null,
): Promise<{ id: number } | undefined> {
  const [kept] = await sqlRows<{ id: number }>(tx, sql`select id from received_mails where message_id = ${messageId}`);
  return kept;
}

/** Keeps a received mail; undefined when its Message-ID is kept already. */
export async function insertReceivedMail(
  tx: Tx,
  mail: {
    companyId: number | null;
    accommodationId: number | null;
    bookId: number | null;
    messageId: string | null;
    title: string;
    fromAddress: string;
    body: string;
    raw: string;
    senderAuth: SenderAuth | null;
  },
): Promise<number | undefined> {
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`insert into received_mails (company_id, accommodation_id, book_id, message_id, title, from_address, body, raw,
        sender_auth)
      values (${mail.companyId}, ${mail.accommodationId}, ${mail.bookId}, ${mail.messageId}, ${mail.title},
        ${mail.fromAddress}, ${mail.body}, ${mail.raw}, ${mail.senderAuth === null ? null : JSON.stringify(mail.senderAuth)}::jsonb)
      on conflict (message_id) do nothing returning id`,
  );
  return row?.id;
}

/** The guest's mails linked to a booking, newest first (the booking's mail thread, issue 32). */
export function receivedMailsOfBooking(tx: Tx, bookId: number) {
  return sqlRows<{ id: number; title: string; body: string; from_address: string; created_at: string }>(
    tx,
    sql`select r.id, r.title, r.body, r.from_address,
        to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from received_mails r where r.book_id = ${bookId} order by r.created_at desc, r.id desc`,
  );
}

/** What a reply to the mail threads on: its Message-ID and the message as received. */
export async function replySource(tx: Tx, id: number) {
  const [row] = await sqlRows<{ message_id: string | null; raw: string | null }>(
    tx,
    sql`select message_id, raw from received_mails where id = ${id}`,
  );
  return row;
}
