import { useState } from 'react';
import { Alert, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { billOf, type Booking } from '../../contract/booking';
import { PAYMENT_FORM_PAY_TYPES, payTypeLabel } from '../../contract/enums';
import { errorMessages } from '../../contract/messages';
import type { PaymentAnswer, PaymentCreate } from '../../contract/payment';
import { formatYen, todayInTokyo } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { DatePickerJa } from '../../src/components/DatePickerJa';
import { FormDialog } from '../../src/components/FormDialog';
import { YenInput } from '../../src/components/YenInput';
import { yenDigits } from '../../src/components/yenText';
import { useFormRequest } from '../../src/components/useFormRequest';
import {
  balanceOf,
  emptyPaymentForm,
  paymentExcess,
  preparePayment,
  type PaymentField,
  type PaymentFormValues,
} from './paymentModel';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { fieldMark } from '../../src/crud/formErrors';

export interface PaymentDialogProps {
  booking: Booking;
  onClose: () => void;
  /** After the payment was registered (the answer says any excess): the panel tells the user and reloads. */
  onSaved: (answer: PaymentAnswer) => void;
}

/**
 * The payment registration popup (spec 2 "Payment form", 5 "Payment registration"): nothing is sent
 * unless amount and pay type are nonzero numbers. An amount that would leave the booking paid beyond
 * its bill is warned of under the amount and registered only once confirmed (issue 32: taken, not
 * refused: a deposit, money really received). Mount it only while open: each opening starts from a
 * fresh form.
 */
export function PaymentDialog({ booking, onClose, onSaved }: PaymentDialogProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [form, setForm] = useState<PaymentFormValues>(() => emptyPaymentForm(todayInTokyo(), booking));
  const { problem, busy, refuse, send, dialogProps } = useFormRequest<PaymentField>(errorMessages.generic);
  // The excess asked about: registering waits for the confirmation.
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof PaymentFormValues>(field: K, value: PaymentFormValues[K]) =>
    setForm((f) => ({ ...f, [field]: value }));

  const register = async (body: PaymentCreate) => {
    // On failure the dialog stays open with what was typed: fix it and register again.
    await send(async () => {
      onSaved(await dataProvider.createPayment(body));
    });
    setConfirming(false);
  };

  const submit = async () => {
    const prepared = preparePayment(booking.id, form);
    if (prepared.error) return refuse(prepared.error.field, prepared.error.message);
    if (paymentExcess(booking, form) > 0) return setConfirming(true);
    await register(prepared.body);
  };

  const confirmed = async () => {
    const prepared = preparePayment(booking.id, form);
    if (prepared.body) await register(prepared.body);
  };

  const balance = balanceOf(booking);
  const excess = paymentExcess(booking, form);
  const excessWords = {
    excess: formatYen(excess),
    bill: formatYen(billOf(booking)),
    paid: formatYen(booking.price),
    amount: formatYen(Number(form.amount)),
  };
  return (
    <>
      <FormDialog
        title={translate('app.payment.title')}
        titleId="payment-dialog-title"
        {...dialogProps(onClose, submit)}
        submitLabel={translate('app.payment.submit')}
        problemTestId="payment-error"
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DatePickerJa
            label={translate('app.payment.date')}
            value={form.payment_exe_date}
            onChange={(date) => set('payment_exe_date', date)}
            clearable
            fullWidth
            {...fieldMark(problem?.fields.payment_exe_date, translate('app.payment.provisional_help'))}
          />
          <YenInput
            id="payment-amount"
            label={translate('app.payment.amount')}
            value={form.amount}
            parse={yenDigits}
            onChange={(value) => set('amount', value)}
            size="small"
            fullWidth
            autoFocus
            {...fieldMark(
              problem?.fields.amount,
              balance > 0 ? translate('app.payment.balance', { amount: formatYen(balance) }) : undefined,
            )}
          />
          {excess > 0 && (
            <Alert severity="warning" data-testid="payment-overpaid">
              {translate('app.payment.overpaid_warning', excessWords)}
            </Alert>
          )}
          <TextField
            id="payment-pay-type"
            label={translate('app.payment.pay_type')}
            value={form.pay_type}
            onChange={(e) => set('pay_type', e.target.value)}
            select
            size="small"
            fullWidth
            {...fieldMark(problem?.fields.pay_type)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {PAYMENT_FORM_PAY_TYPES.map((code) => (
              <option key={code} value={String(code)}>
                {payTypeLabel(code)}
              </option>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={form.mail} onChange={(e) => set('mail', e.target.checked)} />}
            label={translate('app.payment.mail')}
          />
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={confirming && excess > 0}
        titleId="payment-overpaid-title"
        title={translate('app.payment.overpaid_confirm_title')}
        content={translate('app.payment.overpaid_confirm_content', excessWords)}
        confirmColor="primary"
        confirmLabel={translate('app.payment.overpaid_confirm')}
        confirmAutoFocus={false}
        loading={busy}
        onConfirm={() => void confirmed()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
