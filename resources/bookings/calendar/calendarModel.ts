import type { Booking, CalendarComment } from '../../../contract/booking';
import { bookedByRoom, dayState, isOverbooked, staysOn, type DayState } from '../../../contract/calendarDay';
import { addDays, daysBetween } from '../../../contract/dates';
import { GRID_EXTEND_WEEKS, LIST_EXTEND_DAYS, type CalendarView } from './calendarConstants';
import { weekStart, type DateWindow } from './calendarWindow';

export { initialWindow, weekStart, type DateWindow } from './calendarWindow';

/**
 * The date whose month the toolbar names for the rows shown from `top`: in the grid the month most
 * of its top week is in (that week's Wednesday), in the list the top day's.
 */
export function monthShown(view: CalendarView, top: string): string {
  return view === 'row' ? addDays(weekStart(top), 3) : top;
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
  /**
   * What is over that night: each room type holding more bookings than its rooms, with how many
   * too many; room null when no type is over but the house is (more stays than its rooms).
   */
  overRooms: OverRoom[];
  /** The public holiday of that date, if any. */
  holiday?: string;
  /** CSS classes: cal-day plus has-book, full, over, today, unselect, holiday. */
  className: string;
}

export interface OverRoom {
  room: string | null;
  excess: number;
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
    const overRooms: OverRoom[] = [];
    if (state === 'over') {
      const counts = bookedByRoom(books, date);
      for (const r of ctx.rooms) {
        const n = counts.get(r.id) ?? 0;
        if (isOverbooked(n, r.max_num)) overRooms.push({ room: r.name, excess: n - r.max_num });
      }
      if (overRooms.length === 0 && ctx.roomNumber > 0 && books.length > ctx.roomNumber) {
        overRooms.push({ room: null, excess: books.length - ctx.roomNumber });
      }
    }
    return { date, books, state, overRooms, holiday, className: classes.join(' ') };
  });
}

/** The calendar comments by date: each day's non-blank texts, in the order the server gives them. */
export type DayComments = ReadonlyMap<string, readonly string[]>;

/**
 * The comments held once the answer for `range` is in: that range's dates replaced by the answer
 * (a comment deleted since disappears), the other dates kept. A day whose texts did not change keeps
 * its array, so its cell does not render again.
 */
export function mergeComments(held: DayComments, range: DateWindow, answer: readonly CalendarComment[]): DayComments {
  const fresh = new Map<string, string[]>();
  for (const c of answer) {
    if (c.target_date < range.from || c.target_date > range.to || c.comment.trim() === '') continue;
    const list = fresh.get(c.target_date);
    if (list) list.push(c.comment);
    else fresh.set(c.target_date, [c.comment]);
  }
  const next = new Map<string, readonly string[]>();
  for (const [date, texts] of held) if (date < range.from || date > range.to) next.set(date, texts);
  for (const [date, texts] of fresh) {
    const before = held.get(date);
    const same = before?.length === texts.length && before.every((t, i) => t === texts[i]);
    next.set(date, same && before ? before : texts);
  }
  return next;
}

/** What a day cell shows of its comments: the first line of the first one; the whole of all as its title. */
export function commentSummary(texts: readonly string[]): { line: string; full: string } {
  const full = texts.join('\n');
  const line = full.split('\n').find((l) => l.trim() !== '') ?? '';
  return { line: line.trim(), full };
}
