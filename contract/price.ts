import Papa from 'papaparse';
import { toCsv } from './csvWriter';
import { isValidDate } from './dates';
import { isoDate } from './params';
import { priceRuleSetSchema } from './priceRule';
import { z } from './zod';

/**
 * Plan prices (spec sections 3 and 5): the price entries of the grid and the CSV file that carries
 * them (the creator's rule is in priceRule.ts). Shared by the console (creator preview, grid, CSV screen),
 * the server (checks, import, export) and the demo seed.
 */

/** Most cells one call or one CSV file may write: 3 plans x 365 days x 10 headcounts is 10,950. */
export const MAX_PRICE_ENTRIES = 50_000;
/** Highest price of one night, yen. */
export const MAX_PRICE = 100_000_000;
/** Largest CSV file accepted, bytes. */
export const MAX_PRICE_CSV_BYTES = 5 * 1024 * 1024;

export const priceMessages = {
  date: '日付を正しく入力してください（例：2026-04-01）',
  unit: '人数は1以上の整数で入力してください',
  unitOverPlan: (maxNum: number) => `人数がプランの最大人数（${maxNum}人）を超えています`,
  price: '料金は0以上の整数（円）で入力してください',
  priceTooHigh: `料金は${MAX_PRICE.toLocaleString('ja-JP')}円以下で入力してください`,
  duplicate: (line: number) => `同じ日付と人数の行が${line}行目にもあります`,
  duplicateEntry: '同じ日付と人数の料金が重複しています',
  tooMany: `一度に登録できる料金は${MAX_PRICE_ENTRIES.toLocaleString('ja-JP')}件までです`,
  columns: '列の数が正しくありません（日付,人数,料金 の3列）',
  quotes: 'ダブルクォート（"）が閉じられていません。この行から後ろの行も確認してください',
  empty: '料金の行がありません',
  noFile: 'CSVファイルを選択してください',
  notCsv: 'CSVファイル（UTF-8 または Shift_JIS のテキスト）を選択してください',
  tooLarge: `ファイルのサイズは${MAX_PRICE_CSV_BYTES / 1024 / 1024}MB以内にしてください`,
} as const;

const priceValue = z
  .number(priceMessages.price)
  .int(priceMessages.price)
  .min(0, priceMessages.price)
  .max(MAX_PRICE, priceMessages.priceTooHigh);
const unitValue = z.number(priceMessages.unit).int(priceMessages.unit).min(1, priceMessages.unit);

/** A cell of the price grid as the API answers it (spec section 3 "Plan price entry"). */
export const priceEntrySchema = z.object({
  id: z.number().int(),
  target_date: z.string(),
  unit: z.number().int(),
  price: z.number().int(),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/** A cell to write: date, headcount, price. */
export const priceInputSchema = z.object({
  target_date: isoDate(priceMessages.date),
  unit: unitValue,
  price: priceValue,
});
export type PriceInput = z.infer<typeof priceInputSchema>;

export const priceListSchema = z.object({ prices: z.array(priceEntrySchema) });
export const priceUpdateBodySchema = z.object({ price: priceValue });
export const priceBulkBodySchema = z.object({
  prices: z.array(priceInputSchema).min(1, priceMessages.empty).max(MAX_PRICE_ENTRIES, priceMessages.tooMany),
  /** The creator's inputs that produced these prices: checked against them and kept for next time. */
  rule_set: priceRuleSetSchema.optional(),
});
export const priceBulkResultSchema = z.object({ count: z.number().int() });

/** A bad row of a CSV file; line counts from 1, the header included. */
export const csvRowErrorSchema = z.object({ line: z.number().int(), reason: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;
/** The dry run's answer: the rows the import would write and every bad row. */
export const priceCsvCheckSchema = z.object({
  items: z.array(z.object({ target_date: z.string(), unit: z.number().int(), price: z.number().int() })),
  errors: z.array(csvRowErrorSchema),
});
export type PriceCsvCheck = z.infer<typeof priceCsvCheckSchema>;

// ---- The CSV file --------------------------------------------------------------------------------

/** Header of the file the server writes (Japanese Excel shows it as is); `target_date,unit,price` is read too. */
export const PRICE_CSV_HEADER = ['日付', '人数', '料金'] as const;
const ENGLISH_HEADER = ['target_date', 'unit', 'price'];

/**
 * The file Japanese Excel opens as it is, written by the one CSV writer (toCsv): a BOM (without it Excel reads
 * Shift_JIS and garbles the header), the Japanese header, one row per date and headcount, CRLF
 * after every row. The server's export and the console's blank file are this text.
 */
export function priceCsvText(prices: readonly Pick<PriceInput, 'target_date' | 'unit' | 'price'>[]): string {
  return toCsv(
    [...PRICE_CSV_HEADER],
    prices.map((p) => [p.target_date, p.unit, p.price]),
  );
}

/**
 * A date as Excel may have rewritten it: 2026-04-01, 2026/4/1, 2026-4-1; null when it is not a real
 * calendar date (2026-02-30).
 */
export function parseCsvDate(value: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
  if (!m) return null;
  const date = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isValidDate(date) ? date : null;
}

/** A whole number as typed or as Excel shows it (18000, 18,000, １８０００円 is not one). */
function parseCsvInteger(value: string): number | null {
  const plain = value.replace(/^(\d{1,3}(,\d{3})+)$/, (s) => s.replaceAll(',', ''));
  if (!/^-?\d+$/.test(plain)) return null;
  return Number(plain);
}

export interface ParsedPriceCsv {
  items: PriceInput[];
  errors: CsvRowError[];
}

/** A row of the file as papaparse read it, with the physical line it starts on (1-based). */
interface CsvRow {
  line: number;
  /** The row's text as it is in the file, line breaks of quoted cells included. */
  raw: string;
  cells: string[];
  /** A quote papaparse could not close where it should: the cells are not to be trusted. */
  badQuotes: boolean;
}

/**
 * The rows of a CSV text, each with its physical line. A quoted cell may hold a line break, so a
 * row may span several lines: its first line is counted from its start offset. papaparse's
 * `meta.cursor` is where a row ends (after its line break), so the next row starts there, past
 * any `#` comment lines papaparse skipped (a `#` at the very start of a line, as it checks).
 * Line breaks are made \n first: \r\n, \n and \r each end one physical line.
 */
function csvRows(text: string): { rows: CsvRow[]; lineCount: number } {
  const input = text.replace(/\r\n?/g, '\n');
  const rows: CsvRow[] = [];
  let start = 0;
  let line = 1;
  const moveTo = (offset: number) => {
    for (let i = input.indexOf('\n', start); i !== -1 && i < offset; i = input.indexOf('\n', i + 1)) line++;
    start = offset;
  };
  Papa.parse<string[]>(input, {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    comments: '#',
    skipEmptyLines: false,
    step: ({ data, errors, meta }) => {
      let rowStart = start;
      while (input[rowStart] === '#') {
        const next = input.indexOf('\n', rowStart);
        if (next === -1) break;
        rowStart = next + 1;
      }
      moveTo(rowStart);
      rows.push({
        line,
        raw: input.slice(rowStart, meta.cursor),
        cells: data.map((cell) => cell.trim()),
        badQuotes: errors.some((e) => e.type === 'Quotes'),
      });
      moveTo(meta.cursor);
    },
  });
  return { rows, lineCount: input.split('\n').length };
}

/**
 * Reads the text of a price CSV (through papaparse: quoted cells may hold commas, quotes and line
 * breaks): an optional header row (日付,人数,料金), blank lines and lines starting with # skipped,
 * then date,headcount,price per row. Every bad row is reported with the physical line it starts
 * on; a row is bad for a wrong column count, a date that does not exist, a headcount below 1 or
 * above the plan's max_num, a price that is not a whole number of 0 yen or more, a date and
 * headcount already given on an earlier line, or a quote left open.
 */
export function parsePriceCsv(text: string, maxNum: number): ParsedPriceCsv {
  const items: PriceInput[] = [];
  const errors: CsvRowError[] = [];
  const seen = new Map<string, number>();
  const { rows, lineCount } = csvRows(text.replace(/^\uFEFF/, ''));
  let headerAllowed = true;
  for (const { line, raw, cells, badQuotes } of rows) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    if (badQuotes) {
      headerAllowed = false;
      errors.push({ line, reason: priceMessages.quotes });
      continue;
    }
    // Excel writes trailing empty cells when a column further right was ever used.
    while (cells.length > 3 && cells[cells.length - 1] === '') cells.pop();
    if (headerAllowed) {
      headerAllowed = false;
      const lower = cells.map((c) => c.toLowerCase());
      if (
        PRICE_CSV_HEADER.every((h, k) => cells[k] === h) ||
        ENGLISH_HEADER.every((h, k) => lower[k] === h) ||
        (cells.length > 0 && parseCsvDate(cells[0]!) === null && !/\d/.test(cells[0]!))
      ) {
        continue;
      }
    }
    if (cells.length !== 3) {
      errors.push({ line, reason: priceMessages.columns });
      continue;
    }
    const date = parseCsvDate(cells[0]!);
    const unit = parseCsvInteger(cells[1]!);
    const price = parseCsvInteger(cells[2]!);
    const reasons: string[] = [];
    if (date === null) reasons.push(`${priceMessages.date}: ${cells[0]}`);
    if (unit === null || unit < 1) reasons.push(priceMessages.unit);
    else if (unit > maxNum) reasons.push(priceMessages.unitOverPlan(maxNum));
    if (price === null || price < 0) reasons.push(priceMessages.price);
    else if (price > MAX_PRICE) reasons.push(priceMessages.priceTooHigh);
    if (reasons.length === 0) {
      const key = `${date}|${unit}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) reasons.push(priceMessages.duplicate(earlier));
      else seen.set(key, line);
    }
    if (reasons.length > 0) {
      errors.push({ line, reason: reasons.join('、') });
      continue;
    }
    items.push({ target_date: date!, unit: unit!, price: price! });
  }
  if (items.length === 0 && errors.length === 0) errors.push({ line: 1, reason: priceMessages.empty });
  if (items.length > MAX_PRICE_ENTRIES) errors.push({ line: lineCount, reason: priceMessages.tooMany });
  return { items, errors };
}
