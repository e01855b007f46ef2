import { addDays, addMonths, tokyoToday } from './dates';
import { MINPAKU_DAY_LIMIT } from './minpakuLimit';
import { z } from './zod';

/**
 * The minpaku house's days and its report (住宅宿泊事業法2条③, 14条; 施行規則3条, 12条; issue 30).
 * A house may lodge guests at most 180 days a year; the year runs from 4/1 12:00 to the next 4/1
 * 12:00 and a day from 12:00 to 12:00, so a night (the date a guest sleeps over) is one day, of the
 * fiscal year its date falls in: nights from 04-01 to 03-31. Every two months the house reports its
 * days, guests, guest-nights and guests by nationality, by the 15th of the next month.
 */

export { MINPAKU_DAY_LIMIT };
/** The dashboard warns from this many days used. */
export const MINPAKU_WARNING_DAYS = 150;
/** The first month of each two-month report period. */
export const REPORT_PERIODS = [2, 4, 6, 8, 10, 12] as const;

/** The fiscal year of a night: 2027-03-31 -> 2026, 2027-04-01 -> 2027. */
export function fiscalYearOf(night: string): number {
  const year = Number(night.slice(0, 4));
  return night.slice(5) >= '04-01' ? year : year - 1;
}

/** The nights of a fiscal year: from 04-01 to the next 04-01 (not included). */
export const fiscalYearNights = (fiscalYear: number) => ({
  from: `${fiscalYear}-04-01`,
  to: `${fiscalYear + 1}-04-01`,
});

/** The two months of a report period and its due date (the 15th of the month after them). */
export function reportPeriod(year: number, period: number) {
  const from = `${year}-${String(period).padStart(2, '0')}-01`;
  const to = addMonths(from, 2);
  return { from, to, due_date: addDays(to, 14) };
}

/** The report due next on `today`: the period whose due date is the first not yet past. */
export function nextReportPeriod(today: string): { year: number; period: number } {
  const year = Number(today.slice(0, 4));
  const candidates = [year - 1, year].flatMap((y) => REPORT_PERIODS.map((period) => ({ year: y, period })));
  return candidates.find((c) => reportPeriod(c.year, c.period).due_date >= today)!;
}

export const minpakuMessages = {
  notMinpaku: 'この施設は住宅宿泊事業（民泊）として設定されていません。施設の詳細設定で営業の種別を選んでください。',
  fiscalYear: '年度は2000〜2100の年で指定してください',
  year: '年は2000〜2100の年で指定してください',
  period: '期間は報告の最初の月（2・4・6・8・10・12）で指定してください',
  /** 409: the stay would take the house past 180 days in a fiscal year. */
  overLimit: (fiscalYear: number, days: number) =>
    `住宅宿泊事業の宿泊日数は年度（4月1日正午〜翌年4月1日正午）ごとに${MINPAKU_DAY_LIMIT}日までです。この予約で${fiscalYear}年度の宿泊日数が${days}日になるため、予約できません。`,
} as const;

const yearNumber = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(2000, message).max(2100, message);

/** GET /facility/{id}/minpaku/days: the fiscal year of today (Tokyo) unless given. */
export const minpakuDaysQuery = z.object({
  fiscal_year: yearNumber(minpakuMessages.fiscalYear).optional(),
});
export const minpakuDaysSchema = z.object({
  fiscal_year: z.number().int(),
  days_used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type MinpakuDays = z.infer<typeof minpakuDaysSchema>;

/** GET /admin/minpaku/houses: the dashboard's card, each minpaku house the user reaches with its days. */
export const minpakuHousesSchema = z.object({
  houses: z.array(
    minpakuDaysSchema.extend({
      accommodation_id: z.number().int(),
      name: z.string(),
      /** `warning` from MINPAKU_WARNING_DAYS, `over` past the limit (a channel's booking took it there). */
      level: z.enum(['ok', 'warning', 'over']),
    }),
  ),
});
export type MinpakuHouses = z.infer<typeof minpakuHousesSchema>;

/** How close a house is to the limit: the dashboard warns from MINPAKU_WARNING_DAYS. */
export const minpakuLevel = (daysUsed: number): 'ok' | 'warning' | 'over' =>
  daysUsed > MINPAKU_DAY_LIMIT ? 'over' : daysUsed >= MINPAKU_WARNING_DAYS ? 'warning' : 'ok';

/** GET /facility/{id}/minpaku/report?year=&period=. */
export const minpakuReportQuery = z.object({
  year: yearNumber(minpakuMessages.year),
  period: z.coerce
    .number({ error: minpakuMessages.period })
    .refine((p) => (REPORT_PERIODS as readonly number[]).includes(p), minpakuMessages.period),
});
export const minpakuReportSchema = z.object({
  year: z.number().int(),
  period: z.number().int(),
  /** yyyy-MM-dd, the first day of the two months and the day after them. */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  guests: z.number().int(),
  guest_nights: z.number().int(),
  /** ISO 3166-1 alpha-2 codes; `unknown` for guests whose nationality is not entered. */
  by_nationality: z.record(z.string(), z.number().int()),
  due_date: z.string(),
});
export type MinpakuReport = z.infer<typeof minpakuReportSchema>;

/** Today's fiscal year (Tokyo). */
export const currentFiscalYear = (now: Date = new Date()) => fiscalYearOf(tokyoToday(now));
