/**
 * Bookings: the booking search (the `books` resource's list at /m/books; a row opens its panel at
 * /m/books/{id}), the detail panel (loaded on first use: LazyBookingPanel; rendered by the calendar and
 * the dashboard), and a guest's lodging list. The data comes through the dataProvider's booking
 * methods (dataProvider/methods/bookings.ts).
 */
export { LazyBookingPanel, preloadBookingPanel } from './LazyBookingPanel';
export type { BookingPanelProps } from './BookingPanel';
export { LodgingList } from './LodgingList';
export * from './bookingModel';
export { booksResource } from './resource';
