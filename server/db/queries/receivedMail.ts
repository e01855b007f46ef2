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
