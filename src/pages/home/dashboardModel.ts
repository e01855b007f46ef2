import { billOf, type Booking } from '../../../contract/booking';
import { addDays } from '../../../contract/dates';
import type { BookListParams } from '../../../dataProvider/methods/bookings';

/**
 * What the home dashboard (spec section 2 "Home dashboard") computes from the bookings, without
 * React: which of today's stays leave, stay on or arrive, and the windows it asks the API for. The
 * refund form's rules are the bookings domain's (resources/bookings/refund/refundModel.ts).
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
