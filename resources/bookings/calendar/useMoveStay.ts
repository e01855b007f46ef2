import { useCallback, useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { differenceInCalendarDays, format } from 'date-fns';
import type { Booking } from '../../../contract/booking';
import { errorMessages } from '../../../contract/messages';
import { failureMessage } from '../../../dataProvider/apiErrors';

/** The new check-in and nights of a stay dropped or stretched on the month (end: its check-out day). */
export interface StayChange {
  start_date: string;
  days: number;
}

/**
 * What a drop or a resize asks of a stay: its new check-in and nights; null when nothing changes or
 * the stay would lose its last night. react-big-calendar hands over the browser's local days.
 */
export function stayChange(booking: Pick<Booking, 'start_date' | 'days'>, start: Date, end: Date): StayChange | null {
  const days = differenceInCalendarDays(end, start);
  const start_date = format(start, 'yyyy-MM-dd');
  if (days < 1) return null;
  if (start_date === booking.start_date && days === booking.days) return null;
  return { start_date, days };
}

/**
 * Moves a stay (or changes its nights) through the dataProvider: the server's rules decide (a full
 * day answers 409 and its message is shown). While the call runs the stay shows where it was
 * dropped; refused, it goes back to where the server holds it.
 */
export function useMoveStay() {
  const notify = useNotify();
  const [update] = useUpdate<Booking>();
  const [pending, setPending] = useState<ReadonlyMap<number, StayChange>>(new Map());

  const settle = useCallback((id: number) => {
    setPending((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  const move = useCallback(
    (booking: Booking, start: Date, end: Date) => {
      const change = stayChange(booking, start, end);
      if (!change || pending.has(booking.id)) return;
      setPending((current) => new Map(current).set(booking.id, change));
      void update(
        'books',
        { id: booking.id, data: change, previousData: booking },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => notify('app.calendar.stay_moved', { type: 'success' }),
          onError: (error) => notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' }),
          onSettled: () => settle(booking.id),
        },
      );
    },
    [update, notify, settle, pending],
  );

  return { move, pending };
}
