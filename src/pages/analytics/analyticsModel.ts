import {
  analyticsQuerySchema,
  defaultAnalyticsRange,
  monthRangeOf,
  type AnalyticsTotal,
} from '../../../contract/analytics';
import { addDays } from '../../../contract/dates';
import { formatYen } from '../../../i18n/formats';

export interface Range {
  start: string;
  end: string;
}

/**
 * The range the page opens with: the month of /m/analitcs/{year}/{month}, else next month (spec 9,
 * Tokyo). null when the address names no month (an unknown page).
 */
export function initialRange(params: { year?: string; month?: string }, today?: string): Range | null {
  if (params.year === undefined && params.month === undefined) return defaultAnalyticsRange(today);
  if (!/^\d{4}$/.test(params.year ?? '') || !/^\d{1,2}$/.test(params.month ?? '')) return null;
  return monthRangeOf(Number(params.year), Number(params.month));
}

/** The field errors the server would answer for this range (the same schema), or null when it is fine. */
export function rangeErrors(
  start: string | null,
  end: string | null,
): Partial<Record<'start_date' | 'end_date', string>> | null {
  const parsed = analyticsQuerySchema.safeParse({ start_date: start ?? undefined, end_date: end ?? undefined });
  if (parsed.success) return null;
  const errors: Partial<Record<'start_date' | 'end_date', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'start_date' || field === 'end_date') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Every date of the range, for the chart's axis (the answer's `days` follow it). */
export function rangeDates(range: Range): string[] {
  const out: string[] = [];
  for (let d = range.start; d <= range.end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** 'M/d' of yyyy-MM-dd. */
export const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

const none = '－';
export const percentText = (value: number | null) => (value === null ? none : `${value}%`);
export const yenText = (value: number | null) => (value === null ? none : formatYen(value));
export const countText = (value: number) => value.toLocaleString('ja-JP');

/** The cells of a row of the table (the figures of a facility or the totals), after its name. */
export function figureCells(f: AnalyticsTotal): string[] {
  return [
    countText(f.books),
    countText(f.paid_books),
    percentText(f.occupancy),
    yenText(f.stay_amount),
    yenText(f.option_amount),
    percentText(f.room_night_occupancy),
    yenText(f.adr),
    yenText(f.revpar),
  ];
}
