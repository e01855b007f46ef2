import type { ChangeEvent, ReactNode } from 'react';
import { fieldMark } from '../crud/formErrors';

/**
 * The props of a form popup's TextField for one field of its draft: the id `${prefix}-${name}`,
 * the label (`label` is given the draft's key), the value and its change, small and full width, and the field's refusal under it
 * (else `hint`). `name` is the field's key with `-` for `_`, unless `names` gives another.
 */
export function draftFields<K extends string>(options: {
  prefix: string;
  label: (key: K) => string;
  draft: Record<K, string>;
  set: (key: K, value: string) => void;
  refused: Partial<Record<K, string>> | undefined;
  names?: Partial<Record<K, string>>;
}) {
  return (key: K, hint?: ReactNode) => {
    const name = options.names?.[key] ?? key.replaceAll('_', '-');
    return {
      id: `${options.prefix}-${name}`,
      label: options.label(key),
      value: options.draft[key],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => options.set(key, e.target.value),
      size: 'small' as const,
      fullWidth: true,
      ...fieldMark(options.refused?.[key], hint),
    };
  };
}
