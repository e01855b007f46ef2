import type { Booking } from '../../contract/booking';
import type { StopSellLift, StopSellResult, SyncHealth } from '../../contract/syncHealth';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The channel's sync health and what staff do about it (issue 21): the health rows (the header's
 * stale warning, the dashboard card), the one-click stop-sell and its lift, the booking panel's
 * sync of one channel booking, and the overbooked channel bookings from today.
 */
export const syncHealthMethods = {
  async getSyncHealth(signal?: AbortSignal): Promise<SyncHealth> {
    return (await httpClient<SyncHealth>(apiUrl(apiPath('syncHealth')), { signal })).json;
  },

  async stopSellLowStock(accommodationId: number): Promise<StopSellResult> {
    const url = apiUrl(apiPath('stopSell'));
    return (await httpClient<StopSellResult>(url, { method: 'POST', body: { accommodation_id: accommodationId } }))
      .json;
  },

  async liftStopSell(accommodationId: number): Promise<StopSellLift> {
    const url = apiUrl(apiPath('stopSell'));
    return (await httpClient<StopSellLift>(url, { method: 'DELETE', query: { accommodation_id: accommodationId } }))
      .json;
  },

  /** PATCH /admin/books/{id}/sync: sends our change (or cancel) of a channel booking to the site. */
  async syncBook(id: number): Promise<Booking> {
    return (await httpClient<Booking>(apiUrl(apiPath('bookSync', { id })), { method: 'PATCH' })).json;
  },

  /** Live channel bookings flagged overbooked whose stay has not ended (from `today`). */
  async listOverbookedBooks(today: string, signal?: AbortSignal): Promise<Booking[]> {
    const { json } = await httpClient<{ books: Booking[] }>(apiUrl(apiPath('books')), {
      query: { overbooked: 1, stay_start_date: today, with_consecutive: 'true' },
      signal,
    });
    return json.books;
  },
};
