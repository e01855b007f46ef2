/**
 * The most bookings one call of GET admin/books/register-states reads (a day schedule, a dashboard,
 * the calendar's window, which asks in parts of this size). Apart from contract/guestRegister.ts, so
 * that the calendar's first load, which asks for the states, does not bring zod with it.
 */
export const MAX_REGISTER_STATES = 500;
