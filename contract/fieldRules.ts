import { z } from './zod';

/**
 * Rules that several entities' fields share, each with the message the field gives. A missing
 * value and a wrong type are told apart: the spec's "please enter" sentence for the first, zod's own
 * Japanese message for the second.
 */

/** Zod's message for a field that is missing or null; its own (Japanese) message for a wrong type. */
export const requiredMessage = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? message : undefined;

/** Text that must be there (blank counts as missing), trimmed, at most `max` characters. */
export function requiredText(message: string, max: number, tooLong: string) {
  return z
    .string({ error: requiredMessage(message) })
    .trim()
    .min(1, message)
    .max(max, tooLong);
}

/** Text that may be left out: blank is stored as null; line breaks are kept. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v));
}

/** `${label}は${max}文字以内で入力してください` */
export const tooLongMessage = (label: string, max: number) => `${label}は${max}文字以内で入力してください`;
