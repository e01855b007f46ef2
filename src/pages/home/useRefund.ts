import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { errorMessages } from '../../../contract/messages';
import { refundLimitOf } from '../../../contract/payment';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { defaultRefundAmount, parseAmount, refundChoices, refundInputError } from './dashboardModel';
import { newIdempotencyKey } from '../../../dataProvider/methods/money';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/**
 * The refund of one cancelled booking: its limit (received less refunds and the cancellation fee),
 * the payment it is made from (capped by what is left of it), the typed amount, its error (spec 5
 * "Refund amount") and
 * the call. The operation key is made once for the refund the user means and sent again on a
 * retry after a failure, so a timeout retry or a double click refunds once; a changed amount is
 * another refund and gets a new key.
 */
export function useRefund(booking: Booking, onRefunded: () => void) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const choices = refundChoices(booking);
  // The payment refunded from (issue 19): the latest dated one with money left, unless chosen.
  const [targetId, setTargetId] = useState<number | null>(() => choices.initial?.id ?? null);
  const target = choices.targets.find((t) => t.id === targetId) ?? null;
  const [text, setText] = useState(() => String(defaultRefundAmount(booking, choices.initial)));
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const limit = refundLimitOf(booking);
  // Without a dated payment to name (data older than named refunds), the booking's limit alone.
  const error = refundInputError(text, limit, choices.targets.length > 0 ? target : undefined);
  const amount = parseAmount(text);

  const change = (value: string) => {
    setText(value);
    setKey(newIdempotencyKey());
  };

  /** Another payment: another refund (a new key), its amount offered afresh. */
  const choose = (id: number) => {
    const chosen = choices.targets.find((t) => t.id === id);
    setTargetId(id);
    setText(String(defaultRefundAmount(booking, chosen)));
    setKey(newIdempotencyKey());
  };

  const refund = async () => {
    if (error || sending) return;
    setSending(true);
    try {
      const named = target ? { payment_id: target.id } : {};
      await dataProvider.refundBooking({ book_id: booking.id, refund_amount: amount, ...named }, key);
      notify('app.dashboard.refund.done', { type: 'success' });
      onRefunded();
    } catch (e) {
      notify(failureMessage(e, errorMessages.generic), { type: 'error' });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  return {
    text,
    change,
    error,
    limit,
    amount,
    targets: choices.targets,
    target,
    choose,
    sending,
    confirming,
    setConfirming,
    refund,
  };
}
