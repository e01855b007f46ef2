import { idParam, isoDate } from './params';
import { z } from './zod';

/**
 * Day visitors to a facility's baths (日帰り入浴, issue 31): per day, those 入湯税 taxes at the
 * facility's day rate (`bathing_tax.day_rate`) and those it exempts (children under 12, school
 * trips). The front desk records each day's count; the bathing tax ledger files them.
 */

/** More than any bath takes in a day: a typo, not a count. */
export const MAX_DAY_VISITORS = 9_999;

export const dayVisitMessages = {
  count: `人数は0〜${MAX_DAY_VISITORS.toLocaleString('ja-JP')}の整数で入力してください`,
  month: '月は yyyy-MM の形式で入力してください',
  date: '日付は yyyy-MM-dd の形式で入力してください',
} as const;

const count = z
  .number({ error: dayVisitMessages.count })
  .int(dayVisitMessages.count)
  .min(0, dayVisitMessages.count)
  .max(MAX_DAY_VISITORS, dayVisitMessages.count);

/** PUT /facility/{id}/day-visits/{date}: the day's counts as they stand (all 0: no record). */
export const dayVisitInputSchema = z.object({
  visitors: count,
  children_under_12: count.default(0),
  school_trip: count.default(0),
});
export type DayVisitInput = z.output<typeof dayVisitInputSchema>;

export const dayVisitSchema = z.object({
  date: z.string(),
  visitors: z.number().int(),
  children_under_12: z.number().int(),
  school_trip: z.number().int(),
  /** visitors x the day rate. */
  amount: z.number().int(),
});
export type DayVisit = z.infer<typeof dayVisitSchema>;

export const dayVisitParams = z.object({
  id: idParam,
  date: isoDate(dayVisitMessages.date),
});

export const dayVisitsQuery = z.object({
  month: z.string({ error: dayVisitMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, dayVisitMessages.month),
});

/** GET /facility/{id}/day-visits?month=: the month's recorded days, the day rate and the tax. */
export const dayVisitsSchema = z.object({
  month: z.string(),
  /** Whether the facility collects 入湯税 at all (its settings). */
  bathing_tax: z.boolean(),
  day_rate: z.number().int(),
  days: z.array(dayVisitSchema),
  total: z.number().int(),
});
export type DayVisits = z.infer<typeof dayVisitsSchema>;
