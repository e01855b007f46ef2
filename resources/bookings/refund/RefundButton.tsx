import { Button, type ButtonProps } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { RefundDialog } from './RefundDialog';
import { useRefund } from './useRefund';

export interface RefundButtonProps {
  booking: Booking;
  /** After the refund was recorded: the list or the panel reads the booking again. */
  onRefunded: () => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * 返金: opens the booking's refund in a popup (the dashboard's refund list and 過入金 card, the booking
 * panel's 過入金 line). It holds the form's state, so a popup closed and opened again shows what was
 * typed; give it a `key` with the booking's paid amount, so that a refund made starts it afresh.
 */
export function RefundButton({ booking, onRefunded, size = 'small', variant = 'outlined' }: RefundButtonProps) {
  const translate = useAppTranslate();
  const refund = useRefund(booking, onRefunded);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={() => refund.setOpen(true)}
        aria-haspopup="dialog"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {translate('app.dashboard.refund.open')}
      </Button>
      {(refund.open || refund.confirming) && <RefundDialog booking={booking} refund={refund} />}
    </>
  );
}
