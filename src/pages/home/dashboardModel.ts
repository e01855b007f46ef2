import { billOf, type Booking } from '../../../contract/booking';
import { addDays } from '../../../contract/dates';
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
import type { BookListParams } from '../../../dataProvider/methods/bookings';

/**
 * What the home dashboard (spec section 2 "Home dashboard") computes from the bookings, without
 * React: which of today's stays leave, stay on or arrive, the windows it asks the API for, and the
 * refund amount rules (spec 5 "Refund amount", section 9).
 */

/** How far ahead the unpaid bookings table looks. */
export const UNPAID_DAYS_AHEAD = 365;

/**
 * Today's plans in one call. With `with_consecutive` the list holds every stay with
 * start_date <= stay_end_date and end_date > stay_start_date; starting the window yesterday keeps
 * today's check-outs (end_date = today) in it.
 */
export function todayPlansQuery(today: string): BookListParams {
  return { stay_start_date: addDays(today, -1), stay_end_date: today, with_consecutive: true };
}

/**
 * The unpaid bookings table: live bookings with a balance whose stay is not over before today
 * (guests still in the house and today's check-outs included), up to a year ahead.
 */
export function unpaidQuery(today: string): BookListParams {
  return {
    not_paid_only: true,
    stay_start_date: addDays(today, -1),
    stay_end_date: addDays(today, UNPAID_DAYS_AHEAD),
    with_consecutive: true,
  };
}

export interface TodayPlans {
  checkOuts: Booking[];
  stays: Booking[];
  checkIns: Booking[];
}

const byStart = (a: Booking, b: Booking) =>
  a.accommodation_id - b.accommodation_id || a.room_id - b.room_id || a.id - b.id;

/** Live bookings leaving today, staying on through today and arriving today. */
export function splitTodayPlans(books: readonly Booking[], today: string): TodayPlans {
  const live = books.filter((b) => b.delete_flg !== 1).sort(byStart);
  return {
    checkOuts: live.filter((b) => b.end_date === today),
    stays: live.filter((b) => b.start_date < today && today < b.end_date),
    checkIns: live.filter((b) => b.start_date === today),
  };
}

/**
 * Live bookings that still owe money and whose stay is not over before today. The paid amount
 * (`price`) counts dated payments only: a booking with only a provisional settlement (仮決済) owes.
 */
export function unpaidBookings(books: readonly Booking[], today: string): Booking[] {
  return books.filter((b) => b.delete_flg !== 1 && b.price < billOf(b) && b.end_date >= today);
}

/** A transfer deadline that has passed (the day itself still counts as in time). */
export function isOverdue(paymentLimitDate: string | null, today: string): boolean {
  return paymentLimitDate !== null && paymentLimitDate < today;
}

/** What a refund of the booking may give back (contract/payment.ts refundLimitOf). */
export type RefundBooking = Pick<Booking, 'price' | 'cancel_fee' | 'payments' | 'refunds'>;

/**
 * The payments a refund may name (dated ones, latest first) and the one the form starts with: the
 * latest dated payment with money left to refund (issue 19).
 */
export function refundChoices(booking: RefundBooking): { targets: RefundTarget[]; initial: RefundTarget | undefined } {
  const targets = refundTargetsOf(booking);
  return { targets, initial: defaultRefundTarget(targets) };
}

/**
 * The amount offered for a refund: what was received less refunds and the cancellation fee (its
 * limit), and at most what is left of the payment named, never below the smallest refund (1円).
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
