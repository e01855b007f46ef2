import { Box, Button, MenuItem, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { paidShown, refundLimitText, type RefundTarget } from '../../../contract/payment';
import { paymentSummary } from '../../../resources/bookings/historyModel';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { YenInput } from '../../components/YenInput';
import { yenDigits } from '../../components/yenText';
import { Facility } from '../../components/Facility';
import { useRefund } from './useRefund';

interface RefundProps {
  booking: Booking;
  onRefunded: () => void;
}

/** The money the house holds: received (provisional settlements are not) less refunds made. */
const held = (booking: Booking) => paidShown(booking).held;

/** A payment as the refund form offers it: 2026年11月3日 銀行振込 50,000円（返金済み 10,000円）. */
function targetLabel(target: RefundTarget, translate: ReturnType<typeof useAppTranslate>): string {
  const payment = paymentSummary(target);
  return target.refunded > 0
    ? translate('app.dashboard.refund.payment_refunded', { payment, refunded: formatYen(target.refunded) })
    : payment;
}

/**
 * The payment refunded from (the latest dated one with money left, issue 19), the amount (1円 up to
 * the limit, shown before typing), the 返金 button and its confirmation.
 */
function RefundAction({ booking, onRefunded }: RefundProps) {
  const translate = useAppTranslate();
  const r = useRefund(booking, onRefunded);
  return (
    <>
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
          // In the table the cell keeps its width: a long choice wraps (its amount stays in sight).
          sx={{
            mb: 1,
            maxWidth: { xs: 'none', md: 264 },
            '& .MuiInputBase-input.MuiSelect-select': { whiteSpace: 'normal' },
          }}
        >
          {r.targets.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {targetLabel(t, translate)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <YenInput
          size="small"
          hiddenLabel
          value={r.text}
          parse={yenDigits}
          onChange={r.change}
          error={r.error !== null}
          helperText={r.error}
          disabled={r.sending}
          slotProps={{
            htmlInput: {
              'aria-label': translate('app.dashboard.refund.amount_label', { name: booking.name }),
            },
            formHelperText: { sx: { mx: 0, whiteSpace: 'normal' } },
          }}
          sx={{ width: 180 }}
        />
        <Button
          variant="contained"
          disabled={r.error !== null || r.sending}
          onClick={() => r.setConfirming(true)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('app.dashboard.refund.submit')}
        </Button>
      </Box>
      {/* The maximum before anything is typed; a refused amount says it in red instead. */}
      {r.error === null && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          data-testid="refund-limit"
          sx={{ mt: 0.5, whiteSpace: 'normal' }}
        >
          {refundLimitText(r.limit)}
        </Typography>
      )}
      <ConfirmDialog
        open={r.confirming}
        loading={r.sending}
        confirmColor="primary"
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

/** A cancelled booking to refund, as a row of the refund table. */
export function RefundRow(props: RefundProps) {
  const { booking } = props;
  return (
    <TableRow data-book-id={booking.id} sx={{ '& td': { whiteSpace: 'nowrap' } }}>
      <TableCell>
        <Facility accommodationId={booking.accommodation_id} />
      </TableCell>
      <TableCell>{booking.name}</TableCell>
      <TableCell>{formatDate(booking.start_date)}</TableCell>
      <TableCell align="right">{formatYen(held(booking))}</TableCell>
      <TableCell align="right">{formatYen(booking.cancel_fee ?? 0)}</TableCell>
      <TableCell sx={{ width: 280 }}>
        <RefundAction {...props} />
      </TableCell>
    </TableRow>
  );
}

/** The same on a narrow screen: the booking above, its refund below. */
export function RefundItem(props: RefundProps) {
  const translate = useAppTranslate();
  const { booking } = props;
  return (
    <Stack
      component="li"
      data-book-id={booking.id}
      spacing={1}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Facility accommodationId={booking.accommodation_id} iconOnly />
        <Typography sx={{ fontWeight: 700 }}>{booking.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(booking.start_date)}
        </Typography>
      </Box>
      <Typography variant="body2">
        {translate('app.dashboard.refund.col_paid')} {formatYen(held(booking))}・
        {translate('app.dashboard.refund.col_cancel_fee')} {formatYen(booking.cancel_fee ?? 0)}
      </Typography>
      <RefundAction {...props} />
    </Stack>
  );
}
