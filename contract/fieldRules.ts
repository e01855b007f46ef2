import { z } from './zod';

/**
 * Rules that several entities' fields share, each with the message the field gives. A missing
 * value and a wrong type are told apart: the spec's "please enter" sentence for the first, zod's own
 * Japanese message for the second.
 */

/** Zod's message for a field that is missing or null; its own (Japanese) message for a wrong type. */
export const requiredMessage = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? message : undefined;

/** Said of text holding a control character (NUL, ESC..., or a line break in a one-line field). */
export const controlCharacterMessage = '使用できない文字（改行などの制御文字）が含まれています';

// Control characters (C0, DEL, C1). NUL cannot be stored by PostgreSQL at all; the others have no
// place in a name or a sentence typed by staff. Multi-line text keeps tab and line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when the text holds no control character (tab and line breaks allowed when `multiline`). */
export function isPlainText(text: string, multiline = false): boolean {
  return !(multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}

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
    .refine((v) => isPlainText(v, options.multiline), controlCharacterMessage);
}

/** Text that may be left out: blank is stored as null; line breaks are kept. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .refine((v) => isPlainText(v, true), controlCharacterMessage)
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v));
}

/** `${label}は${max}文字以内で入力してください` */
export const tooLongMessage = (label: string, max: number) => `${label}は${max}文字以内で入力してください`;
