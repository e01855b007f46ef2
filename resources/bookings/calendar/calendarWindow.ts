import { addDays, weekday } from '../../../contract/dates';
import { INITIAL_WEEKS, WEEKS_BEFORE_TODAY } from './calendarConstants';

/** The dates the calendar holds, both included (yyyy-MM-dd). */
export interface DateWindow {
  from: string;
  to: string;
}

/** The Sunday that starts the week of `date` (week labels run Sunday to Saturday). */
export function weekStart(date: string): string {
  return addDays(date, -weekday(date));
}

/**
 * The first window: from the Sunday of the week before `anchor`'s (today's, or the address's
 * ?date), INITIAL_WEEKS whole weeks. Small and apart from the calendar's model: the entry chunk
 * computes it to send the calendar's first calls early (src/earlyCalls.ts).
 */
export function initialWindow(anchor: string): DateWindow {
  const from = addDays(weekStart(anchor), -7 * WEEKS_BEFORE_TODAY);
  return { from, to: addDays(from, 7 * INITIAL_WEEKS - 1) };
}
