import { dateJa, dateTimeJa, tokyoMinute, tokyoToday } from '../contract/dates';

/**
 * How the console shows money, dates and head counts (spec section 9). Every date a person sees
 * is computed in Asia/Tokyo, whatever the zone of the browser, by contract/dates' arithmetic
 * (Japan keeps UTC+9 all year).
 */

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const yenNumber = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

type Empty = null | undefined | '';

const isEmpty = (value: unknown): value is Empty => value === null || value === undefined || value === '';

/** 12345 → "12,345円". Strings holding a number are accepted (form values); anything else gives "". */
export function formatYen(value: number | string | Empty): string {
  if (isEmpty(value)) return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return `${yenNumber.format(n)}円`;
}

/**
 * Yen on a chart's axis, where a tick has little room: from 10,000 in 万 (1,000,000 is 100万円,
 * 15,000 is 1.5万円), below as formatYen.
 */
export function formatYenAxis(value: number): string {
  if (Math.abs(value) < 10_000) return formatYen(value);
  return `${new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 }).format(value / 10_000)}万円`;
}

/** A file's size as a person reads it: 100 → "100バイト", 2,400 → "2.4KB", 1,250,000 → "1.3MB" (decimal units). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1_000) return `${bytes}バイト`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)}KB`;
  return `${(bytes / 1_000_000).toFixed(1)}MB`;
}

/** 3 → "3人". */
export function formatPeople(value: number | string | Empty): string {
  if (isEmpty(value)) return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return `${n}人`;
}

/** An instant (Date, epoch ms or ISO string with offset) → its calendar date in Tokyo, "yyyy-MM-dd". */
export function toApiDate(instant: Date | number | string): string {
  return tokyoToday(new Date(instant));
}

/** Today in Tokyo as the API writes dates ("yyyy-MM-dd"): the one rule of contract/dates. */
export { tokyoToday as todayInTokyo } from '../contract/dates';

/**
 * "yyyy-MM-dd" (a calendar date: no zone to apply) or an instant → "yyyy年M月d日".
 * Empty or unreadable values give "".
 */
export function formatDate(value: string | Date | number | Empty): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string') {
    const m = API_DATE.exec(value);
    if (m) return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日`;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateJa(tokyoToday(date));
}

/** "yyyy-MM-dd" → "yyyy年M月" (the month a calendar shows); "" for anything else. */
export function formatYearMonth(value: string | Empty): string {
  const m = isEmpty(value) ? null : API_DATE.exec(value);
  return m ? `${Number(m[1])}年${Number(m[2])}月` : '';
}

/** An instant → "yyyy年M月d日 H:mm" in Tokyo (mail send and receive times). */
export function formatDateTime(value: string | Date | number | Empty): string {
  if (isEmpty(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeJa(tokyoMinute(date));
}

/** "yyyy-MM-dd" → the parts, or null when the text is not such a date. */
export function parseApiDate(value: string): { year: number; month: number; day: number } | null {
  const m = API_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}
