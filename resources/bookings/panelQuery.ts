/**
 * The query key of the booking a panel shows (useBookingPanel): a write made elsewhere, a refund from
 * the dashboard, reloads an open panel by it. Apart from the panel's hook, so that the dashboard's
 * chunk does not carry the panel's code.
 */
export const bookingPanelKey = (bookId: number) => ['bookingPanel', bookId] as const;
