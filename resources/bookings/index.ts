import EventNoteIcon from '@mui/icons-material/EventNote';
import { defineResource } from '../../src/crud/lazyView';

/**
 * Bookings: the booking search (the `books` resource's list at /m/books; a row opens its panel at
 * /m/books/{id}), the detail panel (loaded on first use: LazyBookingPanel; rendered by the calendar and
 * the dashboard), and a guest's lodging list. The data comes from dataProvider/bookingsApi.
 */
export { LazyBookingPanel, preloadBookingPanel } from './LazyBookingPanel';
export type { BookingPanelProps } from './BookingPanel';
export { LodgingList } from './LodgingList';
export * from './bookingModel';

/** The `books` resource: its list is the booking search with the filters of spec 7. */
export const booksResource = defineResource({
  name: 'books',
  list: () => import('./BookingSearch'),
  icon: EventNoteIcon,
  recordRepresentation: 'name',
});
