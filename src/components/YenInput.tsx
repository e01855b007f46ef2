import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import type { FocusEvent } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useYenText } from './useYenText';

export type YenInputProps<T extends number | string | null | undefined> = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'onBlur' | 'type'
> & {
  /** The amount: a number (null when empty), or the digits a string-based form keeps ('' when empty). */
  value: T;
  /** yenNumber or yenDigits of ./yenText: what the form keeps for the text shown. */
  parse: (text: string) => T;
  onChange: (value: T) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
};

/**
 * The one money input of the console (booking totals, payments, refunds, option and plan prices,
 * the price creator, the cancel fee): 165,000 with separators while typing, 円 after it, no spinner,
 * full-width digits and commas from a Japanese IME read as typed.
 */
export function YenInput<T extends number | string | null | undefined>({
  value,
  parse,
  onChange,
  onBlur,
  slotProps,
  ...rest
}: YenInputProps<T>) {
  const translate = useAppTranslate();
  const {
    ref,
    value: text,
    type,
    onChange: change,
    onBlur: blur,
    ...inputProps
  } = useYenText({ value, parse, onChange, onBlur });
  return (
    <TextField
      {...rest}
      type={type}
      value={text}
      onChange={change}
      onBlur={blur}
      inputRef={ref}
      slotProps={{
        ...slotProps,
        htmlInput: { ...inputProps, ...(slotProps?.htmlInput as object | undefined), style: { textAlign: 'right' } },
        input: {
          endAdornment: <InputAdornment position="end">{translate('app.crud.yen')}</InputAdornment>,
          ...(slotProps?.input as object | undefined),
        },
      }}
    />
  );
}
