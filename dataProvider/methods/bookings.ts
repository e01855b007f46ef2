import type {
  Booking,
  BookingCreateInput,
  BookingHistoryItem,
  BookingListQuery,
  BookingUpdate,
  CalendarComment,
} from '../../contract/booking';
import { apiPath } from '../../contract/apiPaths';
import { calendarBooksUrl, calendarCommentsUrl } from '../startUrls';
import { apiUrl } from '../config';
import { httpClient, type QueryValue } from '../httpClient';
import { downloadCsv, type CsvDownload } from './csvDownload';

/**
 * The booking calls of spec section 7 that screens make beyond react-admin's CRUD of `books`: the
 * calendar's window, the panel's partial saves and the cancel with its mail and fee, the day's
 * status, the calendar comments. Typed methods of the one dataProvider (useDataProvider).
 */

/** The list query as the API reads it: dates yyyy-MM-dd, flags 'true', sync '0'/'1'. */
export type BookListParams = {
  [K in keyof BookingListQuery]?: BookingListQuery[K] extends boolean | undefined ? boolean : string | number;
};

function query(params: BookListParams): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'boolean' ? (v ? 'true' : 'false') : v;
  }
  return out;
}

export interface DayStatus {
  date: string;
  rooms: {
    accommodation_id: number;
    room_id: number;
    room_name: string;
    capacity: number;
    booked: number;
    over: boolean;
  }[];
}

export const bookingMethods = {
  async listBooks(params: BookListParams, signal?: AbortSignal): Promise<Booking[]> {
    const { json } = await httpClient<{ books: Booking[] }>(apiUrl(apiPath('books')), { query: query(params), signal });
    return json.books;
  },

  /**
   * GET /admin/books?format=csv: every booking the search's filters find (its cap: 10,000, a search
   * box text 200) as the file the server wrote.
   */
  downloadBookingsCsv(params: BookListParams): Promise<CsvDownload> {
    return downloadCsv(apiPath('books'), { ...query(params), format: 'csv' }, 'bookings.csv');
  },

  /** The calendar's window of one accommodation: every stay that touches [from, to]. */
  async listCalendarBooks(accommodationId: number, from: string, to: string, signal?: AbortSignal) {
    const { json } = await httpClient<{ books: Booking[] }>(calendarBooksUrl(accommodationId, from, to), { signal });
    return json.books;
  },

  async getBook(id: number): Promise<Booking> {
    return (await httpClient<Booking>(apiUrl(apiPath('book', { id })))).json;
  },

  async createBook(input: BookingCreateInput): Promise<Booking> {
    return (await httpClient<Booking>(apiUrl(apiPath('books')), { method: 'POST', body: { ...input, via: 101 } })).json;
  },

  /** Partial update; a lone room_id or plan_id is how the panel applies those at once. */
  async updateBook(id: number, patch: BookingUpdate): Promise<Booking> {
    return (await httpClient<Booking>(apiUrl(apiPath('book', { id })), { method: 'PATCH', body: patch })).json;
  },

  /** Cancels (delete_flg 1). `mail` asks for the cancel mail; `cancelFee` records the fee chosen. */
  async cancelBook(id: number, options: { mail: boolean; cancelFee?: number | null }): Promise<void> {
    await httpClient(apiUrl(apiPath('book', { id })), {
      method: 'DELETE',
      query: { mail: options.mail ? 1 : 0, cancel_fee: options.cancelFee ?? undefined },
    });
  },

  /** Who changed the booking, its payments, refunds and options, newest first. */
  async getBookingHistory(id: number): Promise<BookingHistoryItem[]> {
    return (await httpClient<{ history: BookingHistoryItem[] }>(apiUrl(apiPath('bookHistory', { id })))).json.history;
  },

  async getDayStatus(date: string, accommodationId: number): Promise<DayStatus> {
    const url = apiUrl(apiPath('booksOfDate', { date }));
    return (await httpClient<DayStatus>(url, { query: { accommodation_id: accommodationId } })).json;
  },

  /** The comments of the days from `from` to `to`, both included, by date then id. */
  async listComments(accommodationId: number, from: string, to: string, signal?: AbortSignal) {
    const { json } = await httpClient<{ comments: CalendarComment[] }>(calendarCommentsUrl(accommodationId, from, to), {
      signal,
    });
    return json.comments;
  },

  async createComment(accommodationId: number, targetDate: string, comment: string) {
    const url = apiUrl(apiPath('calendarComments', { id: accommodationId }));
    return (await httpClient<CalendarComment>(url, { method: 'POST', body: { target_date: targetDate, comment } }))
      .json;
  },

  async updateComment(accommodationId: number, id: number, comment: string) {
    const url = apiUrl(apiPath('calendarComment', { id: accommodationId, commentId: id }));
    return (await httpClient<CalendarComment>(url, { method: 'PATCH', body: { comment } })).json;
  },

  async deleteComment(accommodationId: number, id: number): Promise<void> {
    await httpClient(apiUrl(apiPath('calendarComment', { id: accommodationId, commentId: id })), { method: 'DELETE' });
  },
};
