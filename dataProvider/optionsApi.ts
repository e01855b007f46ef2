import type { BookingOption } from '../contract/booking';
import type {
  AccommodationOption,
  BookingOptionCreate,
  BookingOptionUpdate,
  OptionCreate,
  OptionUpdate,
} from '../contract/option';
import { apiUrl } from './config';
import { httpClient } from './httpClient';

/**
 * The option calls of spec section 7: an accommodation's catalogue (list, create, change, reorder,
 * delete) and the options attached to a booking (add, change, paid toggle, remove).
 */

const catalogue = (accommodationId: number) => `/accommodations/${accommodationId}/options`;
const ofBooking = (bookId: number) => `/books/${bookId}/options`;

/** The catalogue in display order; with roomId, only what that room type offers (its own and all-room options). */
export async function listOptions(accommodationId: number, roomId?: number): Promise<AccommodationOption[]> {
  const answer = await httpClient<{ options: AccommodationOption[] }>(apiUrl(catalogue(accommodationId)), {
    query: roomId ? { room_id: roomId } : {},
  });
  return answer.json.options;
}

export async function createOption(accommodationId: number, body: OptionCreate): Promise<AccommodationOption> {
  return (await httpClient<AccommodationOption>(apiUrl(catalogue(accommodationId)), { method: 'POST', body })).json;
}

export async function updateOption(
  accommodationId: number,
  optionId: number,
  patch: OptionUpdate,
): Promise<AccommodationOption> {
  const url = apiUrl(`${catalogue(accommodationId)}/${optionId}`);
  return (await httpClient<AccommodationOption>(url, { method: 'PATCH', body: patch })).json;
}

export async function deleteOption(accommodationId: number, optionId: number): Promise<void> {
  await httpClient(apiUrl(`${catalogue(accommodationId)}/${optionId}`), { method: 'DELETE' });
}

export async function addBookingOption(bookId: number, body: BookingOptionCreate): Promise<BookingOption> {
  return (await httpClient<BookingOption>(apiUrl(ofBooking(bookId)), { method: 'POST', body })).json;
}

/** The same fields, or { paid_at: now | null, mail } for the paid toggle. */
export async function updateBookingOption(
  bookId: number,
  id: number,
  patch: BookingOptionUpdate,
): Promise<BookingOption> {
  return (await httpClient<BookingOption>(apiUrl(`${ofBooking(bookId)}/${id}`), { method: 'PATCH', body: patch })).json;
}

export async function removeBookingOption(bookId: number, id: number): Promise<void> {
  await httpClient(apiUrl(`${ofBooking(bookId)}/${id}`), { method: 'DELETE' });
}
