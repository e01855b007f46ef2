import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
} from '@mui/material';
import type { BookingOption } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import { updateBookingOption } from '../../dataProvider/optionsApi';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { failureMessage } from '../../dataProvider/apiErrors';
import { isOptionPaid, optionPaidPatch } from './paymentModel';

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
  const [mail, setMail] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const paid = !isOptionPaid(option);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await updateBookingOption(bookId, option.id, optionPaidPatch(paid, mail, new Date()));
      onSaved(paid);
    } catch (error) {
      setProblem(failureMessage(error, errorMessages.bookingUpdateFailed));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="option-paid-title" maxWidth="xs" fullWidth>
      <DialogTitle id="option-paid-title">{translate('app.booking_option.paid_title')}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <DialogContentText>
          {translate(paid ? 'app.booking_option.to_paid' : 'app.booking_option.to_unpaid', { name: option.name })}
        </DialogContentText>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={mail} onChange={(e) => setMail(e.target.checked)} />}
          label={translate('app.booking_option.paid_mail')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('app.action.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          variant="contained"
          disabled={busy}
          autoFocus
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('app.action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
