import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { clearSession } from '../../dataProvider/tokenStore';
import CalendarPage from '../../resources/bookings/calendar/CalendarPage';
import { BOOK_SEARCH_COOKIE, VIEW_COOKIE } from '../../resources/bookings/calendar/calendarConstants';
import { withCatalogue } from './BookingPanel.fixtures';
import { renderInAdmin, storeDemoAccommodations, stubMethods } from './helpers';

/**
 * The booking methods the calendar page calls, stubbed for this test file; and the day the tests
 * see: before each test today is Wednesday 2026-04-08 in Tokyo (only Date is faked), no view or
 * search cookie is left and the demo accommodations are stored. Register the file's own answers
 * in a beforeEach after calling this.
 */
export function stubCalendar() {
  const stubs = stubMethods({
    bookingMethods: {
      listCalendarBooks: vi.fn(),
      listComments: vi.fn(),
      listRooms: vi.fn(),
      listPlans: vi.fn(),
      getBook: vi.fn(),
      createBook: vi.fn(),
      updateBook: vi.fn(),
      cancelBook: vi.fn(),
    },
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-08T03:00:00Z'));
    vi.clearAllMocks();
    Cookies.remove(VIEW_COOKIE, { path: '/' });
    Cookies.remove(BOOK_SEARCH_COOKIE, { path: '/' });
    storeDemoAccommodations();
  });
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });
  return withCatalogue(vi.mocked(stubs.bookingMethods));
}

/** The calendar page at `path` (accommodation 2 by default), with `beside` (a message box) after it. */
export function renderCalendar(path = '/m/accommodation/2', beside?: ReactNode) {
  return renderInAdmin(
    <>
      <Routes>
        <Route path="accommodation/:id" element={<CalendarPage />} />
        <Route path="accommodation/:id/book/:bookId" element={<CalendarPage />} />
      </Routes>
      {beside}
    </>,
    { path },
  );
}

/** The grid's cell of a day (yyyy-MM-dd). */
export const day = (date: string) => document.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
/** The chips of guest 客1; the first render of 105 days takes a while in jsdom on a busy machine. */
export const findChips = () => screen.findAllByRole('button', { name: /客1/ }, { timeout: 8000 });
