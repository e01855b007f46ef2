import { z } from './zod';

/**
 * Rules that several entities' fields share, each with the message the field gives. A missing
 * value and a wrong type are told apart: the spec's "please enter" sentence for the first, zod's own
 * Japanese message for the second.
 */

/** Zod's message for a field that is missing or null; its own (Japanese) message for a wrong type. */
export const requiredMessage = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? message : undefined;

/**
 * Said of text holding a control or invisible formatting character (NUL, ESC, U+202E..., or a
 * line break in a one-line field).
 */
export const controlCharacterMessage = '使用できない文字（改行などの制御文字）が含まれています';

// The one rule for text a person types and we store: no character of the Unicode categories
// Cc (C0, DEL, C1: NUL cannot be stored by PostgreSQL, ESC drives terminals), Cf (invisible
// formatting: the bidi overrides and isolates U+202A-U+202E and U+2066-U+2069 that make a name
// read backwards, the marks U+200E, U+200F, U+061C, the zero-width space U+200B, U+FEFF, the soft
// hyphen U+00AD), Zl and Zp (U+2028, U+2029: line breaks that no one-line field holds and mail
// shows unevenly) and Cs (a lone surrogate, which the database would store as U+FFFD). Three Cf
// characters stay, as emoji and some scripts need them: ZWNJ U+200C, ZWJ U+200D (the joiner of a
// family emoji) and the tag characters U+E0020-U+E007F (the flag of a region). Variation
// selectors (a red heart emoji, the ideographic variant of a name's kanji) are marks, not Cf,
// and stay too. A multi-line text keeps tab, \n and \r.
const FORBIDDEN = /(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const FORBIDDEN_BUT_LINES = /(?![\t\n\r]|\u200c|\u200d|[\u{e0020}-\u{e007f}])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * True when the text holds no control or invisible formatting character (tab and line breaks
 * allowed when `multiline`).
 */
export function isPlainText(text: string, multiline = false): boolean {
  return !(multiline ? FORBIDDEN_BUT_LINES : FORBIDDEN).test(text);
}

/**
 * The rule as a zod check of a string, reported on the field with controlCharacterMessage:
 * `z.string().max(100).check(plainText())`, `.check(plainText({ multiline: true }))` for a memo.
 */
export const plainText = (options: { multiline?: boolean } = {}) =>
  z.refine<string>((v) => isPlainText(v, options.multiline), controlCharacterMessage);

/**
 * Text that must be there (blank counts as missing), trimmed, at most `max` characters, without
 * control characters (a `multiline` text keeps its line breaks and tabs).
 */
export function requiredText(message: string, max: number, tooLong: string, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: requiredMessage(message) })
    .trim()
    .min(1, message)
    .max(max, tooLong)
    .check(plainText(options));
}

/** Text that may be left out: blank is stored as null; line breaks are kept. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .check(plainText({ multiline: true }))
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v));
}

/** `${label}は${max}文字以内で入力してください` */
export const tooLongMessage = (label: string, max: number) => `${label}は${max}文字以内で入力してください`;

// ---- Phone numbers -------------------------------------------------------------------------------

/** The one message of a phone number the rule refuses, whichever field holds it. */
export const phoneMessage = '電話番号は数字・スペース・ハイフン・括弧・先頭の＋で入力してください';

/** The longest phone number a field takes unless it says otherwise (a booking's 電話番号). */
export const MAX_PHONE_LENGTH = 30;

// What a Japanese keyboard types for the same characters: full-width digits, ＋, （）, the
// ideographic space, and the dashes an IME gives for a hyphen (the full-width hyphen-minus, the
// minus sign, the dashes U+2010-U+2015 and the prolonged sound mark ー in either width).
const FULL_WIDTH: Readonly<Record<string, string>> = {
  '＋': '+',
  '（': '(',
  '）': ')',
  '\u3000': ' ',
  ...Object.fromEntries([...'－−‐‑‒–—―ーｰ'].map((c) => [c, '-'])),
};
const FULL_WIDTH_PATTERN = /[０-９＋（）\u3000－−‐‑‒–—―ーｰ]/g;

/** Digits, spaces, hyphens and parentheses, a + only first, at least one digit. */
const PHONE = /^\+?[0-9 ()-]*[0-9][0-9 ()-]*$/;

/**
 * A phone number as stored: trimmed, its full-width digits, ＋, （）, spaces and dashes in
 * half-width (０３－１２３４－５６７８ is 03-1234-5678). Any other character is left as it is, for
 * the rule to refuse.
 */
export function normalisePhone(text: string): string {
  return text
    .replace(FULL_WIDTH_PATTERN, (c) =>
      c >= '０' && c <= '９' ? String.fromCharCode(c.charCodeAt(0) - 0xfee0) : FULL_WIDTH[c]!,
    )
    .trim();
}

/** True when the text is a phone number by the rule (after normalisePhone); blank is not one. */
export function isPhoneNumber(text: string): boolean {
  return PHONE.test(normalisePhone(text));
}

/**
 * The one rule of a phone field: normalised (normalisePhone), at most `max` characters (said with
 * `tooLong`, by default 電話番号は30文字以内で入力してください), no control character, then
 * digits, spaces, hyphens, parentheses and a leading + only (phoneMessage). Blank stays blank: the
 * field's own shape (nullable, optional, blank as null) says whether it may be left out.
 */
export function phoneNumber(options: { max?: number; tooLong?: string } = {}) {
  const max = options.max ?? MAX_PHONE_LENGTH;
  return z
    .string()
    .overwrite(normalisePhone)
    .max(max, options.tooLong ?? tooLongMessage('電話番号', max))
    .check(plainText())
    .refine((v) => v === '' || PHONE.test(v), phoneMessage);
}

type SchemaDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType | undefined) =>
  (schema as unknown as { _zod?: { def: SchemaDef } } | undefined)?._zod?.def;

/** The schema beneath optional, nullable, default, readonly and a pipe's input (its transform). */
function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  let s = schema;
  for (let def = defOf(s); def && ['optional', 'nullable', 'default', 'pipe', 'readonly'].includes(def.type);) {
    s = def.innerType ?? def.in;
    def = defOf(s);
  }
  return s;
}

/**
 * The most characters a string schema takes (its `.max`), seen through optional, nullable, default
 * and a pipe's input; with `field`, of that field of an object schema (a create or update body).
 * Undefined when it has none or is no string. What a form shows as 100文字以内.
 */
export function maxLengthOf(schema: z.ZodType | undefined, field?: string): number | undefined {
  const s = unwrapped(field === undefined ? schema : defOf(unwrapped(schema))?.shape?.[field]);
  if (defOf(s)?.type !== 'string') return undefined;
  return (s as z.ZodString).maxLength ?? undefined;
}
