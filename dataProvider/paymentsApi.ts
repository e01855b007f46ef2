import type { Booking } from '../contract/booking';
import type { Payment, PaymentCreate, RefundAnswer, RefundBody } from '../contract/payment';
import { apiUrl } from './config';
import { httpClient } from './httpClient';

/**
 * The money calls of spec section 7: payments of a booking, the refund of a cancelled one, and the
 * dashboard's unpaid and refund-needed lists. Screens call these, never the paths themselves.
 */

export async function createPayment(body: PaymentCreate): Promise<Payment> {
  return (await httpClient<Payment>(apiUrl('/payments'), { method: 'POST', body })).json;
}

/** 204; 409 for a card settlement's payment (transaction_id). */
export async function deletePayment(paymentId: number): Promise<void> {
  await httpClient(apiUrl(`/payments/${paymentId}`), { method: 'DELETE' });
}

/**
 * Refunds a cancelled booking. `idempotencyKey` is made once per refund the user means (one dialog,
 * one row) and sent again on a retry: the server then answers the first refund instead of a second.
 */
export async function refundBooking(body: RefundBody, idempotencyKey: string): Promise<RefundAnswer> {
  return (
    await httpClient<RefundAnswer>(apiUrl('/admin/payments/refund'), {
      method: 'PATCH',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).json;
}

/** Official bookings still unpaid 24 hours after they were made. */
export async function listUnpaidBooks(): Promise<Booking[]> {
  return (await httpClient<{ books: Booking[] }>(apiUrl('/admin/books/unpaid'))).json.books;
}

/** Cancelled bookings that still hold money: the refunds to make. */
export async function listRefundsNeeded(): Promise<Booking[]> {
  return (await httpClient<{ books: Booking[] }>(apiUrl('/admin/books/deleted/paid'))).json.books;
}

/** A fresh key for one refund the user means. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
