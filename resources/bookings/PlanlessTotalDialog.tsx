import { useState } from 'react';
import { DialogContentText } from '@mui/material';
import { bookingCreateMessages } from '../../contract/booking';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';
import { useDialogRequest } from '../../src/components/useDialogRequest';
import { errorMessages } from '../../contract/messages';
import { YenInput } from '../../src/components/YenInput';
import { yenDigits } from '../../src/components/yenText';

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
  const request = useDialogRequest(onClose, errorMessages.bookingUpdateFailed);
  const submit = async () => {
    if (!/^\s*\d+\s*$/.test(value)) {
      request.setProblem(
        value.trim() === '' ? bookingCreateMessages.priceSubRequired : bookingCreateMessages.priceSubInvalid,
      );
      return;
    }
    await request.run(() => onConfirm(Number(value)));
  };
  return (
    <FormDialog
      title={translate('app.booking.planless_dialog.title')}
      titleId="planless-total-title"
      {...request.props(submit)}
      submitLabel={translate('app.booking.planless_dialog.ok')}
    >
      <DialogContentText sx={{ mb: 2 }}>{translate('app.booking.planless_dialog.content')}</DialogContentText>
      <YenInput
        autoFocus
        id="planless-price_sub"
        label={translate('resources.bookings.fields.price_sub')}
        value={value}
        parse={yenDigits}
        onChange={setValue}
        size="small"
        fullWidth
      />
    </FormDialog>
  );
}
