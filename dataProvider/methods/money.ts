import type { Booking, BookingOption } from '../../contract/booking';
import type { BookingOptionCreate, BookingOptionUpdate } from '../../contract/option';
import type { PaymentAnswer, PaymentCreate, RefundAnswer, RefundBody } from '../../contract/payment';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The money calls of spec section 7 (payments of a booking, the refund of a cancelled one, the
 * dashboard's unpaid, refund-needed and overpaid lists) and the options attached to a booking: typed methods
 * of the one dataProvider.
 */

export const moneyMethods = {
  /** The payment registered, with what the booking now holds beyond its bill (`overpaid`, issue 32). */
  async createPayment(body: PaymentCreate): Promise<PaymentAnswer> {
    return (await httpClient<PaymentAnswer>(apiUrl(apiPath('payments')), { method: 'POST', body })).json;
  },

  /** 204; 409 for a card settlement's payment (transaction_id) or a cancelled booking's. */
  async deletePayment(paymentId: number): Promise<void> {
    await httpClient(apiUrl(apiPath('payment', { id: paymentId })), { method: 'DELETE' });
  },

  /**
   * Refunds a cancelled booking. `idempotencyKey` is made once per refund the user means (one
   * dialog, one row) and sent again on a retry: the server then answers the first refund.
   */
  async refundBooking(body: RefundBody, idempotencyKey: string): Promise<RefundAnswer> {
    const url = apiUrl(apiPath('refund'));
    return (
      await httpClient<RefundAnswer>(url, { method: 'PATCH', body, headers: { 'Idempotency-Key': idempotencyKey } })
    ).json;
  },

  /** Official bookings still unpaid 24 hours after they were made. */
  async listUnpaidBooks(): Promise<Booking[]> {
    return (await httpClient<{ books: Booking[] }>(apiUrl(apiPath('booksUnpaid')))).json.books;
  },

  /** Cancelled bookings that still hold money: the refunds to make. */
  async listRefundsNeeded(): Promise<Booking[]> {
    return (await httpClient<{ books: Booking[] }>(apiUrl(apiPath('booksDeletedPaid')))).json.books;
  },

  /** Live bookings paid beyond their bill: the excess of each is a refund to make (issue 32). */
  async listOverpaidBooks(): Promise<Booking[]> {
    return (await httpClient<{ books: Booking[] }>(apiUrl(apiPath('booksOverpaid')))).json.books;
  },

  async addBookingOption(bookId: number, body: BookingOptionCreate): Promise<BookingOption> {
    return (await httpClient<BookingOption>(apiUrl(apiPath('bookOptions', { bookId })), { method: 'POST', body })).json;
  },

  /** The same fields, or { paid_at: now | null, mail } for the paid toggle. */
  async updateBookingOption(bookId: number, id: number, patch: BookingOptionUpdate): Promise<BookingOption> {
    const url = apiUrl(apiPath('bookOption', { bookId, id }));
    return (await httpClient<BookingOption>(url, { method: 'PATCH', body: patch })).json;
  },

  async removeBookingOption(bookId: number, id: number): Promise<void> {
    await httpClient(apiUrl(apiPath('bookOption', { bookId, id })), { method: 'DELETE' });
  },
};

/** A fresh key for one refund the user means. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
