import { Box, MenuItem, Stack, TextField } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { refundLimitText, type RefundTarget } from '../../../contract/payment';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { FormDialog } from '../../../src/components/FormDialog';
import { YenInput } from '../../../src/components/YenInput';
import { yenDigits } from '../../../src/components/yenText';
import { paymentSummary } from '../historyModel';
import type { RefundForm } from './useRefund';

/** A payment as the refund form offers it: 2026年11月3日 銀行振込 50,000円（返金済み 10,000円）. */
function targetLabel(target: RefundTarget, translate: ReturnType<typeof useAppTranslate>): string {
  const payment = paymentSummary(target);
  return target.refunded > 0
    ? translate('app.dashboard.refund.payment_refunded', { payment, refunded: formatYen(target.refunded) })
    : payment;
}

export interface RefundDialogProps {
  booking: Booking;
  /** The form's state, held by the button that opens it (useRefund). */
  refund: RefundForm;
}

/**
 * The refund of one booking in a popup (spec 5 "Refund amount"; issues 19 and 32): the payment
 * refunded from (the latest dated one with money left), the amount (1円 up to the limit, the limit
 * shown before anything is typed, a refused amount saying why in its place), 返金 (disabled while the
 * amount is refused) and its confirmation. A cancelled booking's limit keeps the cancellation fee, a
 * live booking's its bill: only its excess (過入金) goes back.
 */
export function RefundDialog({ booking, refund: r }: RefundDialogProps) {
  const translate = useAppTranslate();
  return (
    <>
      <FormDialog
        open={r.open}
        title={translate('app.dashboard.refund.dialog_title', { name: booking.name })}
        titleId={`refund-dialog-title-${booking.id}`}
        onClose={() => r.setOpen(false)}
        onSubmit={() => {
          if (r.error === null && !r.sending) r.setConfirming(true);
        }}
        busy={r.sending}
        submitLabel={translate('app.dashboard.refund.submit')}
        submitDisabled={r.error !== null}
        problem={r.failure}
        problemTestId="refund-error"
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box data-testid="refund-booking" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {translate('app.dashboard.refund.dialog_stay', {
              date: formatDate(booking.start_date),
              paid: formatYen(r.limit.received - r.limit.refunded),
            })}
          </Box>
          {r.targets.length > 0 && (
            <TextField
              select
              id={`refund-payment-${booking.id}`}
              size="small"
              fullWidth
              label={translate('app.dashboard.refund.payment_label')}
              value={r.target?.id ?? ''}
              onChange={(e) => r.choose(Number(e.target.value))}
              disabled={r.sending}
              slotProps={{ htmlInput: { 'data-testid': 'refund-payment' } }}
              // A long choice wraps: its amount stays in sight.
              sx={{ '& .MuiInputBase-input.MuiSelect-select': { whiteSpace: 'normal' } }}
            >
              {r.targets.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {targetLabel(t, translate)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <YenInput
            size="small"
            fullWidth
            autoFocus
            label={translate('app.dashboard.refund.col_amount')}
            value={r.text}
            parse={yenDigits}
            onChange={r.change}
            error={r.error !== null}
            disabled={r.sending}
            // The maximum before anything is typed; a refused amount says why in red instead.
            helperText={r.error ?? <span data-testid="refund-limit">{refundLimitText(r.limit)}</span>}
            slotProps={{
              htmlInput: {
                'aria-label': translate('app.dashboard.refund.amount_label', { name: booking.name }),
              },
              formHelperText: { sx: { mx: 0, whiteSpace: 'normal' } },
            }}
          />
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={r.confirming}
        loading={r.sending}
        confirmColor="primary"
        titleId={`refund-confirm-title-${booking.id}`}
        title={translate('app.dashboard.refund.confirm_title')}
        content={[
          translate('app.dashboard.refund.confirm_content', { name: booking.name, amount: formatYen(r.amount) }),
          r.target ? translate('app.dashboard.refund.confirm_payment', { payment: paymentSummary(r.target) }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        onConfirm={() => void r.refund()}
        onClose={() => r.setConfirming(false)}
      />
    </>
  );
}
