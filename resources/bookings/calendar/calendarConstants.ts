/**
 * The calendar's numbers (spec section 9 "Calendar"), in one place. The grid starts with 15 weeks
 * and grows by whole weeks; the list grows by days (35, i.e. five weeks, so both views can share
 * one window that always starts on a Sunday).
 */
export const INITIAL_WEEKS = 15;
/** Weeks shown above today's week when the calendar opens. */
export const WEEKS_BEFORE_TODAY = 1;
export const GRID_EXTEND_WEEKS = 5;
export const LIST_EXTEND_DAYS = 35;
/** Closer than this to the top or bottom of the scroll area loads more. */
export const SCROLL_THRESHOLD_PX = 200;

/**
 * The view choice (spec "Stored locally"): 'row' = weekly grid, 'column' = vertical list, 'month' =
 * a month of stays (react-big-calendar, loaded only when chosen).
 */
export const VIEW_COOKIE = 'yadoban_calendar_view';
/** The last booking search parameters (spec "Stored locally"). */
export const BOOK_SEARCH_COOKIE = 'yadoban_book_search';
export const CALENDAR_VIEWS = ['row', 'column', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
