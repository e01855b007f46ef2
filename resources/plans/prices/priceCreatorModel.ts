import { dateRange, weekday } from '../../../contract/dates';
import {
  MAX_PRICE_STEP,
  creatorRangeError,
  holidayKind,
  priceForDay,
  priceRuleMessages,
  type HolidayKind,
  type PriceRuleSet,
} from '../../../contract/priceRule';
import { formatDate } from '../../../i18n/formats';

/**
 * The price creator without React (spec sections 2 and 4 "Price creator"): the typed inputs, the
 * rule they make, and the preview grid the rule of contract/priceRule gives for the period.
 */

/** Monday first, as the screen lists the weekdays; the values are week_step indexes (0 Sunday). */
export const CREATOR_WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const WEEKDAY_NAMES = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** What the user typed: numbers as text, so that a half-typed value stays as typed. */
export interface CreatorInputs {
  base_price: string;
  /** Index 0 = 1 person, one per headcount 1..max_num. */
  unit_step: string[];
  /** 0 Sunday to 6 Saturday. */
  week_step: string[];
  /** [holiday, day before a holiday]. */
  holiday_step: [string, string];
}

/**
 * The inputs the creator opens with: the plan's last rule when it has one (its base price counts as
 * entered), else an empty base price and no surcharges.
 */
export function initialInputs(maxNum: number, stored: PriceRuleSet | null): CreatorInputs {
  const text = (values: readonly number[] | undefined, length: number) =>
    Array.from({ length }, (_, i) => String(values?.[i] ?? 0));
  return {
    base_price: stored ? String(stored.base_price) : '',
    unit_step: text(stored?.unit_step, maxNum),
    week_step: text(stored?.week_step, 7),
    holiday_step: text(stored?.holiday_step, 2) as [string, string],
  };
}

/** A whole number of yen from 0 to max; blank counts as 0 unless required. */
function yen(text: string, max: number, required: boolean): number | null {
  const plain = text.trim().replace(/[,，円]/g, '');
  if (plain === '') return required ? null : 0;
  if (!/^\d+$/.test(plain)) return null;
  const n = Number(plain);
  return n <= max ? n : null;
}

export type RuleResult =
  { ok: true; rule: PriceRuleSet } | { ok: false; errors: Partial<Record<string, string>>; missingBase: boolean };

/**
 * The rule the inputs make, or the message of each bad input keyed like the API's fields
 * (base_price, unit_step.1, week_step.6, holiday_step.0). Without holidays loaded the holiday steps
 * are not shown and count 0.
 */
export function ruleFromInputs(inputs: CreatorInputs, holidaysLoaded: boolean): RuleResult {
  const errors: Partial<Record<string, string>> = {};
  const base = yen(inputs.base_price, MAX_PRICE_STEP, true);
  if (base === null && inputs.base_price.trim() !== '') errors.base_price = priceRuleMessages.basePrice;
  const steps = (name: string, values: readonly string[]) =>
    values.map((value, i) => {
      const n = yen(value, MAX_PRICE_STEP, false);
      if (n === null) errors[`${name}.${i}`] = priceRuleMessages.step;
      return n ?? 0;
    });
  const unit_step = steps('unit_step', inputs.unit_step);
  const week_step = steps('week_step', inputs.week_step);
  const holiday_step = holidaysLoaded ? steps('holiday_step', inputs.holiday_step) : [0, 0];
  if (base === null || Object.keys(errors).length > 0) {
    return { ok: false, errors, missingBase: inputs.base_price.trim() === '' };
  }
  return { ok: true, rule: { base_price: base, unit_step, week_step, holiday_step } };
}

export interface PreviewRow {
  date: string;
  /** yyyy年M月d日(曜). */
  label: string;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  holiday: HolidayKind;
  /** Name of the holiday, if the date is one. */
  holidayName?: string;
  /** Index 0 = 1 person. */
  prices: number[];
}

/** The period, or the message to show instead of the price inputs; null while a date is not chosen. */
export function periodProblem(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  return creatorRangeError(start, end);
}

export const periodReady = (start: string | null, end: string | null): boolean =>
  Boolean(start && end) && creatorRangeError(start!, end!) === null;

/** One row per date of the period, one price per headcount 1..maxNum, by the rule of contract/priceRule. */
export function previewRows(
  rule: PriceRuleSet,
  start: string,
  end: string,
  maxNum: number,
  holidays: ReadonlyMap<string, string>,
): PreviewRow[] {
  const isHoliday = (date: string) => holidays.has(date);
  return dateRange(start, end).map((date) => {
    const day = weekday(date);
    return {
      date,
      label: `${formatDate(date)}(${WEEKDAY_NAMES[day]})`,
      weekday: day,
      holiday: holidayKind(date, isHoliday),
      holidayName: holidays.get(date),
      prices: Array.from({ length: maxNum }, (_, i) => priceForDay(rule, date, i + 1, isHoliday)),
    };
  });
}

/** CSS class names of a preview row: its weekday (day-0 Sunday ... day-6) and holiday or holiday-eve. */
export function rowClasses(row: Pick<PreviewRow, 'weekday' | 'holiday'>): string {
  const kind = row.holiday === 'holiday' ? ' holiday' : row.holiday === 'eve' ? ' holiday-eve' : '';
  return `day-${row.weekday}${kind}`;
}

/** Rows kept in the DOM above and below the ones in view, so that a quick scroll shows no gap. */
export const OVERSCAN_ROWS = 15;

/** The rows [first, last) to render for a scroll position: those in view and OVERSCAN_ROWS around them. */
export function visibleRange(
  total: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
): { first: number; last: number } {
  const top = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(viewHeight / rowHeight);
  return {
    first: Math.max(0, top - OVERSCAN_ROWS),
    last: Math.min(total, top + shown + OVERSCAN_ROWS),
  };
}
