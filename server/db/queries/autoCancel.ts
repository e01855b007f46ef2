import { sql, type SQL } from 'drizzle-orm';
import { VIA } from '../../../contract/enums';
import { sqlRows, type Tx } from '../client';
import type { StayRow } from './bookings';

/**
 * The bookings the automatic cancel takes (docs/decisions.md "Automatic cancel of unpaid
 * bookings"): live; of an accommodation that asked for it (auto_cancel_unpaid); a transfer deadline
 * that is past, the deadline day itself being the guest's (payment_limit_date < today, Tokyo); a
 * stay still ahead (start_date > today: a guest who came may have paid at the desk); something to
 * pay (price_sub > 0); not an external channel's (via 1: the channel owns its bookings); and no money
 * received: no dated payment that is not void. A provisional settlement (仮決済, no
 * payment_exe_date) is not money received. Read from the payments themselves, not from
 * bookings.price, so the rule holds whatever the paid amount counts.
 */
function dueWhere(today: string): SQL {
  return sql`b.delete_flg = 0 and a.auto_cancel_unpaid
    and b.via <> ${VIA.channel}
    and b.payment_limit_date is not null and b.payment_limit_date < ${today}::date
    and b.start_date > ${today}::date
    and b.price_sub > 0
    and not exists (select 1 from payments p
      where p.book_id = b.id and p.voided_at is null and p.payment_exe_date is not null)`;
}

/** The ids due, oldest deadline first, at most `limit` (the rest wait for the next turn). */
export async function bookingsDueForAutoCancel(tx: Tx, today: string, limit: number): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select b.id from bookings b join accommodations a on a.id = b.accommodation_id
      where ${dueWhere(today)}
      order by b.payment_limit_date, b.id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * A booking due, its row locked for the rest of the transaction, or nothing. The lock comes first
 * and the rule is read again after it, in its own statement: a payment or a cancel that committed
 * while this waited (each takes the booking's row lock first) is seen, so a booking is never
 * cancelled twice nor after its money came. With the company, whose audit trail the cancel joins.
 */
export async function lockDueForAutoCancel(
  tx: Tx,
  id: number,
  today: string,
): Promise<(StayRow & { company_id: number }) | undefined> {
  const locked = await sqlRows<{ id: number }>(
    tx,
    sql`select id from bookings where id = ${id} and delete_flg = 0 for update`,
  );
  if (locked.length === 0) return undefined;
  const rows = await sqlRows<StayRow & { company_id: number }>(
    tx,
    sql`
    select b.id, b.accommodation_id, b.room_id, b.plan_id, b.start_date::text as start_date, b.days, b.person_number,
           b.price_sub, b.delete_flg, b.name, b.mail, b.tel, b.address, b.job, b.mini_memo, b.memo,
           b.payment_limit_date::text as payment_limit_date, b.cancel_fee, a.company_id
    from bookings b join accommodations a on a.id = b.accommodation_id
    where b.id = ${id} and ${dueWhere(today)}`,
  );
  return rows[0];
}
