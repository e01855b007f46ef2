import {
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type CompositionEvent,
  type FocusEvent,
  type RefObject,
} from 'react';
import { caretAfterFormat, formatYenText, yenTextOf } from './yenText';

export interface YenTextOptions<T> {
  /** The stored amount (a number, or the digits a string-based form keeps); null or '' when empty. */
  value: T;
  /** The form's value for the text as shown (yenNumber or yenDigits of ./yenText). */
  parse: (text: string) => T;
  /** Each time the text settles (not during an IME composition). */
  onChange: (value: T) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

export interface YenTextProps {
  ref: RefObject<HTMLInputElement | null>;
  value: string;
  type: 'text';
  inputMode: 'numeric';
  autoComplete: 'off';
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onCompositionStart: () => void;
  onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * The behaviour every money input shares (the forms' inputs and the price grid's cells): thousands
 * separators while typing with the caret kept among the same digits, full-width digits and commas
 * taken as typed by a Japanese IME (left alone while the IME composes, read when it commits), no
 * spinner. Spread the returned props on an <input> (or a TextField's htmlInput).
 */
export function useYenText<T extends number | string | null | undefined>({
  value,
  parse,
  onChange,
  onBlur,
}: YenTextOptions<T>): YenTextProps {
  const ref = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState(() => yenTextOf(value));
  const composing = useRef(false);
  const caret = useRef<number | null>(null);
  // The value last sent up: a different one from outside (a reset, a record read) replaces the text.
  const [sent, setSent] = useState<T>(value);
  if (!Object.is(value, sent)) {
    setSent(value);
    setText(yenTextOf(value));
  }

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || input.ownerDocument.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const settle = (typed: string, at: number | null) => {
    const shown = formatYenText(typed);
    caret.current = at === null ? null : caretAfterFormat(typed, at, shown);
    setText(shown);
    const next = parse(shown);
    setSent(next);
    onChange(next);
  };

  return {
    ref,
    value: text,
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    onChange: (event) => {
      const typed = event.target.value;
      // Reformatting under an IME composition would break it: show what it composes, read it at the end.
      if (composing.current) setText(typed);
      else settle(typed, event.target.selectionStart);
    },
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: (event) => {
      composing.current = false;
      settle(event.currentTarget.value, event.currentTarget.selectionStart);
    },
    onBlur: (event) => {
      // Whatever an IME left uncommitted is read as it stands.
      if (composing.current) {
        composing.current = false;
        settle(event.currentTarget.value, null);
      }
      onBlur?.(event);
    },
  };
}
