import { randomUUID } from 'node:crypto';
import {
  overpaidOf,
  paymentMessages,
  refundAmountError,
  refundLeft,
  refundLimit,
  refundTargetError,
  type Payment,
  type PaymentAnswer,
  type RefundAnswer,
  type RefundBody,
} from '../../contract/payment';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/pgErrors';
import * as q from '../db/queries/payments';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { audit, type AuditEntry } from './audit';
import { queueTemplateMail } from './bookMail';
import type { CurrentUser } from './auth';
import { SEND_TYPE } from '../../contract/enums';

export interface PaymentInput {
  payment_exe_date?: string | null;
  book_id: number;
  amount: number;
  pay_type: number;
  mail?: 0 | 1;
}

const MAX_KEY_LENGTH = 200;

/** The Idempotency-Key header as the refund uses it: absent, a key of its own; 1–200 characters, else 400. */
export function idempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined) return randomUUID();
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) {
    throw badRequest(paymentMessages.idempotencyKey, { 'Idempotency-Key': paymentMessages.idempotencyKey });
  }
  return key;
}

/** What the history says of a payment. */
const paymentTrail = (p: Payment) => ({ amount: p.amount, pay_type: p.pay_type, payment_exe_date: p.payment_exe_date });

/** What the history says of the payment a refund is made from. */
const refundTrail = (t: q.RefundTarget) => ({
  id: t.id,
  payment_exe_date: t.payment_exe_date,
  pay_type: t.pay_type,
  amount: t.amount,
});

/**
 * After a write of money: the booking's paid amount computed again, and the audit row of the change
 * with the paid amount before and after it. Answers the new paid amount.
 */
async function paidAgain(
  tx: Tx,
  user: CurrentUser,
  booking: { id: number; accommodation_id: number; price: number },
  change: Pick<AuditEntry, 'action' | 'target' | 'targetId'> & { before?: object; after?: object },
): Promise<number> {
  const paid = await q.recomputePaid(tx, booking.id);
  await audit(tx, user, {
    ...change,
    booking,
    before: { ...change.before, price: booking.price },
    after: { ...change.after, price: paid },
  });
  return paid;
}

const mismatch = () => new AppError(422, 'idempotency_mismatch', paymentMessages.idempotencyMismatch);

/**
 * Payments and refunds (spec 4 "Payment", 7 "Payments", the refund call). The booking's paid amount
 * (`price`) is always the dated payments less the refunds (a provisional settlement is not money
 * received, issue 19): every write recomputes it in its transaction, under the lock of the booking row.
 */
export class PaymentService {
  constructor(private readonly db: Db) {}

  /**
   * Registers a payment; without payment_exe_date it is a provisional settlement. A payment above
   * what the booking owes is taken (a deposit, money really received: issue 32), and the answer says
   * what the booking now holds beyond its bill, the refund to make (`overpaid`).
   */
  async create(user: CurrentUser, input: PaymentInput): Promise<PaymentAnswer> {
    return this.db.transaction(async (tx) => {
      const booking = await q.lockBookingMoney(tx, input.book_id, user.accommodationIds);
      if (!booking) throw notFound();
      if (booking.delete_flg === 1) throw conflict(paymentMessages.cancelled);
      const payment = await q.insertPayment(tx, {
        bookId: booking.id,
        paymentExeDate: input.payment_exe_date ?? null,
        amount: input.amount,
        payType: input.pay_type,
        mail: input.mail ?? 0,
        createdBy: user.id,
      });
      const paid = await paidAgain(tx, user, booking, {
        action: 'create',
        target: 'payment',
        targetId: payment.id,
        after: paymentTrail(payment),
      });
      // With mail = 1 the payment confirmation mail (send type 11), once per payment, with the payment.
      if (input.mail === 1) {
        await queueTemplateMail(tx, {
          bookId: booking.id,
          sendType: SEND_TYPE.paymentConfirmed,
          dedupeKey: `payment:${payment.id}`,
          createdBy: user.id,
        });
      }
      return { ...payment, overpaid: overpaidOf({ ...booking, price: paid }) };
    });
  }

  /**
   * Deletes a payment as the spec says (gone from the booking's payments and its paid amount), but
   * keeps its row marked void with who and when; a card settlement's (transaction_id) stays: 409.
   */
  async delete(user: CurrentUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await q.findPayment(tx, id, user.accommodationIds);
      if (!found) throw notFound();
      const booking = await q.lockBookingMoney(tx, found.book_id, user.accommodationIds);
      if (!booking) throw notFound();
      if (booking.delete_flg === 1) throw conflict(paymentMessages.cancelled);
      // Read again under the lock: a concurrent delete may have removed it meanwhile.
      const payment = await q.findPayment(tx, id, user.accommodationIds);
      if (!payment) throw notFound();
      if (payment.transaction_id !== null) throw conflict(paymentMessages.hasTransaction);
      if ((await q.paidWithout(tx, payment.book_id, payment.id)) < 0) throw conflict(paymentMessages.belowRefunded);
      await q.voidPayment(tx, payment.id, user.id);
      await paidAgain(tx, user, booking, {
        action: 'void',
        target: 'payment',
        targetId: payment.id,
        before: paymentTrail(payment),
      });
    });
  }

  /**
   * Refunds a booking once per idempotency key: a cancelled one up to what it holds beyond its
   * cancellation fee, a live one up to what it holds beyond its bill (its excess, issue 32). The booking row is locked before the key
   * is looked up, so that identical requests run one after the other and the later ones find the
   * first refund; the unique index on the key is the last guard (two bookings, one key).
   */
  async refund(user: CurrentUser, body: RefundBody, key: string): Promise<RefundAnswer> {
    try {
      return await this.db.transaction((tx) => this.refundOnce(tx, user, body, key));
    } catch (error) {
      if (!isUniqueViolation(error, 'refunds_idempotency_key')) throw error;
      const first = await q.findRefundByKey(this.db, key);
      if (!first) throw error;
      return this.replay(first, body, await q.paidOf(this.db, first.book_id));
    }
  }

  private async refundOnce(tx: Tx, user: CurrentUser, body: RefundBody, key: string): Promise<RefundAnswer> {
    const booking = await q.lockBookingMoney(tx, body.book_id, user.accommodationIds);
    if (!booking) throw notFound();
    const first = await q.findRefundByKey(tx, key);
    if (first) return this.replay(first, body, booking.price);
    // The payment named must be a dated payment of this booking, not deleted.
    const named = body.payment_id == null ? undefined : await q.findRefundTarget(tx, body.payment_id);
    if (body.payment_id != null) {
      const wrong = !named || named.book_id !== booking.id || named.voided;
      const refused = wrong
        ? paymentMessages.refundPayment
        : named.payment_exe_date
          ? null
          : paymentMessages.refundPaymentProvisional;
      if (refused) throw badRequest(refused, { payment_id: refused });
    }
    // At most what was received (not a provisional settlement) less refunds and what the house keeps:
    // a cancelled booking its cancellation fee, a live one its bill (issue 32).
    const limit = refundLimit(await q.refundMoney(tx, booking.id), booking);
    const refused = refundAmountError(body.refund_amount, limit);
    if (refused) throw badRequest(refused, { refund_amount: refused });
    // And at most what is left of the payment named; unnamed, the latest dated payment that covers it.
    const target = named ?? (await q.refundTargetsOf(tx, booking.id)).find((t) => refundLeft(t) >= body.refund_amount);
    if (named) {
      const over = refundTargetError(body.refund_amount, named);
      if (over) throw badRequest(over, { refund_amount: over });
    }
    const refund = await q.insertRefund(tx, {
      bookId: booking.id,
      paymentId: target?.id ?? null,
      amount: body.refund_amount,
      key,
      createdBy: user.id,
    });
    const price = await paidAgain(tx, user, booking, {
      action: 'refund',
      target: 'refund',
      targetId: refund.id,
      // The payment refunded, as the history names it (対象の入金).
      after: { refund_amount: refund.amount, ...(target ? { payment: refundTrail(target) } : {}) },
    });
    return { refund, price };
  }

  /** The answer to a key already used: the first refund, if the request is the same one. */
  private replay(first: RefundAnswer['refund'], body: RefundBody, price: number): RefundAnswer {
    const otherPayment = body.payment_id != null && body.payment_id !== first.payment_id;
    if (first.book_id !== body.book_id || first.amount !== body.refund_amount || otherPayment) throw mismatch();
    return { refund: first, price };
  }
}
