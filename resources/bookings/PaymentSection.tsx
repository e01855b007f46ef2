import { useState } from 'react';
import { Button, IconButton, Table, TableBody, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useNotify } from 'react-admin';
import type { Booking, BookingPayment } from '../../contract/booking';
import { payTypeLabel } from '../../contract/enums';
import { errorMessages } from '../../contract/messages';
import type { PaymentAnswer } from '../../contract/payment';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { failureMessage } from '../../dataProvider/apiErrors';
import { EmptyNote, PanelSection } from './PanelSection';
import { PaymentDialog } from './PaymentDialog';
import { isProvisional, moneyRows, paymentLock } from './paymentModel';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';

export interface PaymentSectionProps {
  booking: Booking;
  /** After a payment was registered or deleted: reload the booking and the calendar (spec 4). */
  onChanged: () => Promise<void>;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * 入金: the booking's payments (deletable unless a card settlement), its refunds (read-only) and the
 * payment popup. A cancelled booking's payments are read-only: money goes back by refund (dashboard).
 */
export function PaymentSection({ booking, onChanged }: PaymentSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  // The payment asked about stays set while the confirmation closes: its text must not flash back.
  const [deleting, setDeleting] = useState<BookingPayment | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rows = moneyRows(booking);
  const readOnly = booking.delete_flg === 1;
  const lockOf = (p: BookingPayment) => paymentLock(booking, p);
  const lockText = (p: BookingPayment) =>
    translate(lockOf(p) === 'cancelled' ? 'app.payment.locked_cancelled' : 'app.payment.locked');
  const dateOf = (p: BookingPayment) =>
    isProvisional(p) ? translate('app.booking.provisional') : formatDate(p.payment_exe_date);

  const registered = async (answer: PaymentAnswer) => {
    setAdding(false);
    // Taken beyond the bill (issue 32): said with the excess, the refund to make.
    if (answer.overpaid > 0) {
      notify('app.payment.registered_overpaid', {
        type: 'warning',
        messageArgs: { excess: formatYen(answer.overpaid) },
      });
    } else notify('app.message.info.paymentRegistered', { type: 'success' });
    await onChanged();
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dataProvider.deletePayment(deleting.id);
      notify('app.message.info.paymentDeleted', { type: 'success' });
      await onChanged();
    } catch (error) {
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirmOpen(false);
    }
  };

  return (
    <PanelSection
      title={translate('app.booking.payments')}
      testId="booking-payments"
      action={
        !readOnly && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('app.payment.register')}
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <EmptyNote>{translate('app.booking.no_payments')}</EmptyNote>
      ) : (
        <Table size="small" aria-label={translate('app.booking.payments')}>
          <TableBody>
            {rows.map((row) =>
              row.kind === 'payment' ? (
                <TableRow key={`p${row.payment.id}`} data-testid="payment-row">
                  <TableCell sx={{ px: 0.5 }}>
                    {isProvisional(row.payment) ? (
                      <Typography component="span" variant="body2" color="warning.main" sx={{ fontWeight: 700 }}>
                        {dateOf(row.payment)}
                      </Typography>
                    ) : (
                      dateOf(row.payment)
                    )}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatYen(row.payment.amount)}
                  </TableCell>
                  <TableCell>{payTypeLabel(row.payment.pay_type)}</TableCell>
                  <TableCell align="right" sx={{ px: 0.5, width: 40 }}>
                    {lockOf(row.payment) === null ? (
                      <IconButton
                        size="small"
                        aria-label={translate('app.payment.delete')}
                        onClick={() => {
                          setDeleting(row.payment);
                          setConfirmOpen(true);
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    ) : (
                      <Tooltip title={lockText(row.payment)}>
                        <LockIcon fontSize="small" color="disabled" aria-label={lockText(row.payment)} />
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={`r${row.refund.id}`} data-testid="refund-row">
                  <TableCell sx={{ px: 0.5 }}>{formatDate(row.refund.created_at)}</TableCell>
                  <TableCell align="right" sx={{ ...numeric, color: 'error.main' }}>
                    {formatYen(-row.refund.amount)}
                  </TableCell>
                  <TableCell sx={{ color: 'error.main' }}>{translate('app.payment.refund')}</TableCell>
                  <TableCell sx={{ px: 0.5, width: 40 }} />
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      )}
      {adding && (
        <PaymentDialog
          booking={booking}
          onClose={() => setAdding(false)}
          onSaved={(answer) => void registered(answer)}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={translate('app.payment.delete_title')}
        content={
          deleting &&
          translate('app.payment.delete_content', {
            date: dateOf(deleting),
            amount: formatYen(deleting.amount),
            pay_type: payTypeLabel(deleting.pay_type),
          })
        }
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirmOpen(false)}
      />
    </PanelSection>
  );
}
