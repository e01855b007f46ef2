import {
  billOf,
  type Booking,
  type BookingOption,
  type BookingPayment,
  type BookingRefund,
} from '../../contract/booking';
import { PAYMENT_FORM_PAY_TYPES } from '../../contract/enums';
import {
  bookingOptionCreateSchema,
  bookingOptionMessages,
  optionLineTotal,
  type AccommodationOption,
  type BookingOptionCreate,
  type BookingOptionUpdate,
} from '../../contract/option';
import { overpaidAfter, paymentCreateSchema, paymentMessages, type PaymentCreate } from '../../contract/payment';
import { DEFAULT_DAYS } from './bookingModel';

/**
 * The money and option parts of the booking panel: the payment and booking-option forms as their
 * inputs hold them (strings), the rules of spec section 5 that turn them into API bodies, and the
 * rows the panel lists. Pure: tested without React (tests/unit/paymentModel.test.ts).
 */

export interface FieldError<F extends string> {
  field: F;
  message: string;
}
export type Prepared<B, F extends string> = { body: B; error?: undefined } | { body?: undefined; error: FieldError<F> };

/** '' → undefined (the rule's "required" message), otherwise the number typed (NaN when not one). */
function numberOf(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Spec 5: "must be a nonzero number": empty, 0 and anything not a number are all refused. */
const isNonzeroNumber = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n !== 0;

function firstIssue<F extends string>(
  result: { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
  fallback: F,
): FieldError<F> | null {
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { field: (issue?.path[0] as F | undefined) ?? fallback, message: issue?.message ?? '' };
}

// ---- Payments ------------------------------------------------------------------------------------

export interface PaymentFormValues {
  /** yyyy-MM-dd, or null: a provisional settlement (仮決済). */
  payment_exe_date: string | null;
  amount: string;
  pay_type: string;
  /** Send the payment confirmation mail (send type 11). */
  mail: boolean;
}
export type PaymentField = 'payment_exe_date' | 'amount' | 'pay_type';

/** What is still to pay: the bill (the total and the taxes collected apart) less what was paid, never below 0. */
export function balanceOf(booking: Pick<Booking, 'price' | 'price_sub' | 'tax_due'>): number {
  return Math.max(0, billOf(booking) - booking.price);
}

/**
 * What the booking would hold beyond its bill once the payment typed is registered (issue 32), by
 * the paid amount's own rule (contract/payment.ts overpaidAfter: a provisional settlement is not money
 * received); 0 while the amount is not a whole positive number or the payment leaves nothing over.
 */
export function paymentExcess(
  booking: Pick<Booking, 'price' | 'price_sub' | 'tax_due'>,
  form: Pick<PaymentFormValues, 'amount' | 'payment_exe_date'>,
): number {
  const amount = numberOf(form.amount);
  if (amount === undefined || !Number.isInteger(amount) || amount <= 0) return 0;
  return overpaidAfter(booking, { amount, payment_exe_date: form.payment_exe_date });
}

/**
 * A fresh payment form: paid today, the amount still due (empty when nothing is), the first pay type
 * of the form (spec 9) and no mail (spec 4 turns the mail on by default only for a cancellation and
 * an option payment).
 */
export function emptyPaymentForm(
  today: string,
  booking?: Pick<Booking, 'price' | 'price_sub' | 'tax_due'>,
): PaymentFormValues {
  const balance = booking ? balanceOf(booking) : 0;
  return {
    payment_exe_date: today,
    amount: balance > 0 ? String(balance) : '',
    pay_type: String(PAYMENT_FORM_PAY_TYPES[0]),
    mail: false,
  };
}

/** Spec 5 "Payment registration": amount and pay type both nonzero numbers, otherwise nothing is sent. */
export function preparePayment(bookId: number, form: PaymentFormValues): Prepared<PaymentCreate, PaymentField> {
  const amount = numberOf(form.amount);
  const payType = numberOf(form.pay_type);
  if (amount === undefined) return { error: { field: 'amount', message: paymentMessages.amount } };
  // A typed 0 (or a negative) is not "missing": say the range the amount must be in.
  if (!isNonzeroNumber(amount) || amount < 0) {
    return { error: { field: 'amount', message: paymentMessages.amountRange } };
  }
  if (!isNonzeroNumber(payType)) return { error: { field: 'pay_type', message: paymentMessages.payType } };
  const body: PaymentCreate = {
    payment_exe_date: form.payment_exe_date,
    book_id: bookId,
    amount,
    pay_type: payType,
    mail: form.mail ? 1 : 0,
  };
  const error = firstIssue<PaymentField>(paymentCreateSchema.safeParse(body), 'amount');
  return error ? { error } : { body };
}

/** Spec 4: a card settlement's payment (it has a transaction_id) stays; any other may be deleted. */
export function canDeletePayment(payment: Pick<BookingPayment, 'transaction_id'>): boolean {
  return payment.transaction_id === null;
}

/**
 * Why a payment cannot be deleted, in the order the server checks (server/services/payments.ts
 * delete): a cancelled booking keeps its payments (money goes back by refund), then a card
 * settlement's stays. null: it may be deleted.
 */
export function paymentLock(
  booking: Pick<Booking, 'delete_flg'>,
  payment: Pick<BookingPayment, 'transaction_id'>,
): 'cancelled' | 'card' | null {
  if (booking.delete_flg === 1) return 'cancelled';
  return canDeletePayment(payment) ? null : 'card';
}

/** Spec 4: a payment without payment_exe_date is a provisional settlement. */
export function isProvisional(payment: Pick<BookingPayment, 'payment_exe_date'>): boolean {
  return !payment.payment_exe_date;
}

/** A line of the panel's money list: a payment (deletable or not) or a refund (read-only). */
export type MoneyRow = { kind: 'payment'; payment: BookingPayment } | { kind: 'refund'; refund: BookingRefund };

/** Payments first as the server lists them, then the refunds of the booking in their order. */
export function moneyRows(booking: Pick<Booking, 'payments' | 'refunds'>): MoneyRow[] {
  return [
    ...booking.payments.map((payment) => ({ kind: 'payment' as const, payment })),
    ...booking.refunds.map((refund) => ({ kind: 'refund' as const, refund })),
  ];
}

// ---- Options of a booking ------------------------------------------------------------------------

export interface BookingOptionFormValues {
  option_id: string;
  unit: string;
  days: string;
  comment: string;
}
export type BookingOptionField = keyof BookingOptionFormValues;

export function emptyBookingOptionForm(): BookingOptionFormValues {
  return { option_id: '', unit: '1', days: String(DEFAULT_DAYS), comment: '' };
}

export function bookingOptionToForm(option: BookingOption): BookingOptionFormValues {
  return {
    option_id: option.option_id === null ? '' : String(option.option_id),
    unit: String(option.unit),
    days: String(option.days),
    comment: option.comment ?? '',
  };
}

/** What the option popups send: option_id is left out only when an orphan keeps its (gone) option. */
export type BookingOptionBody = Omit<BookingOptionCreate, 'option_id'> & { option_id?: number };

export const hasOptionId = (body: BookingOptionBody): body is BookingOptionCreate => body.option_id !== undefined;

/**
 * Spec 5 "Booking option form": an option must be chosen, the quantity a nonzero number; then the
 * contract's ranges and the chosen option's maximum. `original` is the option being edited: one
 * whose catalogue entry is gone (option_id null) may keep it and change the rest.
 */
export function prepareBookingOption(
  form: BookingOptionFormValues,
  catalogue: readonly Pick<AccommodationOption, 'id' | 'unit' | 'unit_max'>[],
  original?: Pick<BookingOption, 'option_id'>,
): Prepared<BookingOptionBody, BookingOptionField> {
  const keepsOrphan = original !== undefined && original.option_id === null && form.option_id === '';
  const optionId = numberOf(form.option_id);
  const unit = numberOf(form.unit);
  if (!keepsOrphan && !isNonzeroNumber(optionId)) {
    return { error: { field: 'option_id', message: bookingOptionMessages.option } };
  }
  if (!isNonzeroNumber(unit)) return { error: { field: 'unit', message: bookingOptionMessages.unit } };
  const days = numberOf(form.days) ?? DEFAULT_DAYS;
  if (!Number.isFinite(days)) return { error: { field: 'days', message: bookingOptionMessages.days } };
  const rest = {
    unit,
    days,
    comment: form.comment.trim() === '' ? null : form.comment,
  };
  const body: BookingOptionBody = keepsOrphan ? rest : { ...rest, option_id: optionId };
  const schema = keepsOrphan ? bookingOptionCreateSchema.omit({ option_id: true }) : bookingOptionCreateSchema;
  const error = firstIssue<BookingOptionField>(schema.safeParse(body), 'option_id');
  if (error) return { error };
  const chosen = catalogue.find((o) => o.id === optionId);
  if (chosen?.unit_max != null && unit > chosen.unit_max) {
    return { error: { field: 'unit', message: bookingOptionMessages.unitOverMax(chosen.unit_max, chosen.unit) } };
  }
  return { body };
}

/** Spec 4 "Booking option payment": unpaid while paid_at is empty. */
export function isOptionPaid(option: Pick<BookingOption, 'paid_at'>): boolean {
  return Boolean(option.paid_at);
}

/** The paid toggle's PATCH: paid now, or back to unsettled with null; mail 1 tells the guest. */
export function optionPaidPatch(paid: boolean, mail: boolean, now: Date): BookingOptionUpdate {
  return { paid_at: paid ? now.toISOString() : null, mail: mail ? 1 : 0 };
}

/** unit price × quantity × days, the line's total (contract rule). */
export { optionLineTotal };
