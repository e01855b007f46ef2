import { lazy } from 'react';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';
import { preloadableLazy } from '../../src/preloadableLazy';
import { calendarAccommodationOf } from './calendar/calendarAddress';

/** The `books` resource: its list is the booking search with the filters of spec 7 (/m/books). */
export const booksResource = defineResource({
  name: 'books',
  list: () => import('./BookingSearch'),
  icon: EventNoteIcon,
  recordRepresentation: 'name',
});

// The calendar is where staff work (10 kB gzip): its code is fetched with the shell, not after its
// route renders, and an address opened directly renders it in one pass.
const calendar = preloadableLazy(() => import('./calendar/CalendarPage'));
void calendar.preload().catch(() => undefined);

/**
 * Bookings: the calendar (with a booking's panel beside it), the day schedule, the booking search,
 * a guest's lodging list and a facility's guest register over dates. The panel (LazyBookingPanel) is also shown by the dashboard and the
 * received mail, through shared.ts.
 */
export const bookingsDomain = defineDomain({
  resources: [booksResource],
  routes: {
    calendar: calendar.Component,
    booking: calendar.Component,
    day: lazy(() => import('./daySchedule/DaySchedulePage')),
    register: lazy(() => import('./register/RegisterPage')),
    guestBooks: lazy(() => import('./LodgingListPage').then((m) => ({ default: m.LodgingListPage }))),
  },
  preload: (pathname) => (calendarAccommodationOf(pathname) !== null ? calendar.preload() : undefined),
});
