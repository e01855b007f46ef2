import { useEffect, useRef, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../contract/messages';
import type { z } from '../../contract/zod';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';

/**
 * After a submit a rule refused, says the message of the first field in error (in the form's order)
 * rather than a generic 入力内容に誤りがあります: the field itself shows it in red below.
 */
export function useNotifyFirstError(fieldOrder: readonly string[]) {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    const first = [...fieldOrder, ...Object.keys(errors)].find((f) => errorText(errors[f]?.message));
    const message = first ? errorText(errors[first]?.message) : undefined;
    if (message) notify(message, { type: 'error' });
  }, [submitCount, errors, fieldOrder, notify]);
}

/** How react-admin's useInput hands a `validate` rule's answer to react-hook-form: a prefix and JSON. */
const RA_ERROR = '@@react-admin@@';
function raErrorText(message: string): string | undefined {
  try {
    return errorText(JSON.parse(message.slice(RA_ERROR.length)) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The text of a field error: a string (the server's, set on the field) or react-admin's
 * `{ message }` (what a form's validate function gave).
 */
export function errorText(message: unknown): string | undefined {
  if (typeof message === 'string') return message.startsWith(RA_ERROR) ? raErrorText(message) : message;
  if (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { message?: unknown }).message === 'string'
  ) {
    return (message as { message: string }).message;
  }
  return undefined;
}

/** The sentence for a refused call: its first field message, else the server's, else the fallback. */
export function refusalMessage(error: unknown, fallback: string = errorMessages.generic): string {
  return Object.values(fieldErrorsOf(error))[0] ?? failureMessage(error, fallback);
}

/** A field's error props: red with its message, or showing its hint (if any) while it has none. */
export function fieldMark(message: string | undefined, hint?: ReactNode): { error: boolean; helperText: ReactNode } {
  return { error: Boolean(message), helperText: message ?? hint };
}

/**
 * A contract's refusal (a zod error) as a form's errors: the first message of each field, keyed by
 * its path (`extra_fields.age`), or by its first segment with `topLevel` (`bands` for `bands.0.amount`).
 */
export function zodErrors(error: z.ZodError, topLevel = false): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[topLevel ? String(issue.path[0]) : issue.path.join('.')] ??= issue.message;
  return errors;
}
