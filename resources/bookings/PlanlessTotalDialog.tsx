import { useState } from 'react';
import { DialogContentText, InputAdornment, TextField } from '@mui/material';
import { bookingCreateMessages } from '../../contract/booking';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';

export interface PlanlessTotalDialogProps {
  onConfirm: (total: number) => Promise<void>;
  onClose: () => void;
}

/**
 * Asked when an existing booking leaves its plan (プランなし): the plan's total no longer applies,
 * so the total to keep is typed here and sent with the change (never kept silently).
 */
export function PlanlessTotalDialog({ onConfirm, onClose }: PlanlessTotalDialogProps) {
  const translate = useAppTranslate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!/^\s*\d+\s*$/.test(value)) {
      setProblem(value.trim() === '' ? bookingCreateMessages.priceSubRequired : bookingCreateMessages.priceSubInvalid);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(Number(value));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={translate('app.booking.planless_dialog.title')}
      titleId="planless-total-title"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={translate('app.booking.planless_dialog.ok')}
      problem={problem}
    >
      <DialogContentText sx={{ mb: 2 }}>{translate('app.booking.planless_dialog.content')}</DialogContentText>
      <TextField
        autoFocus
        id="planless-price_sub"
        label={translate('resources.bookings.fields.price_sub')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        type="number"
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { min: 0, step: 1, inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">{translate('app.booking.yen')}</InputAdornment> },
        }}
      />
    </FormDialog>
  );
}
