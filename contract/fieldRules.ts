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
