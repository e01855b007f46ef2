import { FormControlLabel, Radio, RadioGroup, TextField, type RadioGroupProps } from '@mui/material';
import { CASH_DIRECTIONS, MAX_INTENDED_USE, type PettyCashDirection } from '../../contract/pettyCash';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { YenInput } from '../../src/components/YenInput';
import { yenNumber } from '../../src/components/yenText';
import { lengthHint } from '../../src/crud/EntityInput';
import { fieldMark } from '../../src/crud/formErrors';

/**
 * The fields of a petty cash entry that both popups ask for (追加, and 訂正's entry as it should
 * have been): 出金/入金, the amount and the use, each with its message under it.
 */

/** 出金 or 入金, side by side; labelled by the popup (a legend's id, or its own words). */
export function DirectionRadios({
  value,
  onChange,
  labelling,
}: {
  value: PettyCashDirection;
  onChange: (direction: PettyCashDirection) => void;
  labelling: Pick<RadioGroupProps, 'aria-label' | 'aria-labelledby'>;
}) {
  const translate = useAppTranslate();
  return (
    <RadioGroup
      row
      {...labelling}
      name="direction"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value) as PettyCashDirection)}
    >
      {(['outgoing', 'incoming'] as const).map((direction) => (
        <FormControlLabel
          key={direction}
          value={String(CASH_DIRECTIONS[direction])}
          control={<Radio />}
          label={translate(`resources.cashes.${direction}`)}
        />
      ))}
    </RadioGroup>
  );
}

interface LedgerFieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  /** The field's message; undefined: none. */
  error: string | undefined;
}

/** 金額: whole yen, required. */
export function AmountInput({ value, onChange, error }: LedgerFieldProps<number | null>) {
  const translate = useAppTranslate();
  return (
    <YenInput
      size="small"
      name="amount"
      label={translate('resources.cashes.fields.amount')}
      value={value}
      parse={yenNumber}
      onChange={onChange}
      {...fieldMark(error)}
      required
      fullWidth
    />
  );
}

/** 用途: required, its length limit said under it. */
export function IntendedUseInput({ value, onChange, error }: LedgerFieldProps<string>) {
  const translate = useAppTranslate();
  return (
    <TextField
      size="small"
      name="intended_use"
      label={translate('resources.cashes.fields.intended_use')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...fieldMark(error, lengthHint(MAX_INTENDED_USE))}
      required
      fullWidth
      slotProps={{ htmlInput: { maxLength: MAX_INTENDED_USE } }}
    />
  );
}
