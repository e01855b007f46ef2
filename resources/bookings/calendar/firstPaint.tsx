import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Booking, CalendarComment } from '../../../contract/booking';
import { tokyoToday } from '../../../contract/dates';
import type { Room } from '../../../contract/room';
import type { Accommodation, AccommodationsAnswer } from '../../../dataProvider/types';
import { dropEarlyAnswer, peekEarlyJson } from '../../../dataProvider/earlyCalls';
import { accommodationsUrl, calendarBooksUrl, calendarCommentsUrl, roomsUrl } from '../../../dataProvider/startUrls';
import { setStoredAccommodations } from '../../../dataProvider/tokenStore';
import { calendarText } from '../../../i18n/calendarMessages';
import { formatYearMonth } from '../../../i18n/formats';
import { links } from '../../../src/routes';
import { fontFamily, palette, shell } from '../../../src/themeTokens';
import { calendarAccommodationOf, dateFromQuery } from './calendarAddress';
import { CALENDAR_SCROLL } from './calendarCss';
import { describeDays, groupByNight, mergeComments, monthShown, windowDates } from './calendarModel';
import type { CalendarView } from './calendarConstants';
import { readCalendarView } from './calendarStorage';
import { DayList, WeekGrid } from './CalendarViews';
import { initialWindow } from './calendarWindow';
import { placeAtTop } from './useInfiniteScroll';
import {
  endFirstPaint,
  firstPaintEnded,
  forgetFirstAnswers,
  keepFirstAnswers,
  openAddress,
  subscribeFirstPaintEnd,
  type CalendarFirstAnswers,
} from './firstPaintHandoff';

/**
 * The calendar's first paint (issue 12): on a calendar's address opened with a session, its grid
 * (or list) is drawn from the entry's early answers while the console's code (react-admin, MUI,
 * the router) is still loading, with the same components and style sheet as the console's calendar
 * (CalendarViews, calendarCss) and a frame of the shell's size and colours. The console loads
 * beneath it and starts from the same answers; the first paint goes when the console's shell has
 * rendered (firstPaintHandoff.ts). A click on a booking or a day goes to its address, which the
 * console opens.
 */

export interface FirstPaint {
  answers: CalendarFirstAnswers;
  accommodation: Accommodation;
  view: Exclude<CalendarView, 'month'>;
  /** The date of the address (?date=), at the top of the rows; null opens at the window's start. */
  date: string | null;
  /** The booking the address opens (/book/{id}): its days bright, the others dimmed, as beside its panel. */
  bookId: number | null;
  /** The early calls of the bookings and comments the answers hold. */
  urls: string[];
}

const listOf = <T,>(answer: unknown, key: string): T[] | null => {
  const value = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? (value as T[]) : null;
};

/**
 * What the first paint of this address needs, from the early answers without taking them; null
 * when it is not a calendar in the grid or list view, or an answer is missing or failed.
 */
export async function readFirstPaint(location: Pick<Location, 'pathname' | 'search'>): Promise<FirstPaint | null> {
  const accommodationId = calendarAccommodationOf(location.pathname);
  const view = readCalendarView();
  if (accommodationId === null || view === 'month') return null;
  const date = dateFromQuery(new URLSearchParams(location.search));
  const bookId = Number(/\/book\/(\d+)/.exec(location.pathname)?.[1] ?? 0) || null;
  const window = initialWindow(date ?? tokyoToday());
  const urls = [
    calendarBooksUrl(accommodationId, window.from, window.to),
    calendarCommentsUrl(accommodationId, window.from, window.to),
    roomsUrl(accommodationId),
    accommodationsUrl(),
  ];
  const peeked = urls.map(peekEarlyJson);
  if (peeked.some((p) => p === undefined)) return null;
  const [booksAnswer, commentsAnswer, roomsAnswer, accommodationsAnswer] = await Promise.all(peeked);
  const books = listOf<Booking>(booksAnswer, 'books');
  const comments = listOf<CalendarComment>(commentsAnswer, 'comments');
  const rooms = listOf<Room>(roomsAnswer, 'rooms');
  const accommodations = listOf<Accommodation>(accommodationsAnswer, 'accommodations');
  const accommodation = accommodations?.find((a) => a.id === accommodationId);
  if (!books || !comments || !rooms || !accommodation) return null;
  // The shell shows the same list at once (the header's facility, the counts' room number).
  setStoredAccommodations(accommodationsAnswer as AccommodationsAnswer);
  return {
    answers: { accommodationId, window, books, comments, rooms },
    accommodation,
    view,
    date,
    bookId,
    urls: urls.slice(0, 2),
  };
}

/**
 * The console will start from these answers (firstPaintHandoff.ts). The early calls they were read
 * from are let go: left for 10 s, a later visit to the calendar would take them, stale after a
 * write made meanwhile (a comment written on the day's schedule).
 */
export function keepFirstPaint(paint: FirstPaint): void {
  keepFirstAnswers(paint.answers);
  for (const url of paint.urls) dropEarlyAnswer(url);
}

/**
 * The frame around the grid: the shell's header, menu column and page padding, drawn without MUI,
 * on the page's base rules as MUI's CssBaseline sets them (border-box sizing, the theme's font).
 */
const FRAME_CSS = `
html { box-sizing: border-box; -webkit-font-smoothing: antialiased; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: ${palette.background}; color: rgba(0,0,0,.87); font-family: ${fontFamily};
  font-size: 1rem; line-height: 1.5; letter-spacing: 0.00938em; }
/* Over the console while it loads beneath (above MUI's app bar and drawers). */
.fp-page { position: fixed; inset: 0; z-index: 1500; overflow: hidden; background: ${palette.background}; }
.fp-bar { position: sticky; top: 0; z-index: 3; background: ${palette.primary}; color: #fff;
  box-shadow: 0 3px 1px -2px rgba(0,0,0,.2), 0 2px 2px 0 rgba(0,0,0,.14), 0 1px 5px 0 rgba(0,0,0,.12); }
.fp-bar-row { display: flex; align-items: center; gap: 12px; min-height: ${shell.headerRowHeight}px; padding: 0 16px 0 56px;
  font-size: 1.1rem; font-weight: 700; }
.fp-bar-name { font-size: 1rem; font-weight: 600; }
.fp-tabs { height: 40px; }
.fp-body { display: flex; }
.fp-side { width: ${shell.menuWidth}px; flex-shrink: 0; }
.fp-main { flex: 1; min-width: 0; padding: 16px; }
.fp-toolbar { display: flex; align-items: center; gap: 8px; margin: 8px 0 8px; min-height: 40px; }
.fp-toolbar h1, .fp-toolbar p { margin: 0 8px 0 0; font-size: 1.25rem; font-weight: 700; line-height: 1.6; }
.fp-toolbar p { font-weight: 500; }
.fp-scroll { height: ${CALENDAR_SCROLL.height}; min-height: ${CALENDAR_SCROLL.minHeight}px; overflow-y: auto;
  background: #fff; border: 1px solid rgba(0,0,0,.12); border-right-width: 0; border-radius: ${shell.radius}px; }
/* On a phone the console's toolbar wraps to three rows (views, 今日, 新規予約): room for them. */
@media (max-width: 599px) {
  .fp-side { display: none; } .fp-bar-row { padding-left: 8px; } .fp-bar-name { display: none; }
  .fp-toolbar { min-height: 117px; align-items: flex-start; }
}
`;

/** The calendar drawn before the console: no toolbar buttons yet, the bookings and days are there. */
export function CalendarFirstPaint({ paint, onPainted }: { paint: FirstPaint; onPainted: () => void }) {
  const { answers, accommodation, view, date } = paint;
  // The booking opened (by the address, or a click while the console loads) shows as selected.
  const [bookId, setBookId] = useState(paint.bookId);
  const scroller = useRef<HTMLDivElement>(null);
  // The address's date at the top, as the console places it.
  useLayoutEffect(() => {
    const cell = date ? scroller.current?.querySelector(`[data-date="${date}"]`) : null;
    if (scroller.current && cell) placeAtTop(scroller.current, cell);
  }, [date]);
  // After the frame that shows it: the console's code may load now (main.tsx).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(onPainted, 0));
    return () => cancelAnimationFrame(frame);
  }, [onPainted]);
  const { accommodationId, window, books, comments, rooms } = answers;
  const today = tokyoToday();
  const days = useMemo(
    () =>
      describeDays(windowDates(window), groupByNight(books, window), {
        rooms,
        roomNumber: accommodation.room_number,
        today,
        selectedId: bookId !== null && books.some((b) => b.id === bookId) ? bookId : null,
      }),
    [window, books, rooms, accommodation, today, bookId],
  );
  const viewProps = {
    days,
    comments: mergeComments(new Map(), window, comments),
    roomNumber: accommodation.room_number,
    roomIndex: new Map(rooms.map((r, i) => [r.id, i])),
    selectedId: bookId,
    // The console opens what the address names once it has loaded.
    onOpenBooking: (id: number) => {
      setBookId(id);
      openAddress(links.booking(accommodationId, id));
    },
    onOpenDay: (date: string) => {
      forgetFirstAnswers();
      openAddress(links.dayOf(accommodationId, date));
    },
  };
  return (
    <div className="fp-page" aria-busy="true" data-testid="calendar-first-paint">
      <style>{FRAME_CSS}</style>
      <header className="fp-bar">
        <div className="fp-bar-row">
          <span>{calendarText('title')}</span>
          <span className="fp-bar-name">{accommodation.name}</span>
        </div>
        <div className="fp-tabs" />
      </header>
      <div className="fp-body">
        <nav className="fp-side" />
        <main className="fp-main">
          <div className="fp-toolbar">
            <h1>{accommodation.name}</h1>
            <p>{formatYearMonth(monthShown(view, date ?? window.from))}</p>
          </div>
          <div className="fp-scroll" ref={scroller}>
            {view === 'row' ? <WeekGrid {...viewProps} /> : <DayList {...viewProps} />}
          </div>
        </main>
      </div>
    </div>
  );
}

/** The longest the first paint stays over the console once it has rendered beneath it. */
const CONSOLE_WAIT_MS = 3000;

/**
 * The first paint over the console: `children` (the console, once its code is here) render beneath
 * it, and it goes when the console's shell has rendered. Rendered at the root from the first paint
 * on, so that adding the console keeps the first paint's elements as they are.
 */
export function FirstPaintHost({
  paint,
  onPainted,
  children,
}: {
  paint: FirstPaint;
  onPainted: () => void;
  children?: ReactNode;
}) {
  const ended = useSyncExternalStore(subscribeFirstPaintEnd, firstPaintEnded);
  // Whatever the console shows instead of its shell (the login page, an error), the first paint
  // never stays over it longer than this.
  const consoleHere = children !== null && children !== undefined;
  useEffect(() => {
    if (!consoleHere) return;
    const timer = setTimeout(endFirstPaint, CONSOLE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [consoleHere]);
  return (
    <>
      {!ended && <CalendarFirstPaint paint={paint} onPainted={onPainted} />}
      {children}
    </>
  );
}
