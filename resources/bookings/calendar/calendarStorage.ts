import Cookies from 'js-cookie';
import { BOOK_SEARCH_COOKIE, CALENDAR_VIEWS, VIEW_COOKIE, type CalendarView } from './calendarConstants';

const KEEP_DAYS = 365;

function attributes(): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { path: '/', sameSite: 'strict', secure, expires: KEEP_DAYS };
}

/** The remembered view; the weekly grid when none (or something unknown) is stored. */
export function readCalendarView(): CalendarView {
  const stored = Cookies.get(VIEW_COOKIE);
  return CALENDAR_VIEWS.find((view) => view === stored) ?? 'row';
}

export function writeCalendarView(view: CalendarView): void {
  Cookies.set(VIEW_COOKIE, view, attributes());
}

/** The last booking search (spec "Stored locally"); other screens add sync, no_paid, mail... */
export type BookSearch = Partial<Record<'accommodation_id' | 'stay_from' | 'stay_to', string | number>> &
  Record<string, unknown>;

export function readBookSearch(): BookSearch {
  try {
    const value: unknown = JSON.parse(Cookies.get(BOOK_SEARCH_COOKIE) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as BookSearch) : {};
  } catch {
    return {};
  }
}

/** Merges into the stored search, keeping the keys other screens wrote. */
export function writeBookSearch(patch: BookSearch): void {
  Cookies.set(BOOK_SEARCH_COOKIE, JSON.stringify({ ...readBookSearch(), ...patch }), attributes());
}
