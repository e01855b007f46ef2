/** What other domains and the dashboard use of bookings: the panel, loaded on first use. */
export { LazyBookingPanel, preloadBookingPanel } from './LazyBookingPanel';
export type { BookingPanelProps } from './BookingPanel';
export { StayBadges, useRegisterStates } from './register/StayBadges';
export { RefundButton } from './refund/RefundButton';
