import { bookingPaymentSchema, bookingRefundSchema } from './booking';
import { PAY_TYPE_CODES } from './enums';
import { isoDate } from './params';
import { requiredMessage } from './fieldRules';
import { z } from './zod';

/**
 * Payments and refunds (spec sections 3 "Payment", 4 "Payment", 5 "Payment registration" and
 * "Refund amount", 7 "Payments" and the refund call). A booking's paid amount (`price`) is always
 * the sum of its payments less its refunds; the server keeps it so in the same transaction.
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
  refundNotCancelled: 'キャンセルされた予約のみ返金できます',
  /** 409: a cancelled booking takes no payment and keeps its payments; money goes back by refund. */
  cancelled: 'キャンセル済みの予約の入金は登録・削除できません（返金を登録してください）',
  refundNothingPaid: 'この予約には返金できる入金がありません',
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

/** PATCH /api/admin/payments/refund; send an Idempotency-Key header so that a retry refunds once. */
export const refundBodySchema = z.object({
  refund_amount: positiveYen(paymentMessages.amount),
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

/** How much a refund of a cancelled booking may be: more than 0 and at most what it still holds. */
export function refundBounds(paid: number): { min: number; max: number } {
  return { min: 1, max: Math.max(0, paid) };
}

export function refundAmountError(amount: number, paid: number): string | null {
  const { min, max } = refundBounds(paid);
  if (max < min) return paymentMessages.refundNothingPaid;
  return Number.isInteger(amount) && amount >= min && amount <= max ? null : paymentMessages.refundAmount(max);
}

/** A booking's paid amount: its payments less its refunds. */
export function paidAmount(booking: {
  payments: readonly { amount: number }[];
  refunds: readonly { amount: number }[];
}) {
  const sum = (rows: readonly { amount: number }[]) => rows.reduce((total, r) => total + r.amount, 0);
  return sum(booking.payments) - sum(booking.refunds);
}
