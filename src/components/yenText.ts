/**
 * What a money input reads and shows, without React: amounts are typed as staff type them (165000,
 * 165,000, or full-width １６５，０００ from a Japanese IME, with or without 円) and shown with thousands
 * separators (165,000). Text that is not a whole number of yen is kept as typed, so the form's own
 * rule can say what is wrong with it instead of the input silently dropping characters.
 */

/** More digits than this lose precision as a JavaScript number; no price comes near it. */
const MAX_DIGITS = 15;

const FULL_WIDTH_DIGIT = /[０-９]/g;
const FULL_WIDTH_ZERO = '０'.charCodeAt(0);

/**
 * The typed text in ASCII without separators, spaces or 円: '１６５，０００円' → '165000',
 * '－５' → '-5'. Empty when nothing but separators was typed.
 */
export function normaliseYenText(text: string): string {
  return text
    .replace(FULL_WIDTH_DIGIT, (d) => String(d.charCodeAt(0) - FULL_WIDTH_ZERO))
    .replace(/[－ー−]/g, '-')
    .replace(/[．]/g, '.')
    .replace(/[,，、\s円¥￥]/g, '');
}

const grouping = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0, useGrouping: true });

/** Plain digits with separators: '0165000' → '165,000'. */
function groupDigits(digits: string): string {
  return grouping.format(Number(digits.slice(0, MAX_DIGITS)));
}

/**
 * What the input shows for typed text: a whole number with separators, empty as empty, anything
 * else (a minus, a decimal point, letters) normalised but otherwise as typed.
 */
export function formatYenText(text: string): string {
  const plain = normaliseYenText(text);
  return /^\d+$/.test(plain) ? groupDigits(plain) : plain;
}

/** What the input shows for a stored value: 165000 → '165,000'; null → ''. */
export function yenTextOf(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return formatYenText(String(value));
}

/**
 * The value a form keeps for the text: '' when empty, else the normalised text ('165000', or '-5'
 * for the form's rule to refuse). For forms that hold their amounts as strings.
 */
export function yenDigits(text: string): string {
  const plain = normaliseYenText(text);
  return /^\d+$/.test(plain) ? String(Number(plain.slice(0, MAX_DIGITS))) : plain;
}

/**
 * The number for the text: null when empty, the amount when it is a number (a negative or a
 * fraction too, for the schema to refuse with its message), NaN when it is not a number at all.
 */
export function yenNumber(text: string): number | null {
  const plain = yenDigits(text);
  if (plain === '') return null;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * Where the caret belongs in `formatted` so that the same number of digits stays before it as in
 * `typed` before `caret` (typing in the middle of 1,650,00 keeps the caret after what was typed).
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const digitsBefore = normaliseYenText(typed.slice(0, caret)).replace(/[^\d.-]/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/[\d.-]/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
