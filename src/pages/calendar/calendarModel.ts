import type { Booking } from '../../../contract/booking';
import { dayState, isOverbooked, staysOn, type DayState } from '../../../contract/calendarDay';
import { addDays, daysBetween, weekday } from '../../../contract/dates';
import {
  GRID_EXTEND_WEEKS,
  INITIAL_WEEKS,
  LIST_EXTEND_DAYS,
  WEEKS_BEFORE_TODAY,
  type CalendarView,
} from './calendarConstants';

/** The dates the calendar holds, both included (yyyy-MM-dd). */
export interface DateWindow {
  from: string;
  to: string;
}

/** The Sunday that starts the week of `date` (week labels run Sunday to Saturday). */
export function weekStart(date: string): string {
  return addDays(date, -weekday(date));
}

/** The first window: from the Sunday of the week before today's, INITIAL_WEEKS whole weeks. */
export function initialWindow(today: string): DateWindow {
  const from = addDays(weekStart(today), -7 * WEEKS_BEFORE_TODAY);
  return { from, to: addDays(from, 7 * INITIAL_WEEKS - 1) };
}

/** How many days one extension adds in a view. */
export function extensionDays(view: CalendarView): number {
  return view === 'row' ? 7 * GRID_EXTEND_WEEKS : LIST_EXTEND_DAYS;
}

/** The dates to load when extending the window up ('before') or down ('after'): only the new ones. */
export function extensionWindow(current: DateWindow, direction: 'before' | 'after', days: number): DateWindow {
  return direction === 'before'
    ? { from: addDays(current.from, -days), to: addDays(current.from, -1) }
    : { from: addDays(current.to, 1), to: addDays(current.to, days) };
}

export function mergeWindows(a: DateWindow, b: DateWindow): DateWindow {
  return { from: a.from < b.from ? a.from : b.from, to: a.to > b.to ? a.to : b.to };
}

/** Every date of the window. */
export function windowDates({ from, to }: DateWindow): string[] {
  const n = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(n, 0) }, (_, i) => addDays(from, i));
}

/** The window as whole weeks, Sunday first; days outside the window are padded in. */
export function windowWeeks(window: DateWindow): string[][] {
  const dates = windowDates({ from: weekStart(window.from), to: addDays(weekStart(window.to), 6) });
  const weeks: string[][] = [];
  for (let i = 0; i < dates.length; i += 7) weeks.push(dates.slice(i, i + 7));
  return weeks;
}

/**
 * The live bookings staying each night of the window (check-in day up to the night before
 * check-out), built once per data change; cancelled bookings are left out. Ordered by room, then
 * check-in, then name, so the chips of a stay keep their place from night to night.
 */
export function groupByNight(books: Iterable<Booking>, window: DateWindow): Map<string, Booking[]> {
  const nights = new Map<string, Booking[]>();
  const sorted = [...books]
    .filter((b) => b.delete_flg !== 1)
    .sort((a, b) => a.room_id - b.room_id || a.start_date.localeCompare(b.start_date) || a.id - b.id);
  for (const book of sorted) {
    const first = book.start_date > window.from ? book.start_date : window.from;
    for (let d = first; d <= window.to && staysOn(book, d); d = addDays(d, 1)) {
      const list = nights.get(d);
      if (list) list.push(book);
      else nights.set(d, [book]);
    }
  }
  return nights;
}

export interface DayInfo {
  date: string;
  /** Live bookings staying that night. */
  books: Booking[];
  state: DayState;
  /** Room types holding more bookings than rooms that night: '露天風呂付き特別室 2/1'. */
  overRooms: string[];
  /** The public holiday of that date, if any. */
  holiday?: string;
  /** CSS classes: cal-day plus has-book, full, over, today, unselect, holiday. */
  className: string;
}

export interface DayContext {
  rooms: readonly { id: number; name: string; max_num: number }[];
  roomNumber: number;
  today: string;
  /** The booking whose panel is open (its days stay bright, the others are dimmed), if any. */
  selectedId: number | null;
  /** Public holidays: date → name. */
  holidays?: ReadonlyMap<string, string>;
}

const NO_BOOKS: Booking[] = [];

/** Each date's bookings and state (dayState() of the contract: the one rule). */
export function describeDays(dates: string[], nights: Map<string, Booking[]>, ctx: DayContext): DayInfo[] {
  return dates.map((date) => {
    const books = nights.get(date) ?? NO_BOOKS;
    const state = dayState(books, ctx.rooms, ctx.roomNumber, date);
    const classes = ['cal-day'];
    if (state !== 'empty') classes.push('has-book');
    if (state === 'over' || state === 'full') classes.push(state);
    if (date === ctx.today) classes.push('today');
    const holiday = ctx.holidays?.get(date);
    if (holiday) classes.push('holiday');
    if (ctx.selectedId !== null && !books.some((b) => b.id === ctx.selectedId)) classes.push('unselect');
    const overRooms: string[] = [];
    if (state === 'over') {
      for (const r of ctx.rooms) {
        const n = books.filter((b) => b.room_id === r.id).length;
        if (isOverbooked(n, r.max_num)) overRooms.push(`${r.name} ${n}/${r.max_num}`);
      }
    }
    return { date, books, state, overRooms, holiday, className: classes.join(' ') };
  });
}
