import { useState } from 'react';
import { FormControl, FormLabel, Stack } from '@mui/material';
import { fieldErrors } from '../../contract/entity';
import { tokyoToday } from '../../contract/dates';
import {
  CASH_DIRECTIONS,
  pettyCashBodyOf,
  pettyCashFormSchema,
  type PettyCashDirection,
  type PettyCashForm,
} from '../../contract/pettyCash';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { DatePickerJa } from '../../src/components/DatePickerJa';
import { FormDialog } from '../../src/components/FormDialog';
import { fieldMark } from '../../src/crud/formErrors';
import { AmountInput, DirectionRadios, IntendedUseInput } from './LedgerFields';
import { useLedgerSave } from './useLedgerSave';

interface Draft {
  direction: PettyCashDirection;
  paid_date: string | null;
  /** Typing a date not yet real (2026-02-30): told apart from an empty field. */
  dateTyping: boolean;
  amount: number | null;
  intended_use: string;
}

const blank = (): Draft => ({
  direction: CASH_DIRECTIONS.outgoing,
  paid_date: tokyoToday(),
  dateTyping: false,
  amount: null,
  intended_use: '',
});

/** The server's field names onto the form's, the same: the signed amount is the typed one. */
const SERVER_FIELDS = {
  paid_date: 'paid_date',
  amount: 'amount',
  intended_use: 'intended_use',
  direction: 'direction',
};

/**
 * 追加: one petty cash entry with its direction (出金 or 入金, spec 3), date, amount as typed (always
 * positive; money out is sent negative, spec 7) and use. The form's rules are the contract's, so a
 * wrong amount or date gets its message on the field before anything is sent, and the server's
 * field messages land there too. Mounted only while open: each opening starts from a blank form.
 */
export function PettyCashEntryDialog({
  accommodationId,
  onClose,
  onCreated,
}: {
  accommodationId: number;
  onClose: () => void;
  onCreated: () => void;
}) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [draft, setDraft] = useState<Draft>(blank);
  const { errors, clear, refused, send, dialogProps } = useLedgerSave({
    fields: SERVER_FIELDS,
    failed: translate('resources.cashes.messages.load_failed'),
  });

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const values = () => ({
    direction: draft.direction,
    // A date being typed is sent to the rule as it is not a date: 日付を正しく入力してください.
    paid_date: draft.paid_date ?? (draft.dateTyping ? 'invalid' : undefined),
    amount: draft.amount ?? undefined,
    intended_use: draft.intended_use,
  });

  const save = async () => {
    if (refused(fieldErrors(pettyCashFormSchema, values()))) return;
    const form = pettyCashFormSchema.parse(values()) as PettyCashForm;
    await send(() => dataProvider.createPettyCash(accommodationId, pettyCashBodyOf(form)), {
      saved: translate('resources.cashes.messages.created'),
      onSaved: onCreated,
    });
  };

  return (
    <FormDialog
      title={translate('resources.cashes.titles.create')}
      titleId="cash-entry-title"
      {...dialogProps(onClose, save)}
      submitLabel={translate('resources.cashes.actions.create')}
      submitTestId="cash-save"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <FormControl component="fieldset">
          <FormLabel component="legend" id="cash-direction-label">
            {translate('resources.cashes.fields.direction')}
          </FormLabel>
          <DirectionRadios
            value={draft.direction}
            onChange={(direction) => change('direction', direction)}
            labelling={{ 'aria-labelledby': 'cash-direction-label' }}
          />
        </FormControl>
        <DatePickerJa
          label={translate('resources.cashes.fields.paid_date')}
          name="paid_date"
          value={draft.paid_date}
          onChange={(date, typing) => {
            setDraft((d) => ({ ...d, paid_date: date, dateTyping: typing }));
            clear('paid_date');
          }}
          {...fieldMark(errors.paid_date)}
          fullWidth
        />
        <AmountInput value={draft.amount} onChange={(value) => change('amount', value)} error={errors.amount} />
        <IntendedUseInput
          value={draft.intended_use}
          onChange={(value) => change('intended_use', value)}
          error={errors.intended_use}
        />
      </Stack>
    </FormDialog>
  );
}
