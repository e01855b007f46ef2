import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { fieldErrors } from '../../contract/entity';
import {
  CASH_DIRECTIONS,
  MAX_CORRECTION_REASON,
  pettyCashCorrectionDate,
  pettyCashCorrectionFormSchema,
  pettyCashReentryBodyOf,
  pettyCashReentryFormSchema,
  type PettyCash,
  type PettyCashDirection,
  type PettyCashReentryForm,
} from '../../contract/pettyCash';
import { HttpError } from '../../dataProvider/http';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';
import { lengthHint } from '../../src/crud/EntityInput';
import { fieldMark } from '../../src/crud/formErrors';
import { AmountInput, DirectionRadios, IntendedUseInput } from './LedgerFields';
import { useLedgerSave } from './useLedgerSave';

/** The server's field names onto the popup's: the entry as it should have been is `reentry.*`. */
const SERVER_FIELDS: Record<string, string> = {
  correction_reason: 'correction_reason',
  'reentry.amount': 'amount',
  'reentry.intended_use': 'intended_use',
};

/**
 * 訂正 (issue 32): the entry to reverse, the reason (required), and optionally the entry as it
 * should have been (direction, amount, use: the mistaken entry's to start with). The reversal is
 * dated the day it is entered (`pettyCashCorrectionDate`), which the popup says before anything is
 * sent. A 409 (corrected meanwhile by someone else) is said and the ledger read again; the popup
 * keeps what was typed. Mounted only while open.
 */
export function PettyCashCorrectionDialog({
  accommodationId,
  entry,
  onClose,
  onCorrected,
  onStale,
}: {
  accommodationId: number;
  entry: PettyCash;
  onClose: () => void;
  onCorrected: () => void;
  /** The ledger changed under the popup (a 409): read it again. */
  onStale: () => void;
}) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const { errors, clear, refused, send, dialogProps } = useLedgerSave({
    fields: SERVER_FIELDS,
    failed: translate('resources.cashes.correction.failed'),
  });
  const [reason, setReason] = useState('');
  const [reenter, setReenter] = useState(false);
  const [direction, setDirection] = useState<PettyCashDirection>(
    entry.amount < 0 ? CASH_DIRECTIONS.outgoing : CASH_DIRECTIONS.incoming,
  );
  const [amount, setAmount] = useState<number | null>(Math.abs(entry.amount));
  const [use, setUse] = useState(entry.intended_use);
  const date = formatDate(pettyCashCorrectionDate(entry.paid_date));
  const directionWord = (signed: number) => translate(`resources.cashes.${signed < 0 ? 'outgoing' : 'incoming'}`);

  const save = async () => {
    const reentryValues = { direction, amount: amount ?? undefined, intended_use: use };
    const problems = {
      ...fieldErrors(pettyCashCorrectionFormSchema, { correction_reason: reason }),
      ...(reenter ? fieldErrors(pettyCashReentryFormSchema, reentryValues) : {}),
    };
    if (refused(problems)) return;
    const reentry = reenter
      ? pettyCashReentryBodyOf(pettyCashReentryFormSchema.parse(reentryValues) as PettyCashReentryForm)
      : null;
    await send(
      () => dataProvider.correctPettyCash(accommodationId, entry.id, { correction_reason: reason.trim(), reentry }),
      {
        saved: translate(`resources.cashes.correction.${reentry ? 'saved_reentry' : 'saved'}`),
        onSaved: onCorrected,
        onRefused: (error) => {
          if (error instanceof HttpError && error.status === 409) onStale();
        },
      },
    );
  };

  return (
    <FormDialog
      title={translate('resources.cashes.titles.correct')}
      titleId="cash-correct-title"
      {...dialogProps(onClose, save)}
      submitLabel={translate('resources.cashes.actions.correct')}
      submitTestId="cash-correct-save"
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Box data-testid="cash-correct-target">
          <Typography variant="caption" color="text.secondary">
            {translate('resources.cashes.correction.target')}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {[
              `No.${entry.id}`,
              formatDate(entry.paid_date),
              `${directionWord(entry.amount)} ${formatYen(Math.abs(entry.amount))}`,
              entry.intended_use,
            ].join(' / ')}
          </Typography>
        </Box>
        <Typography variant="body2" data-testid="cash-correct-effect">
          {translate('resources.cashes.correction.effect', {
            date,
            direction: directionWord(-entry.amount),
            amount: formatYen(Math.abs(entry.amount)),
          })}
        </Typography>
        <TextField
          size="small"
          name="correction_reason"
          label={translate('resources.cashes.correction.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            clear('correction_reason');
          }}
          {...fieldMark(
            errors.correction_reason,
            lengthHint(MAX_CORRECTION_REASON, translate('resources.cashes.correction.reason_help')),
          )}
          required
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: MAX_CORRECTION_REASON } }}
        />
        <FormControlLabel
          control={<Checkbox checked={reenter} onChange={(e) => setReenter(e.target.checked)} name="reenter" />}
          label={translate('resources.cashes.correction.reenter')}
        />
        {reenter && (
          <Stack sx={{ gap: 2, pl: 2, borderLeft: 2, borderColor: 'divider' }} data-testid="cash-reentry">
            <Typography variant="body2" color="text.secondary">
              {translate('resources.cashes.correction.reenter_help', { date })}
            </Typography>
            <DirectionRadios
              value={direction}
              onChange={setDirection}
              labelling={{ 'aria-label': translate('resources.cashes.fields.direction') }}
            />
            <AmountInput
              value={amount}
              onChange={(value) => {
                setAmount(value);
                clear('amount');
              }}
              error={errors.amount}
            />
            <IntendedUseInput
              value={use}
              onChange={(value) => {
                setUse(value);
                clear('intended_use');
              }}
              error={errors.intended_use}
            />
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
