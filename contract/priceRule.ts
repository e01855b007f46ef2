import { addDays, daysBetween, isValidDate, weekday } from './dates';
import { z } from './zod';

/**
 * The price creator's rule (spec sections 3 "Price rule set", 4 "Price creator" and 5 "Price for a
 * day"): defined once here, it computes the creator's preview in the console and is checked again
 * by the server before the prices and the rule are saved together.
 */

/** Longest period the creator fills in one go: a year, leap day included. */
export const MAX_CREATOR_DAYS = 366;
/** Highest surcharge of one step, yen. */
export const MAX_PRICE_STEP = 10_000_000;

/** The creator's inputs (spec section 3 "Price rule set"). */
export interface PriceRuleSet {
  base_price: number;
  /** Surcharge per headcount, index 0 = 1 person; missing entries count 0. */
  unit_step: readonly number[];
  /** Surcharge per weekday, 0 Sunday to 6 Saturday. */
  week_step: readonly number[];
  /** [holiday, day before a holiday]; default [0, 0]. */
  holiday_step: readonly number[];
}

/**
 * Price of one night (spec section 5 "Price for a day"): the base price, plus the step for the
 * headcount, plus the larger of the weekday step and the holiday step (index 0 on a holiday,
 * 1 on the day before one). A holiday that is also the day before another counts as a holiday.
 */
export function priceForDay(
  rule: PriceRuleSet,
  date: string,
  unit: number,
  isHoliday: (date: string) => boolean,
): number {
  const holidayStep = isHoliday(date)
    ? (rule.holiday_step[0] ?? 0)
    : isHoliday(addDays(date, 1))
      ? (rule.holiday_step[1] ?? 0)
      : 0;
  const unitStep = rule.unit_step[unit - 1] ?? 0;
  const weekStep = rule.week_step[weekday(date)] ?? 0;
  return rule.base_price + unitStep + Math.max(weekStep, holidayStep);
}

/** What kind of day a date is for the creator: its weekday and whether it is a holiday or the eve of one. */
export type HolidayKind = 'holiday' | 'eve' | null;

export function holidayKind(date: string, isHoliday: (date: string) => boolean): HolidayKind {
  if (isHoliday(date)) return 'holiday';
  return isHoliday(addDays(date, 1)) ? 'eve' : null;
}

export const priceRuleMessages = {
  basePrice: '基本料金は0以上の整数（円）で入力してください',
  step: `加算額は0以上${MAX_PRICE_STEP.toLocaleString('ja-JP')}円以下の整数で入力してください`,
  weekStep: '曜日の加算額は月曜から日曜までの7つを入力してください',
  holidayStep: '祝日の加算額は祝日と祝前日の2つを入力してください',
  unitStep: (maxNum: number) => `人数の加算額はプランの最大人数（${maxNum}人）までです`,
  startDate: '開始日を正しく入力してください（例：2026-04-01）',
  endDate: '終了日を正しく入力してください（例：2026-04-30）',
  order: '終了日は開始日以降の日付を指定してください',
  tooLong: `期間は${MAX_CREATOR_DAYS}日以内で指定してください`,
  mismatch: (date: string, unit: number) => `${date}（${unit}人）の料金が料金ルールの計算と一致しません`,
} as const;

const step = z.number(priceRuleMessages.step).int(priceRuleMessages.step).min(0, priceRuleMessages.step);

/** The rule as the console sends it (with the prices it produced) and the server stores it. */
export const priceRuleSetSchema = z.object({
  base_price: z
    .number(priceRuleMessages.basePrice)
    .int(priceRuleMessages.basePrice)
    .min(0, priceRuleMessages.basePrice)
    .max(MAX_PRICE_STEP, priceRuleMessages.basePrice),
  unit_step: z.array(step.max(MAX_PRICE_STEP, priceRuleMessages.step)).max(99),
  week_step: z.array(step.max(MAX_PRICE_STEP, priceRuleMessages.step)).length(7, priceRuleMessages.weekStep),
  holiday_step: z.array(step.max(MAX_PRICE_STEP, priceRuleMessages.step)).length(2, priceRuleMessages.holidayStep),
});

/** GET .../price_rule: the plan's last rule (null before the creator was first used). */
export const priceRuleAnswerSchema = z.object({
  rule_set: priceRuleSetSchema.extend({ updated_at: z.string() }).nullable(),
});
export type StoredPriceRuleSet = NonNullable<z.infer<typeof priceRuleAnswerSchema>['rule_set']>;

/** The rule a plan starts from: nothing yet, no surcharges (holiday steps default 0 and 0). */
export function emptyRuleSet(maxNum: number): PriceRuleSet {
  return {
    base_price: 0,
    unit_step: Array.from({ length: maxNum }, () => 0),
    week_step: [0, 0, 0, 0, 0, 0, 0],
    holiday_step: [0, 0],
  };
}

/** A period for the creator, or the message to show instead of the inputs. */
export function creatorRangeError(start: string, end: string): string | null {
  if (!isValidDate(start)) return priceRuleMessages.startDate;
  if (!isValidDate(end)) return priceRuleMessages.endDate;
  if (end < start) return priceRuleMessages.order;
  if (daysBetween(start, end) + 1 > MAX_CREATOR_DAYS) return priceRuleMessages.tooLong;
  return null;
}

/** Every cell the creator writes: each date of the period at each headcount 1..maxNum. */
export function creatorPrices(
  rule: PriceRuleSet,
  start: string,
  end: string,
  maxNum: number,
  isHoliday: (date: string) => boolean,
): { target_date: string; unit: number; price: number }[] {
  const out: { target_date: string; unit: number; price: number }[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    for (let unit = 1; unit <= maxNum; unit++) {
      out.push({ target_date: date, unit, price: priceForDay(rule, date, unit, isHoliday) });
    }
  }
  return out;
}
