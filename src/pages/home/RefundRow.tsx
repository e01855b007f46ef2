import { Box, Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { paidShown, refundLimitOf } from '../../../contract/payment';
import { RefundButton } from '../../../resources/bookings/shared';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { Facility } from '../../components/Facility';

interface RefundProps {
  booking: Booking;
  onRefunded: () => void;
}

/** The money the house holds: received (provisional settlements are not) less refunds made. */
const held = (booking: Booking) => paidShown(booking).held;

/**
 * A cancelled booking to refund, as one line of the refund table: its columns, the most it may get
 * back, and 返金, which opens the refund in a popup (issue 32: the form no longer sits in every row).
 */
export function RefundRow({ booking, onRefunded }: RefundProps) {
  return (
    <TableRow data-book-id={booking.id} sx={{ '& td': { whiteSpace: 'nowrap' } }}>
      <TableCell>
        <Facility accommodationId={booking.accommodation_id} />
      </TableCell>
      <TableCell>{booking.name}</TableCell>
      <TableCell>{formatDate(booking.start_date)}</TableCell>
      <TableCell align="right">{formatYen(held(booking))}</TableCell>
      <TableCell align="right">{formatYen(booking.cancel_fee ?? 0)}</TableCell>
      <TableCell align="right" data-testid="refund-max">
        {formatYen(refundLimitOf(booking).max)}
      </TableCell>
      <TableCell align="right">
        <RefundButton booking={booking} onRefunded={onRefunded} />
      </TableCell>
    </TableRow>
  );
}

/** The same on a narrow screen: the booking and its amounts, 返金 beside them. */
export function RefundItem({ booking, onRefunded }: RefundProps) {
  const translate = useAppTranslate();
  return (
    <Stack
      component="li"
      direction="row"
      data-book-id={booking.id}
      spacing={1}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none', alignItems: 'center' }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Facility accommodationId={booking.accommodation_id} iconOnly />
          <Typography sx={{ fontWeight: 700 }}>{booking.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(booking.start_date)}
          </Typography>
        </Box>
        <Typography variant="body2">
          {translate('app.dashboard.refund.col_paid')} {formatYen(held(booking))}・
          {translate('app.dashboard.refund.col_cancel_fee')} {formatYen(booking.cancel_fee ?? 0)}・
          {translate('app.dashboard.refund.col_amount')} {formatYen(refundLimitOf(booking).max)}
        </Typography>
      </Box>
      <RefundButton booking={booking} onRefunded={onRefunded} />
    </Stack>
  );
}
