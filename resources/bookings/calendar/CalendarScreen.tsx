import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Drawer, LinearProgress, Paper, useMediaQuery } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { maxDate, tokyoToday } from '../../../contract/dates';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { LazyBookingPanel as BookingPanel, preloadBookingPanel } from '../LazyBookingPanel';
import type { NewStay } from '../newStay';
import { links } from '../../../src/routes';
import type { CalendarView } from './calendarConstants';
import { describeDays, extensionDays, groupByNight, monthShown, windowDates } from './calendarModel';
import { readCalendarView, writeCalendarView } from './calendarStorage';
import { CALENDAR_SCROLL } from './calendarCss';
import { CalendarToolbar } from './CalendarToolbar';
import { DayList, WeekGrid } from './CalendarViews';
import { useCalendarBooks } from './useCalendarBooks';
import { useCalendarComments } from './useCalendarComments';
import { useHolidays } from '../../../src/hooks/useHolidays';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useRegisterStates } from '../register/StayBadges';
import { useDateInAddress } from './useDateInAddress';
import { useVisibleDate } from './useVisibleDate';
import { firstAnswersFor } from './firstPaintHandoff';
import { initialWindow } from './calendarWindow';

// The month view (react-big-calendar and its styles) loads only when chosen, or when the pointer is on its button.
const loadMonthView = () => import('./MonthView');
const MonthView = lazy(loadMonthView);
const preloadMonthView = () => void loadMonthView().catch(() => undefined);

export interface CalendarScreenProps {
  accommodationId: number;
  /** The booking whose panel is open (0 = new booking), or null. */
  bookId: number | null;
  /** A new booking's stay chosen on the month view (?start_date&days). */
  newStay?: NewStay | null;
  /** The date to open at (?date=), else today. */
  initialDate?: string | null;
}

/** After the first bookings show, the booking panel's code is fetched this much later. */
const PANEL_PRELOAD_DELAY_MS = 1000;

/** The booking calendar of one accommodation, with the booking panel beside it when one is open. */
export function CalendarScreen({ accommodationId, bookId, newStay, initialDate }: CalendarScreenProps) {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const [today] = useState(() => tokyoToday());
  // The date the user looks at: kept across view switches, in the address, and opened at on reload.
  const [anchor, setAnchor] = useState(() => initialDate ?? today);
  const [view, setView] = useState<CalendarView>(readCalendarView);
  const { accommodations } = useAccommodations();
  const accommodation = accommodations.find((a) => a.id === accommodationId);
  const roomNumber = accommodation?.room_number ?? 0;
  // What the first paint drew before the console had loaded (firstPaint.tsx), for this window.
  const [first] = useState(() => firstAnswersFor(accommodationId, initialWindow(anchor)));
  const { comments, load: loadComments } = useCalendarComments(accommodationId, first);
  const { window, books, loaded, rooms, reload, extend, recenter } = useCalendarBooks(
    accommodationId,
    anchor,
    loadComments,
    first,
  );

  const holidays = useHolidays();
  const nights = useMemo(() => groupByNight(books.values(), window), [books, window]);
  const selectedId = bookId !== null && bookId > 0 && books.has(bookId) ? bookId : null;
  const days = useMemo(
    () => describeDays(windowDates(window), nights, { rooms, roomNumber, today, selectedId, holidays }),
    [window, nights, rooms, roomNumber, today, selectedId, holidays],
  );
  const roomIndex = useMemo(() => new Map(rooms.map((r, i) => [r.id, i])), [rooms]);
  // The registers of the window's bookings, asked once they are on screen.
  const registers = useRegisterStates(loaded ? books.keys() : []);

  // The panel's code comes a moment after the first bookings are on screen (off their first paint):
  // the first click opens at once.
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(preloadBookingPanel, PANEL_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded]);

  const { scroller, onScroll, scrollToDate } = useInfiniteScroll(
    extend,
    extensionDays(view),
    loaded,
    window.from,
    window.to,
  );
  const { visibleDate, onScroll: onScrollShown } = useVisibleDate(scroller, `${view} ${window.from} ${loaded}`);
  const shownDate = view === 'month' ? anchor : (visibleDate ?? anchor);
  const monthDate = monthShown(view, shownDate);

  // Where the rows open: the address's date on the first load, the date in view when the view is
  // switched (the grid and the list differ in height: the same offset would show another month).
  const placeAt = useRef<string | null>(initialDate ?? null);
  useLayoutEffect(() => {
    if (!loaded || view === 'month' || placeAt.current === null) return;
    scrollToDate(placeAt.current, 'top');
    placeAt.current = null;
  }, [loaded, view, window.from, scrollToDate]);

  useDateInAddress({
    accommodationId,
    shownDate,
    // Once the rows' top date is measured: the place the page opened at is that date, not the anchor.
    active: loaded && bookId === null && (view === 'month' || visibleDate !== null),
    openedWithDate: Boolean(initialDate),
  });

  const scrollToToday = () => {
    placeAt.current = null;
    if (recenter(today)) placeAt.current = today;
    else scrollToDate(today);
  };
  // A booking opened by its address: bring its first night into view once it is loaded.
  const shownBooking = useRef<number | null>(null);
  const selected = selectedId === null ? undefined : books.get(selectedId);
  useEffect(() => {
    if (!selected || shownBooking.current === selected.id) return;
    shownBooking.current = selected.id;
    scrollToDate(maxDate(selected.start_date, window.from), 'if-hidden');
  }, [selected, window.from, scrollToDate]);
  const changeView = (next: CalendarView) => {
    const at = next === 'month' ? monthDate : shownDate;
    setAnchor(at);
    placeAt.current = at;
    if (next !== 'month') recenter(shownDate);
    setView(next);
    writeCalendarView(next);
  };
  const onOpenDay = useCallback(
    (date: string) => navigate(links.dayOf(accommodationId, date)),
    [navigate, accommodationId],
  );
  const onOpenBooking = useCallback(
    (id: number) => navigate(links.booking(accommodationId, id)),
    [navigate, accommodationId],
  );
  const onNewStay = useCallback(
    (startDate: string, days: number) =>
      navigate(`${links.booking(accommodationId, 0)}?start_date=${startDate}&days=${days}`),
    [navigate, accommodationId],
  );
  const onClose = useCallback(() => navigate(links.calendar(accommodationId)), [navigate, accommodationId]);
  const onChanged = useCallback(() => void reload(), [reload]);
  // A booking of another accommodation opened under this one's address: its own calendar instead.
  const onOtherAccommodation = useCallback(
    (otherId: number, id: number) => navigate(links.booking(otherId, id), { replace: true }),
    [navigate],
  );

  // Beside the calendar when there is room for both, else over it from the right.
  const wide = useMediaQuery('(min-width:1280px)');
  const panel = bookId !== null && (
    <BookingPanel
      accommodationId={accommodationId}
      bookId={bookId}
      onClose={onClose}
      onChanged={onChanged}
      newStay={bookId === 0 ? newStay : null}
      onOtherAccommodation={onOtherAccommodation}
    />
  );
  // What a click on a day or a booking opens, the same in the three views.
  const opening = { onOpenDay, onOpenBooking };
  const viewProps = { days, comments, roomNumber, roomIndex, selectedId: bookId, registers, ...opening };
  return (
    <>
      <Title title={translate('app.page.calendar')} preferenceKey={false} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch', mt: 1 }}>
        {/* Its content never widens the page: the booking panel keeps its place beside it. */}
        <Box sx={{ flex: 1, minWidth: 0, contain: 'inline-size' }}>
          <CalendarToolbar
            title={accommodation?.name ?? translate('app.page.calendar')}
            shownMonth={view === 'month' ? null : monthDate}
            view={view}
            onViewChange={changeView}
            onToday={scrollToToday}
            onNewBooking={() => onOpenBooking(0)}
            loading={!loaded && view !== 'month'}
            onMonthHover={preloadMonthView}
          />
          {view === 'month' ? (
            <Paper variant="outlined">
              <Suspense fallback={<LinearProgress />}>
                <MonthView
                  accommodationId={accommodationId}
                  today={today}
                  initialDate={anchor}
                  onMonthChange={setAnchor}
                  {...opening}
                  onNewStay={onNewStay}
                />
              </Suspense>
            </Paper>
          ) : (
            <Paper
              ref={scroller}
              onScroll={() => {
                onScroll();
                onScrollShown();
              }}
              variant="outlined"
              data-testid="calendar-scroll"
              sx={{ ...CALENDAR_SCROLL, overflowY: 'auto', borderRightWidth: 0 }}
            >
              {view === 'row' ? <WeekGrid {...viewProps} /> : <DayList {...viewProps} />}
            </Paper>
          )}
        </Box>
        {bookId !== null && wide && (
          <Box sx={{ width: 460, flexShrink: 0, maxHeight: 'calc(100dvh - 190px)', overflowY: 'auto' }}>{panel}</Box>
        )}
      </Box>
      {bookId !== null && !wide && (
        <Drawer
          anchor="right"
          open
          onClose={onClose}
          slotProps={{ paper: { sx: { width: 'min(480px, 100vw)', p: 1 } } }}
        >
          {panel}
        </Drawer>
      )}
    </>
  );
}
