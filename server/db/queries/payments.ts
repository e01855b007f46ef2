import { sql } from 'drizzle-orm';
import type { Payment, Refund } from '../../../contract/payment';
import { sqlRows, type Tx } from '../client';
import { idList } from './ids';
import { tokyoIso } from './bookingJson';

export type MoneyRow = {
  id: number;
  accommodation_id: number;
  room_id: number;
  price: number;
  price_sub: number;
  /** Taxes collected apart from the price: with price_sub, the guest's bill (contract billOf). */
  tax_due: number;
  delete_flg: number;
};

/**
 * A booking's money columns, its row locked for the rest of the transaction: every write of a
 * payment, a refund or a booking option takes this lock first, so that the sums written after it
 * cannot race. Undefined when the booking does not exist or the user may not reach it.
 */
export async function lockBookingMoney(tx: Tx, id: number, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<MoneyRow>(
    tx,
    sql`
    select id, accommodation_id, room_id, price, price_sub, tax_due, delete_flg
    from bookings where id = ${id} and accommodation_id in (${idList(accommodationIds)}) for update`,
  );
  return rows[0];
}

/**
 * The money received of a booking `b`: its payments with a payment date, not voided (a provisional
 * settlement, 仮決済, is not money received; issue 19). Migration 0011 recomputed the stored amounts
 * with the same rule.
 */
const receivedOf = (bookId: number, except = sql``) =>
  sql`(select coalesce(sum(amount), 0)::int from payments
    where book_id = ${bookId} and voided_at is null and payment_exe_date is not null ${except})`;
const refundedOf = (bookId: number) =>
  sql`(select coalesce(sum(amount), 0)::int from refunds where book_id = ${bookId})`;

/** Writes the paid amount as it now is, the dated payments less the refunds, and answers it. */
export async function recomputePaid(tx: Tx, bookId: number): Promise<number> {
  const rows = await sqlRows<{ price: number }>(
    tx,
    sql`
    update bookings set updated_at = now(), price = ${receivedOf(bookId)} - ${refundedOf(bookId)}
    where id = ${bookId} returning price`,
  );
  return rows[0]!.price;
}

/**
 * The money a refund is measured against: payments with a payment date (a provisional settlement
 * is not money received), the refunds made and the cancellation fee. The caller holds the lock.
 */
export async function refundMoney(tx: Tx, bookId: number) {
  const rows = await sqlRows<{ received: number; refunded: number; fee: number | null }>(
    tx,
    sql`
    select ${receivedOf(bookId)} as received, ${refundedOf(bookId)} as refunded,
      (select cancel_fee from bookings where id = ${bookId}) as fee`,
  );
  return rows[0]!;
}

/** Dated payments less refunds after removing `exceptPaymentId`: what the paid amount would become. */
export async function paidWithout(tx: Tx, bookId: number, exceptPaymentId: number): Promise<number> {
  const rows = await sqlRows<{ paid: number }>(
    tx,
    sql`
    select ${receivedOf(bookId, sql`and id <> ${exceptPaymentId}`)} - ${refundedOf(bookId)} as paid`,
  );
  return rows[0]!.paid;
}

const paymentColumns = sql`id, payment_exe_date::text as payment_exe_date, book_id, amount, pay_type, mail,
  transaction_id`;

export interface NewPayment {
  bookId: number;
  paymentExeDate: string | null;
  amount: number;
  payType: number;
  mail: number;
  createdBy: number;
}

export async function insertPayment(tx: Tx, p: NewPayment): Promise<Payment> {
  const rows = await sqlRows<Payment>(
    tx,
    sql`
    insert into payments (book_id, payment_exe_date, amount, pay_type, mail, created_by)
    values (${p.bookId}, ${p.paymentExeDate}::date, ${p.amount}, ${p.payType}, ${p.mail}, ${p.createdBy})
    returning ${paymentColumns}`,
  );
  return rows[0]!;
}

/** A payment (not void) of a booking the user may reach (no lock: the caller locks the booking, then reads again). */
export async function findPayment(tx: Tx, id: number, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<Payment>(
    tx,
    sql`
    select pm.id, pm.payment_exe_date::text as payment_exe_date, pm.book_id, pm.amount, pm.pay_type, pm.mail,
      pm.transaction_id
    from payments pm join bookings b on b.id = pm.book_id
    where pm.id = ${id} and pm.voided_at is null and b.accommodation_id in (${idList(accommodationIds)})`,
  );
  return rows[0];
}

/** Takes a payment out of every sum and list; its row stays, with who and when (no money is hard-deleted). */
export async function voidPayment(tx: Tx, id: number, userId: number) {
  await tx.execute(
    sql`update payments set voided_at = now(), voided_by = ${userId}, updated_at = now() where id = ${id}`,
  );
}

const refundColumns = sql.raw(`id, book_id, payment_id, amount, ${tokyoIso('created_at')} as created_at`);

/** A payment as a refund names it: its booking, whether it is void, and what was refunded against it. */
export type RefundTarget = {
  id: number;
  book_id: number;
  amount: number;
  pay_type: number;
  payment_exe_date: string | null;
  voided: boolean;
  refunded: number;
};

const refundTargetColumns = sql`pm.id, pm.book_id, pm.amount, pm.pay_type, pm.payment_exe_date::text as payment_exe_date,
  pm.voided_at is not null as voided,
  (select coalesce(sum(rf.amount), 0)::int from refunds rf where rf.payment_id = pm.id) as refunded`;

/** The payment a refund names, whatever its booking (the caller checks it is the booking's). */
export async function findRefundTarget(tx: Tx, paymentId: number): Promise<RefundTarget | undefined> {
  const rows = await sqlRows<RefundTarget>(
    tx,
    sql`select ${refundTargetColumns} from payments pm where pm.id = ${paymentId}`,
  );
  return rows[0];
}

/** A booking's dated payments, not void, latest payment date first: what a refund may name. */
export async function refundTargetsOf(tx: Tx, bookId: number): Promise<RefundTarget[]> {
  return sqlRows<RefundTarget>(
    tx,
    sql`select ${refundTargetColumns} from payments pm
    where pm.book_id = ${bookId} and pm.voided_at is null and pm.payment_exe_date is not null
    order by pm.payment_exe_date desc, pm.id desc`,
  );
}

/** The refund recorded under an idempotency key, with what was asked then. */
export async function findRefundByKey(tx: Tx, key: string) {
  const rows = await sqlRows<Refund>(tx, sql`select ${refundColumns} from refunds where idempotency_key = ${key}`);
  return rows[0];
}

export async function insertRefund(
  tx: Tx,
  r: { bookId: number; paymentId: number | null; amount: number; key: string; createdBy: number },
): Promise<Refund> {
  const rows = await sqlRows<Refund>(
    tx,
    sql`
    insert into refunds (book_id, payment_id, amount, idempotency_key, created_by)
    values (${r.bookId}, ${r.paymentId}, ${r.amount}, ${r.key}, ${r.createdBy})
    returning ${refundColumns}`,
  );
  return rows[0]!;
}

/** The paid amount of a booking as stored. */
export async function paidOf(tx: Tx, bookId: number): Promise<number> {
  const rows = await sqlRows<{ price: number }>(tx, sql`select price from bookings where id = ${bookId}`);
  return rows[0]!.price;
}
