import { useState } from 'react';
import { Checkbox, DialogContentText, FormControlLabel } from '@mui/material';
import type { BookingOption } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';
import { useFormRequest } from '../../src/components/useFormRequest';
import { isOptionPaid, optionPaidPatch } from './paymentModel';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';

export interface OptionPaidDialogProps {
  bookId: number;
  option: BookingOption;
  onClose: () => void;
  /** After the change was saved; `paid` is the option's new state. */
  onSaved: (paid: boolean) => void;
}

/**
 * The option payment popup (spec 4 "Booking option payment"): 未精算 becomes 精算済 (paid_at now) or
 * back (paid_at null); the mail to the guest is on by default. Mount it only while open.
 */
export function OptionPaidDialog({ bookId, option, onClose, onSaved }: OptionPaidDialogProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [mail, setMail] = useState(true);
  const { send, dialogProps } = useFormRequest(errorMessages.bookingUpdateFailed);
  const paid = !isOptionPaid(option);

  const confirm = () =>
    send(async () => {
      await dataProvider.updateBookingOption(bookId, option.id, optionPaidPatch(paid, mail, new Date()));
      onSaved(paid);
    });

  return (
    <FormDialog
      title={translate('app.booking_option.paid_title')}
      titleId="option-paid-title"
      {...dialogProps(onClose, confirm)}
      submitLabel={translate('app.action.ok')}
      submitAutoFocus
    >
      <DialogContentText>
        {translate(paid ? 'app.booking_option.to_paid' : 'app.booking_option.to_unpaid', { name: option.name })}
      </DialogContentText>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={mail} onChange={(e) => setMail(e.target.checked)} />}
        label={translate('app.booking_option.paid_mail')}
      />
    </FormDialog>
  );
}
