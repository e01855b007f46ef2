import { billOf, bookingPaymentSchema, bookingRefundSchema, type Booking } from './booking';
import { PAY_TYPE_CODES } from './enums';
import { isoDate } from './params';
import { requiredMessage } from './fieldRules';
import { z } from './zod';

/**
 * Payments and refunds (spec sections 3 "Payment", 4 "Payment", 5 "Payment registration" and
 * "Refund amount", 7 "Payments" and the refund call). A booking's paid amount (`price`) is always
 * the sum of its payments with a payment date less its refunds (a provisional settlement, 仮決済, is
 * not money received: issue 19); the server keeps it so in the same transaction.
 */

/** Largest single payment or refund, yen. */
export const MAX_PAYMENT = 100_000_000;

export const paymentMessages = {
  /** Spec 5: amount and payment method must both be nonzero numbers. */
  amount: '金額を入力してください',
  amountRange: `金額は1円以上${MAX_PAYMENT.toLocaleString('ja-JP')}円以下の整数で入力してください`,
  payType: '支払方法を選択してください',
  date: '入金日を正しく入力してください（例：2026-04-01）',
  book: '予約を指定してください',
  /** 409: a card settlement's payment stays (spec 4). */
  hasTransaction: 'カード決済の入金は削除できません',
  /** 409: removing it would leave less paid than was already refunded. */
  belowRefunded: '返金済みの金額を下回るため、この入金は削除できません',
  /** Spec 5 "Refund amount": more than 0, at most what was paid. */
  refundAmount: (max: number) => `返金額は1円以上${max.toLocaleString('ja-JP')}円以下で入力してください`,
  /** 409: a cancelled booking takes no payment and keeps its payments; money goes back by refund. */
  cancelled: 'キャンセル済みの予約の入金は登録・削除できません（返金を登録してください）',
  refundNothingPaid: 'この予約には返金できる入金がありません',
  /** The payment a refund names: unknown, of another booking, or deleted (issue 19). */
  refundPayment: '返金する入金を選択してください',
  refundPaymentProvisional: '仮決済の入金からは返金できません（入金日のある入金を選択してください）',
  /** 422: the same Idempotency-Key sent with another body. */
  idempotencyMismatch: '同じ操作キーで異なる内容の返金が送信されました。画面を更新してから再度お試しください。',
  idempotencyKey: '操作キー（Idempotency-Key）は1〜200文字で指定してください',
} as const;

const positiveYen = (required: string) =>
  z
    .number({ error: requiredMessage(required) })
    .int(paymentMessages.amountRange)
    .min(1, paymentMessages.amountRange)
    .max(MAX_PAYMENT, paymentMessages.amountRange);

/** 0/1 flag as the console sends it (a boolean is read too). */
const flag = z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]);

/** POST /api/payments (spec 7). Without payment_exe_date it is a provisional settlement. */
export const paymentCreateSchema = z.object({
  payment_exe_date: isoDate(paymentMessages.date).nullable().optional(),
  book_id: z
    .number({ error: requiredMessage(paymentMessages.book) })
    .int()
    .positive(paymentMessages.book),
  amount: positiveYen(paymentMessages.amount),
  pay_type: z
    .number({ error: requiredMessage(paymentMessages.payType) })
    .int(paymentMessages.payType)
    .refine((v) => (PAY_TYPE_CODES as readonly number[]).includes(v), paymentMessages.payType),
  /** 1: send the payment confirmation mail (send type 11). */
  mail: flag.optional(),
});
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

/** A payment as the API answers it: the shape of the booking's payments list. */
export const paymentSchema = bookingPaymentSchema;
export type Payment = z.infer<typeof paymentSchema>;

/**
 * POST /api/payments answers the payment and what the booking now holds beyond its bill (issue 32):
 * a payment above what is owed is taken, never refused (a deposit, money really received), and the
 * answer says the excess to give back (`overpaid`, 0 when none).
 */
export const paymentAnswerSchema = paymentSchema.extend({ overpaid: z.number().int() });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** PATCH /api/admin/payments/refund; send an Idempotency-Key header so that a retry refunds once. */
export const refundBodySchema = z.object({
  refund_amount: positiveYen(paymentMessages.amount),
  /**
   * The payment refunded from (a dated payment of the booking): the refund is capped by what is left
   * of it. Absent (the spec's body), the server names the latest dated payment that covers it.
   */
  payment_id: z
    .number({ error: paymentMessages.refundPayment })
    .int(paymentMessages.refundPayment)
    .positive(paymentMessages.refundPayment)
    .nullable()
    .optional(),
  book_id: z
    .number({ error: requiredMessage(paymentMessages.book) })
    .int()
    .positive(paymentMessages.book),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A refund as the API answers it: the shape of the booking's refunds list. */
export const refundSchema = bookingRefundSchema;
export type Refund = z.infer<typeof refundSchema>;

/** The refund recorded (the first one for a repeated key) and the booking's paid amount after it. */
export const refundAnswerSchema = z.object({ refund: refundSchema, price: z.number().int() });
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/**
 * What a refund of a booking may give back: the money received less the refunds already made and
 * what the house keeps. A cancelled booking keeps its cancellation fee (issue 19); a live booking
 * keeps its bill, so that only its excess, what `overpaidOf` reports, goes back (issue 32). A
 * provisional settlement (a payment without payment_exe_date, spec 4) is not money received.
 */
export interface RefundLimit {
  /** Payments with a payment date, yen. */
  received: number;
  refunded: number;
  /** The cancellation fee chosen when cancelling (0 when none, and on a live booking). */
  fee: number;
  /** A live booking's bill (its total and the taxes collected apart); null: the booking is cancelled. */
  bill: number | null;
  /** The largest refund: received − refunded − (fee or bill), never below 0. */
  max: number;
}

/** What of a booking decides its refund limit: cancelled or not, and a live booking's bill. */
export type RefundBookingState = Pick<Booking, 'delete_flg' | 'price_sub' | 'tax_due'>;

/**
 * The one refund limit (the server's check and the console's form): a cancelled booking at most
 * what it holds beyond its cancellation fee, a live booking at most what it holds beyond its bill.
 */
export function refundLimit(
  money: { received: number; refunded: number; fee: number | null },
  booking: RefundBookingState,
): RefundLimit {
  const cancelled = booking.delete_flg === 1;
  const fee = cancelled ? (money.fee ?? 0) : 0;
  const bill = cancelled ? null : billOf(booking);
  return {
    received: money.received,
    refunded: money.refunded,
    fee,
    bill,
    max: Math.max(0, money.received - money.refunded - (bill ?? fee)),
  };
}

const sumOf = (rows: readonly { amount: number }[]) => rows.reduce((total, r) => total + r.amount, 0);

/**
 * The same from a booking as the API answers it: its paid amount (`price`, the dated payments less
 * the refunds) plus the refunds is the money received.
 */
export function refundLimitOf(
  booking: RefundBookingState & { price: number; cancel_fee: number | null; refunds: readonly { amount: number }[] },
): RefundLimit {
  const refunded = sumOf(booking.refunds);
  return refundLimit({ received: booking.price + refunded, refunded, fee: booking.cancel_fee }, booking);
}

/**
 * The paid amount as staff see it (issue 19): what the house holds, the stored paid amount (dated
 * payments less refunds); a provisional settlement (spec 4) is shown beside it, not counted in it.
 */
export function paidShown(booking: {
  price: number;
  payments: readonly { amount: number; payment_exe_date: string | null }[];
}): { held: number; provisional: number } {
  return { held: booking.price, provisional: sumOf(booking.payments.filter((p) => !p.payment_exe_date)) };
}

/** A payment as a refund names it: what it was and what was refunded against it already. */
export interface RefundTarget {
  id: number;
  amount: number;
  pay_type: number;
  payment_exe_date: string | null;
  /** Refunds already made against this payment, yen. */
  refunded: number;
}

/** What may still be refunded from one payment: its amount less the refunds made against it. */
export const refundLeft = (target: Pick<RefundTarget, 'amount' | 'refunded'>) =>
  Math.max(0, target.amount - target.refunded);

/**
 * The payments a refund of the booking may name: dated ones (a provisional settlement is not money
 * received), latest payment date first, each with the refunds made against it.
 */
export function refundTargetsOf(booking: {
  payments: readonly { id: number; amount: number; pay_type: number; payment_exe_date: string | null }[];
  refunds: readonly { amount: number; payment_id: number | null }[];
}): RefundTarget[] {
  return booking.payments
    .filter((p) => p.payment_exe_date)
    .map((p) => ({
      id: p.id,
      amount: p.amount,
      pay_type: p.pay_type,
      payment_exe_date: p.payment_exe_date,
      refunded: sumOf(booking.refunds.filter((r) => r.payment_id === p.id)),
    }))
    .sort((a, b) => (b.payment_exe_date ?? '').localeCompare(a.payment_exe_date ?? '') || b.id - a.id);
}

/** The payment a refund names unless told otherwise: the latest dated one with money left to refund. */
export function defaultRefundTarget(targets: readonly RefundTarget[], amount = 1): RefundTarget | undefined {
  return targets.find((t) => refundLeft(t) >= Math.max(1, amount));
}

const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

/** 入金50,000円 − 返金済み10,000円 − キャンセル料17,100円 (or − 請求額62,000円): how the maximum is reached. */
function limitTerms(limit: RefundLimit, separator = ' − '): string {
  const terms = [`入金${yen(limit.received)}`];
  if (limit.refunded > 0) terms.push(`返金済み${yen(limit.refunded)}`);
  if (limit.bill !== null) terms.push(`請求額${yen(limit.bill)}`);
  else if (limit.fee > 0) terms.push(`キャンセル料${yen(limit.fee)}`);
  return terms.join(separator);
}

/**
 * The maximum as the refund shows it before anything is typed, and as a refusal says it; a live
 * booking's names its excess (過入金) and what it is measured against.
 */
export function refundLimitText(limit: RefundLimit): string {
  if (limit.bill !== null) {
    return limit.max > 0
      ? `返金できるのは過入金の${yen(limit.max)}までです（${limitTerms(limit)}）`
      : `過入金がないため返金できません（${limitTerms(limit, '、')}）`;
  }
  return limit.max > 0
    ? `返金できるのは${yen(limit.max)}までです（${limitTerms(limit)}）`
    : `返金できる金額はありません（${limitTerms(limit)}）`;
}

/** How much a refund may be (spec 5 "Refund amount"): more than 0 and at most its limit. */
export function refundBounds(limit: RefundLimit): { min: number; max: number } {
  return { min: 1, max: limit.max };
}

export function refundAmountError(amount: number, limit: RefundLimit): string | null {
  const { min, max } = refundBounds(limit);
  if (limit.received - limit.refunded <= 0) return paymentMessages.refundNothingPaid;
  if (max < min) return refundLimitText(limit);
  if (!Number.isInteger(amount) || amount < min) return paymentMessages.refundAmount(max);
  return amount <= max ? null : refundLimitText(limit);
}

/** この入金から返金できるのは20,000円までです（入金50,000円 − 返金済み30,000円）: one payment's limit. */
export function refundTargetText(target: Pick<RefundTarget, 'amount' | 'refunded'>): string {
  const terms = [`入金${yen(target.amount)}`];
  if (target.refunded > 0) terms.push(`返金済み${yen(target.refunded)}`);
  const left = refundLeft(target);
  return left > 0
    ? `この入金から返金できるのは${yen(left)}までです（${terms.join(' − ')}）`
    : `この入金から返金できる金額はありません（${terms.join(' − ')}）`;
}

/**
 * A refund from one payment (issue 19): a dated payment, at most its amount less the refunds made
 * against it. The booking's own limit (refundAmountError) is checked first.
 */
export function refundTargetError(amount: number, target: RefundTarget | undefined): string | null {
  if (!target) return paymentMessages.refundPayment;
  if (!target.payment_exe_date) return paymentMessages.refundPaymentProvisional;
  return amount <= refundLeft(target) ? null : refundTargetText(target);
}

/** A booking's paid amount: its dated payments less its refunds (a provisional settlement is not paid). */
export function paidAmount(booking: {
  payments: readonly { amount: number; payment_exe_date: string | null }[];
  refunds: readonly { amount: number }[];
}) {
  return sumOf(booking.payments.filter((p) => p.payment_exe_date)) - sumOf(booking.refunds);
}

/**
 * What a booking holds beyond its bill (issue 32): its paid amount (`price`: dated payments less
 * refunds) less the bill (`billOf`: the total and the taxes collected apart), 0 when it holds no
 * more. A live booking's excess is a refund to make (refundLimit's maximum for it); the dashboard's
 * 過入金 list asks the same of the database (server/db/queries/bookings.ts, `price > price_sub +
 * tax_due`). A cancelled booking's money is measured against its cancellation fee instead.
 */
export function overpaidOf(booking: Pick<Booking, 'price' | 'price_sub' | 'tax_due'>): number {
  return Math.max(0, booking.price - billOf(booking));
}

/**
 * What the booking would hold beyond its bill once a payment is registered: only a dated payment is
 * money received (a provisional settlement counts nowhere, issue 19), so only it adds to the excess.
 */
export function overpaidAfter(
  booking: Pick<Booking, 'price' | 'price_sub' | 'tax_due'>,
  payment: { amount: number; payment_exe_date?: string | null },
): number {
  const received = payment.payment_exe_date ? payment.amount : 0;
  return overpaidOf({ ...booking, price: booking.price + received });
}
