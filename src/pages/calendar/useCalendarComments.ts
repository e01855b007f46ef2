import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { listComments } from '../../../dataProvider/bookingsApi';
import { mergeComments, type DateWindow, type DayComments } from './calendarModel';

const NONE: DayComments = new Map();

/**
 * The calendar comments of the dates the calendar holds. `load` is called beside each bookings call
 * (same dates, same abort signal) and does not wait for it nor make it wait: the comments show when
 * they come. A failure leaves the bookings alone and says so once.
 */
export function useCalendarComments(accommodationId: number) {
  const [comments, setComments] = useState<DayComments>(NONE);
  const notify = useNotify();

  const load = useCallback(
    (range: DateWindow, signal: AbortSignal) => {
      listComments(accommodationId, range.from, range.to, signal)
        .then((answer) => {
          if (!signal.aborted) setComments((held) => mergeComments(held, range, answer));
        })
        .catch(() => {
          if (!signal.aborted) notify('app.calendar.comments_failed', { type: 'warning' });
        });
    },
    [accommodationId, notify],
  );

  return { comments, load };
}
