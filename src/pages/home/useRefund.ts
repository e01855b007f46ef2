import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { errorMessages } from '../../../contract/messages';
import { refundLimitOf } from '../../../contract/payment';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { defaultRefundAmount, parseAmount, refundInputError } from './dashboardModel';
import { newIdempotencyKey } from '../../../dataProvider/methods/money';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/**
 * The refund of one cancelled booking: its limit (received less refunds and the cancellation fee),
 * the typed amount, its error (spec 5 "Refund amount") and
 * the call. The operation key is made once for the refund the user means and sent again on a
 * retry after a failure, so a timeout retry or a double click refunds once; a changed amount is
 * another refund and gets a new key.
 */
export function useRefund(booking: Booking, onRefunded: () => void) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [text, setText] = useState(() => String(defaultRefundAmount(booking)));
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const limit = refundLimitOf(booking);
  const error = refundInputError(text, limit);
  const amount = parseAmount(text);

  const change = (value: string) => {
    setText(value);
    setKey(newIdempotencyKey());
  };

  const refund = async () => {
    if (error || sending) return;
    setSending(true);
    try {
      await dataProvider.refundBooking({ book_id: booking.id, refund_amount: amount }, key);
      notify('app.dashboard.refund.done', { type: 'success' });
      onRefunded();
    } catch (e) {
      notify(failureMessage(e, errorMessages.generic), { type: 'error' });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  return { text, change, error, limit, amount, sending, confirming, setConfirming, refund };
}
