import { addMonths, daysBetween, firstOfMonth, isValidDate, lastOfMonth, tokyoToday } from './dates';
import { errorMessages } from './messages';
import { z } from './zod';

/**
 * Guest analysis (spec 2 "Guest analysis", 9 "Analytics ... default range", "Occupancy"; issue 22):
 * one row per facility the user reaches over a range of stay dates, a totals row, and the occupancy
 * of every day of the range per facility (the chart).
 *
 * Figures (server/db/queries/analytics.ts computes them all in one statement):
 * - A booking counts when it is not cancelled and has at least one night inside the range (check-in
 *   day up to the day before check-out). A stay that crosses the range's start or end counts its
 *   nights inside only.
 * - books: those bookings; paid_books: those fully paid (price >= price_sub + tax_due: the bill, billOf).
 * - occupancy (spec 9): books / (rooms × days of the range), a rounded percent, where rooms is the
 *   facility's room_number, or the sum of its room types' max_num when room_number is 0; null when
 *   both are 0.
 * - room_night_occupancy: room nights sold inside the range / room nights available (the sum of the
 *   room types' max_num × days), a percent rounded to one decimal; null without room types.
 * - stay_amount and option_amount: a booking's option amount is the sum of its options' price × unit
 *   × days, its stay amount price_sub less that (never below 0); both pro-rated by nights inside the
 *   range / nights of the stay, summed per facility and rounded to the yen.
 * - adr: stay_amount / room nights sold (null when none); revpar: stay_amount / room nights
 *   available (null without room types); both rounded to the yen.
 * - days: per facility, the occupancy of each day of the range (the stays on that night / rooms, the
 *   rooms of occupancy above), a rounded percent, in date order from start_date.
 * - total: the sums of the rows; its ratios from the summed numerators and denominators.
 */

export const ANALYTICS_MAX_DAYS = 366;

export const analyticsMessages = {
  startRequired: '開始日を入力してください',
  endRequired: '終了日を入力してください',
  startDate: '開始日を正しく入力してください（yyyy-MM-dd）',
  endDate: '終了日を正しく入力してください（yyyy-MM-dd）',
  order: errorMessages.dateOrder,
  tooLong: `期間は${ANALYTICS_MAX_DAYS}日以内で指定してください`,
} as const;

const dateOf = (required: string, wrong: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : wrong) })
    .min(1, required)
    .max(10, wrong)
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isValidDate(v), wrong);

/** The days of a range, both ends included. */
export const rangeDays = (start: string, end: string) => daysBetween(start, end) + 1;

/** GET /api/admin/analytics query. */
export const analyticsQuerySchema = z
  .object({
    start_date: dateOf(analyticsMessages.startRequired, analyticsMessages.startDate),
    end_date: dateOf(analyticsMessages.endRequired, analyticsMessages.endDate),
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: analyticsMessages.order });
    } else if (rangeDays(v.start_date, v.end_date) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: analyticsMessages.tooLong });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const figures = {
  books: z.number().int(),
  paid_books: z.number().int(),
  /** Rounded percent; null when the facility has no rooms. */
  occupancy: z.number().nullable(),
  stay_amount: z.number().int(),
  option_amount: z.number().int(),
  /** Percent, one decimal; null without room types. */
  room_night_occupancy: z.number().nullable(),
  /** Yen per room night sold; null when none was sold. */
  adr: z.number().int().nullable(),
  /** Yen per room night available; null without room types. */
  revpar: z.number().int().nullable(),
  /** Room nights sold inside the range. */
  room_nights: z.number().int(),
};

export const analyticsRowSchema = z.object({
  accommodation_id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  /** Hex without '#': the facility's icon and its line in the chart. */
  color: z.string(),
  ...figures,
  /** Occupancy percent of each day of the range, from start_date (null when the facility has no rooms). */
  days: z.array(z.number().nullable()),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

export const analyticsTotalSchema = z.object(figures);
export type AnalyticsTotal = z.infer<typeof analyticsTotalSchema>;

export const analyticsAnswerSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  rows: z.array(analyticsRowSchema),
  total: analyticsTotalSchema,
});
export type AnalyticsAnswer = z.infer<typeof analyticsAnswerSchema>;

/** Spec 9: the month after the current one (Tokyo), first to last day. */
export function defaultAnalyticsRange(today: string = tokyoToday()): { start: string; end: string } {
  const start = addMonths(firstOfMonth(today), 1);
  return { start, end: lastOfMonth(start) };
}

/** The first and last day of a month (the route /m/analitcs/{year}/{month}); null when not a month. */
export function monthRangeOf(year: number, month: number): { start: string; end: string } | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || year < 1900 || year > 9999 || month < 1 || month > 12)
    return null;
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  return { start, end: lastOfMonth(start) };
}

/**
 * The table's columns in the spec's order, then the three figures of the issue: `label` heads the CSV
 * (its cells are bare numbers), `screen` the console's table (its cells say % and 円 themselves).
 */
export const analyticsColumns = [
  { key: 'name', label: '施設名', screen: '施設名' },
  { key: 'books', label: '予約数', screen: '予約数' },
  { key: 'paid_books', label: '入金済み予約数', screen: '入金済み' },
  { key: 'occupancy', label: '稼働率（%）', screen: '稼働率' },
  { key: 'stay_amount', label: '宿泊金額合計（円）', screen: '宿泊金額' },
  { key: 'option_amount', label: 'オプション金額合計（円）', screen: 'オプション金額' },
  { key: 'room_night_occupancy', label: '客室稼働率（%）', screen: '客室稼働率' },
  { key: 'adr', label: 'ADR（円）', screen: 'ADR' },
  { key: 'revpar', label: 'RevPAR（円）', screen: 'RevPAR' },
] as const;

export const ANALYTICS_TOTAL_LABEL = '合計';

/**
 * What the two occupancy figures and ADR/RevPAR mean, said under the table (issue 32: 稼働率 and
 * 客室稼働率 stood side by side unexplained). The formulas are those of the comment above.
 */
export const analyticsDefinitions = [
  '稼働率：期間内に宿泊のある予約の件数 ÷（施設の部屋数 × 期間の日数）。予約は泊数によらず1件と数えます。',
  '客室稼働率：期間内に販売した室泊数 ÷ 販売できた室泊数（部屋タイプの室数の合計 × 期間の日数）。連泊は期間内の泊数分を数えます。',
  'ADR：宿泊金額 ÷ 販売した室泊数。RevPAR：宿泊金額 ÷ 販売できた室泊数。',
] as const;

type Cell = string | number | null;

/** The table as rows of cells (the CSV's and the screen's order): facilities, then the totals row. */
export function analyticsTable(answer: Pick<AnalyticsAnswer, 'rows' | 'total'>): {
  header: string[];
  rows: Cell[][];
} {
  const cells = (name: string, f: AnalyticsTotal): Cell[] => [
    name,
    f.books,
    f.paid_books,
    f.occupancy,
    f.stay_amount,
    f.option_amount,
    f.room_night_occupancy,
    f.adr,
    f.revpar,
  ];
  return {
    header: analyticsColumns.map((c) => c.label),
    rows: [...answer.rows.map((r) => cells(r.name, r)), cells(ANALYTICS_TOTAL_LABEL, answer.total)],
  };
}
