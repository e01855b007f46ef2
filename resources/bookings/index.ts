/**
 * Bookings: the detail panel (rendered by the calendar and, later, the received-mail screen), the
 * cancel dialog and a guest's lodging list. The data comes from dataProvider/bookingsApi.
 */
export { BookingPanel, type BookingPanelProps } from './BookingPanel';
export { BookingInputs } from './BookingInputs';
export { CancelBookingDialog, type CancelChoice } from './CancelBookingDialog';
export { LodgingList } from './LodgingList';
export * from './bookingModel';
