import { addMonths, dateRange, firstOfMonth, lastOfMonth, weekday } from '../../../contract/dates';
import { decodeCsvBytes } from '../../../contract/csvText';
import { errorMessages } from '../../../contract/messages';
import { normaliseYenText } from '../../../src/components/yenText';
import {
  MAX_PRICE,
  MAX_PRICE_CSV_BYTES,
  parsePriceCsv,
  priceCsvText,
  priceMessages,
  type CsvRowError,
  type PriceEntry,
  type PriceInput,
} from '../../../contract/price';

/**
 * The price grid and CSV screen without React (spec sections 2, 5 and 9): one row per date, one column
 * per headcount 1..max_num, compact above 5 columns; a cell saves only when changed and it has an id.
 */

/** Above this many headcounts the grid uses smaller cells and font. */
export const COMPACT_ABOVE = 5;
/** Rows of the dry run shown on the CSV screen. */
export const PREVIEW_ROWS = 20;

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

export interface PriceRow {
  date: string;
  /** M月d日(曜). */
  label: string;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** Index 0 = 1 person; null where the plan has no cell yet. */
  cells: (PriceEntry | null)[];
}

export interface PriceGridLayout {
  /** Headcounts 1..max_num. */
  units: number[];
  rows: PriceRow[];
  compact: boolean;
}

export const isCompact = (maxNum: number) => maxNum > COMPACT_ABOVE;

/** The month of a yyyy-MM-dd date: its first and last day. */
export function monthRange(date: string): { start: string; end: string } {
  return { start: firstOfMonth(date), end: lastOfMonth(date) };
}

/** First day of the month before (-1) or after (+1). */
export function shiftMonth(month: string, by: number): string {
  return addMonths(firstOfMonth(month), by);
}

/** 2026-04-01 → 2026年4月. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${y}年${m}月`;
}

/** 2026-04-04 → 4月4日(土). */
export function dayLabel(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${m}月${d}日(${WEEKDAYS[weekday(date)]})`;
}

export function buildPriceGrid(
  start: string,
  end: string,
  maxNum: number,
  prices: readonly PriceEntry[],
): PriceGridLayout {
  const count = Math.max(0, Math.floor(maxNum));
  const units = Array.from({ length: count }, (_, i) => i + 1);
  const byCell = new Map<string, PriceEntry>();
  for (const p of prices) byCell.set(`${p.target_date}|${p.unit}`, p);
  const rows = start <= end ? dateRange(start, end) : [];
  return {
    units,
    compact: isCompact(count),
    rows: rows.map((date) => ({
      date,
      label: dayLabel(date),
      weekday: weekday(date),
      cells: units.map((unit) => byCell.get(`${date}|${unit}`) ?? null),
    })),
  };
}

/** A typed price: a whole number of yen from 0 to MAX_PRICE ("18,000" and full-width allowed), else the message. */
export function parsePrice(text: string): { ok: true; price: number } | { ok: false; message: string } {
  const plain = normaliseYenText(text);
  if (!/^\d+$/.test(plain)) return { ok: false, message: priceMessages.price };
  const price = Number(plain);
  if (price > MAX_PRICE) return { ok: false, message: priceMessages.priceTooHigh };
  return { ok: true, price };
}

export type CellChange =
  { kind: 'none' } | { kind: 'invalid'; message: string } | { kind: 'save'; id: number; price: number };

/**
 * What leaving a cell does: nothing when it has no id or its value did not change, the message when
 * the text is not a price, else the PATCH to send.
 */
export function cellChange(cell: PriceEntry | null, text: string): CellChange {
  if (!cell) return { kind: 'none' };
  if (text.trim() === String(cell.price)) return { kind: 'none' };
  const parsed = parsePrice(text);
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  if (parsed.price === cell.price) return { kind: 'none' };
  return { kind: 'save', id: cell.id, price: parsed.price };
}

/** '{line}行目: {reason}'. */
export const csvErrorText = (error: CsvRowError) => `${error.line}行目: ${error.reason}`;

/** What the CSV screen knows of a chosen file before sending it: refused as a whole, or its rows and bad rows. */
export type LocalCsvCheck =
  { kind: 'refused'; message: string } | { kind: 'read'; items: PriceInput[]; errors: CsvRowError[] };

/**
 * The CSV screen does not load the plan, so its check has no headcount bound: a headcount above the
 * plan's max_num is named by the server's dry run (テスト送信).
 */
const NO_HEADCOUNT_BOUND = Number.POSITIVE_INFINITY;

/**
 * Reads a chosen file in the browser as the server will (size limit, UTF-8 else Shift_JIS, the
 * same parser and Japanese messages), except for the plan's headcount bound.
 */
export async function checkCsvFile(file: Blob): Promise<LocalCsvCheck> {
  if (file.size > MAX_PRICE_CSV_BYTES) return { kind: 'refused', message: priceMessages.tooLarge };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { kind: 'refused', message: errorMessages.csvFailed };
  }
  const decoded = decodeCsvBytes(bytes);
  if (!decoded) return { kind: 'refused', message: priceMessages.notCsv };
  return { kind: 'read', ...parsePriceCsv(decoded.text, NO_HEADCOUNT_BOUND) };
}

/** The blank file: the header only, UTF-8 with BOM and CRLF (written as the server writes its export). */
export function priceCsvTemplate(): Blob {
  return new Blob([priceCsvText([])], { type: 'text/csv;charset=utf-8' });
}
