import type { Booking } from '../../../contract/booking';
import {
  defaultRefundTarget,
  refundAmountError,
  refundBounds,
  refundLeft,
  refundLimitOf,
  refundTargetError,
  refundTargetsOf,
  type RefundLimit,
  type RefundTarget,
} from '../../../contract/payment';

/**
 * The refund form's rules without React (spec 5 "Refund amount", section 9; issues 19 and 32): the
 * payments it may name, the amount it offers, and the message under the amount. The limit itself is
 * the contract's (contract/payment.ts refundLimit), the server's check too.
 */

/** What a refund of the booking depends on: its money, and cancelled or live (fee or bill kept). */
export type RefundBooking = Pick<
  Booking,
  'price' | 'cancel_fee' | 'payments' | 'refunds' | 'delete_flg' | 'price_sub' | 'tax_due'
>;

/**
 * The payments a refund may name (dated ones, latest first) and the one the form starts with: the
 * latest dated payment with money left to refund (issue 19).
 */
export function refundChoices(booking: RefundBooking): { targets: RefundTarget[]; initial: RefundTarget | undefined } {
  const targets = refundTargetsOf(booking);
  return { targets, initial: defaultRefundTarget(targets) };
}

/**
 * The amount offered for a refund: the booking's limit (received less refunds and the cancellation
 * fee, or a live booking's excess), at most what is left of the payment named, never below the
 * smallest refund (1円).
 */
export function defaultRefundAmount(
  booking: RefundBooking,
  target: RefundTarget | undefined = refundChoices(booking).initial,
): number {
  const { min, max } = refundBounds(refundLimitOf(booking));
  return Math.max(target ? Math.min(max, refundLeft(target)) : max, min);
}

/** The typed amount as a number: digits (with or without separators) only, else NaN. */
export function parseAmount(text: string): number {
  const value = text.replace(/[,，\s]/g, '');
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The message under the refund amount, or null when the 返金 button may be pressed: the booking's
 * limit, then (when the form names payments) the limit of the payment chosen; null: none chosen.
 */
export function refundInputError(text: string, limit: RefundLimit, target?: RefundTarget | null): string | null {
  const amount = parseAmount(text);
  const overall = refundAmountError(amount, limit);
  if (overall !== null || target === undefined) return overall;
  return refundTargetError(amount, target ?? undefined);
}
