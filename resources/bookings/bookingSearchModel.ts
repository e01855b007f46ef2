import { BOOK_SEARCH_LIMIT, BOOK_SEARCH_MAX, bookSearchMessages } from '../../contract/booking';
import { addDays } from '../../contract/dates';

/**
 * The booking search's filter (the query of GET /admin/books, spec 7) and the cookie of the last
 * search (spec 3 "Stored locally": accommodation_id, stay_from, stay_to, sync, no_paid,
 * with_deleted, mail). Pure: tested without React.
 */
export interface BookingSearchFilter {
  accommodation_id?: number;
  stay_start_date?: string;
  stay_end_date?: string;
  /** '0': not yet sent to the booking site; '1': sent. */
  sync?: '0' | '1';
  not_paid_only?: boolean;
  with_deleted?: boolean;
  mail?: string;
  /**
   * The search box (name, phone, mail, confirmation number). Not kept in the cookie: the spec's
   * cookie names its keys, and a caller's name is not for the next visit.
   */
  q?: string;
}

export type BookSearchCookie = Partial<Record<string, unknown>>;

/** Days ahead of today the search shows when nothing was searched before. */
export const DEFAULT_SEARCH_DAYS = 30;

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isTrue = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

/** The filter the page opens with: the last search, else today to 30 days ahead in every facility. */
export function filterFromCookie(cookie: BookSearchCookie, today: string): BookingSearchFilter {
  const filter: BookingSearchFilter = {
    stay_start_date: isDate(cookie.stay_from) ? cookie.stay_from : today,
    stay_end_date: isDate(cookie.stay_to) ? cookie.stay_to : addDays(today, DEFAULT_SEARCH_DAYS),
  };
  // A period that ends before it starts finds nothing: the defaults instead.
  if (stayOrderError(filter)) {
    filter.stay_start_date = today;
    filter.stay_end_date = addDays(today, DEFAULT_SEARCH_DAYS);
  }
  const accommodation = Number(cookie.accommodation_id);
  if (Number.isInteger(accommodation) && accommodation > 0) filter.accommodation_id = accommodation;
  if (cookie.sync === '0' || cookie.sync === '1' || cookie.sync === 0 || cookie.sync === 1) {
    filter.sync = String(cookie.sync) as '0' | '1';
  }
  if (isTrue(cookie.no_paid)) filter.not_paid_only = true;
  if (isTrue(cookie.with_deleted)) filter.with_deleted = true;
  if (typeof cookie.mail === 'string' && cookie.mail.trim() !== '') filter.mail = cookie.mail.trim();
  return filter;
}

/** The cookie's names for a filter (every key written, so a cleared filter is cleared there too). */
export function cookieFromFilter(filter: BookingSearchFilter): BookSearchCookie {
  return {
    accommodation_id: filter.accommodation_id ?? '',
    stay_from: filter.stay_start_date ?? '',
    stay_to: filter.stay_end_date ?? '',
    sync: filter.sync ?? '',
    no_paid: filter.not_paid_only ? 1 : 0,
    with_deleted: filter.with_deleted ? 1 : 0,
    mail: filter.mail ?? '',
  };
}

/** The form rule of the period (the end date's and the start date's): the message, or undefined. */
export function stayOrderError(values: Partial<BookingSearchFilter>): string | undefined {
  const { stay_start_date: from, stay_end_date: to } = values;
  return from && to && to < from ? bookSearchMessages.order : undefined;
}

/** What the search box refuses before anything is sent, or null. */
export function searchBoxError(text: string): string | null {
  return text.trim().length > BOOK_SEARCH_MAX ? bookSearchMessages.tooLong : null;
}

/**
 * The filter after Enter in the search box: a text searches every date (the period is emptied; a
 * date set afterwards narrows it), the other filters stay. An emptied box goes back to the default
 * period when none is left, rather than to every booking of every date.
 */
export function searchBoxFilter(filter: BookingSearchFilter, text: string, today: string): BookingSearchFilter {
  const q = text.trim();
  const next: BookingSearchFilter = { ...filter };
  delete next.q;
  if (q !== '') {
    delete next.stay_start_date;
    delete next.stay_end_date;
    return { ...next, q };
  }
  if (!next.stay_start_date && !next.stay_end_date) {
    next.stay_start_date = today;
    next.stay_end_date = addDays(today, DEFAULT_SEARCH_DAYS);
  }
  return next;
}

/** True when a search answered as many bookings as it answers at most: there may be more. */
export function searchCapped(filter: BookingSearchFilter, count: number): boolean {
  return Boolean(filter.q?.trim()) && count >= BOOK_SEARCH_LIMIT;
}
