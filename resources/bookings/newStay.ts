import { isoDatePattern } from '../../contract/dates';

/**
 * A new booking's stay chosen on a calendar (days selected together on the month view), carried in
 * the new booking's address as `?start_date=yyyy-MM-dd&days=N`. Zod-free: the calendar's chunk reads
 * it; the form's own rules (at most 90 nights) check the nights when the booking is sent.
 */
export interface NewStay {
  start_date: string;
  days: number;
}

/** The stay of the address's query, or null when it holds none. */
export function newStayFromQuery(query: URLSearchParams): NewStay | null {
  const start = query.get('start_date') ?? '';
  const days = Number(query.get('days'));
  if (!isoDatePattern.test(start) || !Number.isInteger(days) || days < 1 || days > 999) return null;
  return { start_date: start, days };
}
