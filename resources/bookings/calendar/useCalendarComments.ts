import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { mergeComments, type DateWindow, type DayComments } from './calendarModel';
import type { CalendarFirstAnswers } from './firstPaintHandoff';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

const NONE: DayComments = new Map();

/**
 * The calendar comments of the dates the calendar holds. `load` is called beside each bookings call
 * (same dates, same abort signal) and does not wait for it nor make it wait: the comments show when
 * they come. A failure leaves the bookings alone and says so once.
 */
export function useCalendarComments(accommodationId: number, first: CalendarFirstAnswers | null = null) {
  const dataProvider = useAppDataProvider();
  const [comments, setComments] = useState<DayComments>(() =>
    first ? mergeComments(NONE, first.window, first.comments) : NONE,
  );
  const notify = useNotify();

  const load = useCallback(
    (range: DateWindow, signal: AbortSignal) => {
      dataProvider
        .listComments(accommodationId, range.from, range.to, signal)
        .then((answer) => {
          if (!signal.aborted) setComments((held) => mergeComments(held, range, answer));
        })
        .catch(() => {
          if (!signal.aborted) notify('app.calendar.comments_failed', { type: 'warning' });
        });
    },
    [dataProvider, accommodationId, notify],
  );

  return { comments, load };
}
