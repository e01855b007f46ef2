import { isValidDate } from '../../../contract/dates';

/**
 * The calendar's addresses, /m/accommodation/{id} and /m/accommodation/{id}/book/{book_id}, as
 * text too: the build's preload script (vite.config.ts) tests it before any module has loaded.
 */
export const CALENDAR_ADDRESS = '^/m/accommodation/(\\d+)(?:/book/\\d+)?/?$';
const calendarAddress = new RegExp(CALENDAR_ADDRESS);

/** The accommodation whose calendar the address shows, or null for any other page. */
export function calendarAccommodationOf(pathname: string): number | null {
  const match = calendarAddress.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The address's `?date=yyyy-MM-dd`, the date the calendar opens at, when it is a real date. */
export function dateFromQuery(query: URLSearchParams): string | null {
  const date = query.get('date') ?? '';
  return isValidDate(date) ? date : null;
}
