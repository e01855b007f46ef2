import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { errorMessages } from '../../../contract/messages';
import { refundLimitOf } from '../../../contract/payment';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { defaultRefundAmount, parseAmount, refundChoices, refundInputError } from './refundModel';
import { newIdempotencyKey } from '../../../dataProvider/methods/money';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { bookingPanelKey } from '../panelQuery';

/**
 * The refund of one booking: its limit (received less refunds and the cancellation fee, or a live
 * booking's excess over its bill, issue 32), the payment it is made from (capped by what is left of
 * it), the typed amount, its error (spec 5 "Refund amount"), the dialog's state and the call (a
 * success said in the message box, a failure in the popup).
 *
 * The state outlives the dialog (the button that opens it holds it): closed and opened again, the
 * dialog shows what was typed. The operation key is made once for the refund the user means and sent
 * again on a retry after a failure, so a timeout retry or a double click refunds once; a changed
 * amount or payment is another refund and gets a new key. The caller remounts the hook when the
 * booking's paid amount changes (a refund made), which starts it afresh.
 */
export function useRefund(booking: Booking, onRefunded: () => void) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const choices = refundChoices(booking);
  // The payment refunded from (issue 19): the latest dated one with money left, unless chosen.
  const [targetId, setTargetId] = useState<number | null>(() => choices.initial?.id ?? null);
  const target = choices.targets.find((t) => t.id === targetId) ?? null;
  const [text, setText] = useState(() => String(defaultRefundAmount(booking, choices.initial)));
  const [key, setKey] = useState(newIdempotencyKey);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  // The last call's failure, shown in the popup beside what was typed; null: none.
  const [failure, setFailure] = useState<string | null>(null);
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

  /** After a failure the popup stays open, saying why, with what was typed and the same key for a retry. */
  const refund = async () => {
    if (error || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const named = target ? { payment_id: target.id } : {};
      await dataProvider.refundBooking({ book_id: booking.id, refund_amount: amount, ...named }, key);
      notify('app.dashboard.refund.done', { type: 'success' });
      setOpen(false);
      // A panel showing the booking (beside the dashboard) reads it again too.
      void queryClient.invalidateQueries({ queryKey: bookingPanelKey(booking.id) });
      onRefunded();
    } catch (e) {
      setFailure(failureMessage(e, errorMessages.generic));
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
    open,
    setOpen,
    sending,
    failure,
    confirming,
    setConfirming,
    refund,
  };
}

export type RefundForm = ReturnType<typeof useRefund>;
