import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';
import { tokyoIso } from './bookingJson';
import type { RegisterBooking } from './guestRegister';

/**
 * The links of the guest's pre-check-in (issue 30): kept by the SHA-256 of their token, valid until
 * the end of the booking's check-out day in Tokyo.
 */

/** Keeps a new link of a booking; answers when it expires (the end of the check-out day, Tokyo). */
export async function insertCheckinLink(tx: Tx, tokenHash: string, bookingId: number, endDate: string) {
  const rows = await sqlRows<{ expires_at: string }>(
    tx,
    sql`insert into checkin_links (token_hash, booking_id, expires_at)
    values (${tokenHash}, ${bookingId}, ((${endDate}::date + 1)::timestamp at time zone 'Asia/Tokyo'))
    returning ${sql.raw(tokyoIso('expires_at'))} as expires_at`,
  );
  return rows[0]!.expires_at;
}

/** The stay a link opens, with what its page shows: none when unknown, expired or cancelled. */
export interface LinkedStay extends RegisterBooking {
  accommodation_name: string;
  company_id: number;
  sent_at: string | null;
}

export async function findLinkedStay(tx: Tx, tokenHash: string, lock = false) {
  const rows = await sqlRows<LinkedStay>(
    tx,
    sql`select b.id, b.accommodation_id, b.person_number, b.start_date::text, b.end_date::text, b.delete_flg,
      b.stay_status, ${sql.raw(tokyoIso('b.checked_in_at'))} as checked_in_at,
      ${sql.raw(tokyoIso('b.checked_out_at'))} as checked_out_at, a.name as accommodation_name, a.company_id,
      (select ${sql.raw(tokyoIso('max(o.submitted_at)'))} from checkin_links o where o.booking_id = b.id) as sent_at
    from checkin_links l join bookings b on b.id = l.booking_id join accommodations a on a.id = b.accommodation_id
    where l.token_hash = ${tokenHash} and l.expires_at > now() and b.delete_flg = 0
    ${lock ? sql`for update of b` : sql``}`,
  );
  return rows[0];
}

/** Notes that the guest sent the register through this link. */
export async function markSubmitted(tx: Tx, tokenHash: string) {
  await tx.execute(sql`update checkin_links set submitted_at = now() where token_hash = ${tokenHash}`);
}

/** Every guest of a booking removed (the guest's page sends the whole list anew); their copies go with them. */
export async function deleteGuestsOf(tx: Tx, bookingId: number) {
  await tx.execute(sql`delete from booking_guests where booking_id = ${bookingId}`);
}

/** Links past their day, kept a week for nothing: removed now and then. */
export async function deleteExpiredLinks(tx: Tx) {
  await tx.execute(sql`delete from checkin_links where expires_at < now() - interval '7 days'`);
}
