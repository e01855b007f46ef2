/**
 * Calendar dates as the API carries them (yyyy-MM-dd) and their arithmetic, by the calendar and
 * not by 24-hour steps; "today" is today in Asia/Tokyo, the day that counts for a lodging in Japan
 * whatever the zone of the machine or the browser. Shared by console, server and seed.
 */

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Japan keeps UTC+9 all year (no summer time since 1951): the Tokyo date is the UTC date nine
 * hours on. Plain arithmetic, not Intl with a time zone, whose first use loads the zone data and
 * cost the console's first screen some 40 ms.
 */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The Tokyo calendar date of an instant (now by default), yyyy-MM-dd. */
export function tokyoToday(now: Date = new Date()): string {
  return new Date(now.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Tokyo wall time of an instant (now by default), yyyy-MM-ddTHH:mm. */
export function tokyoMinute(now: Date | string = new Date()): string {
  return new Date(new Date(now).getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 16);
}

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Same day n months later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export function lastOfMonth(date: string): string {
  return addDays(addMonths(firstOfMonth(date), 1), -1);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** 0 Sunday ... 6 Saturday. */
export function weekday(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

/** Every date from start to end, both included. */
export function dateRange(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one). */
export function isValidDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
}

/** `11月21日`: a date as Japanese sentences name it (server messages; the console has its own formats). */
export function monthDayJa(date: string): string {
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
}

/** `2026年12月1日`: a yyyy-MM-dd date as the console and the messages say it (spec 9). */
export function dateJa(date: string): string {
  return `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
}

/** `2027年1月17日 9:05`: a wall time (yyyy-MM-ddTHH:mm, no zone) as the console says it. */
export function dateTimeJa(wallTime: string): string {
  return `${dateJa(wallTime)} ${Number(wallTime.slice(11, 13))}:${wallTime.slice(14, 16)}`;
}
