import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Booking } from '../../contract/booking';
import { viaLabel } from '../../contract/enums';
import { overpaidOf, paidShown } from '../../contract/payment';
import { formatDate, formatDateTime, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { checkOutDate, type BookingFormValues } from './bookingModel';
import { RefundButton } from './refund/RefundButton';

interface FactProps {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Columns of the 4-column grid. */
  span?: number;
  /** A line under the value (a state of it: 過入金). */
  note?: ReactNode;
}

function Fact({ label, children, testId, span = 1, note }: FactProps) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: `span ${span}` }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {children || '—'}
      </Typography>
      {note}
    </Box>
  );
}

export interface BookingSummaryProps {
  booking: Booking | null;
  form: BookingFormValues;
  /** After a refund of the excess (the 過入金 line's 返金): the panel reads the booking again. */
  onRefunded?: () => void;
}

/** What the panel shows but does not edit: check-out, amounts, source and booking day. */
export function BookingSummary({ booking, form, onRefunded }: BookingSummaryProps) {
  const translate = useAppTranslate();
  const checkOut = checkOutDate(form.start_date, form.days) ?? booking?.end_date ?? null;
  const taxDue = booking?.tax_due ?? 0;
  // Paid beyond the bill (issue 32): the excess is a refund to make. A cancelled booking's money is
  // the refund list's (its fee, not its bill, is what it keeps).
  const overpaid = booking && booking.delete_flg !== 1 ? overpaidOf(booking) : 0;
  const nights = Number(form.days) > 0 ? translate('app.booking.nights', { count: Number(form.days) }) : '';
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
        bgcolor: 'grey.50',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
      }}
    >
      <Fact label={translate('resources.bookings.fields.end_date')} testId="booking-check-out" span={2}>
        {checkOut ? `${formatDate(checkOut)}${nights ? `（${nights}）` : ''}` : ''}
      </Fact>
      {booking && (
        <>
          <Fact label={translate('resources.bookings.fields.price_sub')} testId="booking-price-sub">
            {formatYen(booking.price_sub)}
          </Fact>
          <Fact
            label={translate('resources.bookings.fields.paid')}
            testId="booking-price"
            note={
              overpaid > 0 && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                  <Typography
                    variant="caption"
                    component="div"
                    color="warning.dark"
                    data-testid="booking-overpaid"
                    sx={{ fontWeight: 700 }}
                  >
                    {translate('app.booking.overpaid', { amount: formatYen(overpaid) })}
                  </Typography>
                  {/* The excess given back (issue 32); a refund made starts the next one afresh. */}
                  {onRefunded && (
                    <RefundButton
                      key={`${booking.id}:${booking.price}`}
                      booking={booking}
                      onRefunded={onRefunded}
                      variant="text"
                    />
                  )}
                </Box>
              )
            }
          >
            {/* A provisional settlement is not money received (issue 19): named beside, not added. */}
            {formatYen(paidShown(booking).held)}
            {paidShown(booking).provisional > 0 &&
              translate('app.booking.provisional_apart', { amount: formatYen(paidShown(booking).provisional) })}
          </Fact>
          {/* Taxes collected apart from the price are on the guest's bill too (issue 31). */}
          {taxDue > 0 && (
            <Fact label={translate('app.booking.taxes_apart')} testId="booking-tax-due">
              {formatYen(taxDue)}
            </Fact>
          )}
          <Fact label={translate('resources.bookings.fields.via')} span={taxDue > 0 ? 1 : 2}>
            {viaLabel(booking.via)}
            {/* The site's own number: what the guest of a channel booking quotes. */}
            {booking.external_id && (
              <>
                {' '}
                <span data-testid="booking-external-id">{booking.external_id}</span>
              </>
            )}
          </Fact>
          <Fact label={translate('resources.bookings.fields.created_at')} span={2}>
            {formatDateTime(booking.created_at)}
          </Fact>
        </>
      )}
    </Box>
  );
}
