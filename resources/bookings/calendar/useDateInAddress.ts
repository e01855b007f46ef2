import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { links } from '../../../src/routes';

/** How long the shown date must stay before the address follows it (no history entry either way). */
const URL_DELAY_MS = 400;

/**
 * The calendar's address follows the date shown (`?date=yyyy-MM-dd`, read back by calendarAddress.ts
 * on a reload) once the user has moved from where the page opened, without a history entry and
 * keeping its other parameters. Only on the calendar's own address: a booking's stays its own (the
 * date comes back when the panel closes). The address is read again when the timer fires, so a
 * booking opened meanwhile is never navigated away from.
 */
export function useDateInAddress(options: {
  accommodationId: number;
  shownDate: string;
  /** Rows on screen and no booking open. */
  active: boolean;
  /** The page opened at an address's date: write it from the start. */
  openedWithDate: boolean;
}) {
  const { accommodationId, shownDate, active, openedWithDate } = options;
  const navigate = useNavigate();
  const openedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!active) return;
    openedAt.current ??= shownDate;
    if (shownDate === openedAt.current && !openedWithDate) return;
    const calendarPath = links.calendar(accommodationId);
    const timer = setTimeout(() => {
      const { pathname, search } = window.location;
      const query = new URLSearchParams(search);
      if (pathname.replace(/\/$/, '') !== calendarPath || query.get('date') === shownDate) return;
      query.set('date', shownDate);
      navigate({ pathname: calendarPath, search: `?${query}` }, { replace: true });
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, shownDate, openedWithDate, accommodationId, navigate]);
}
