import { useCallback, useRef, type FocusEvent } from 'react';

/**
 * Tab into the calendar lands on today's date, not on the first day loaded (weeks above it): when
 * the keyboard brings the focus in from outside, it moves to today's cell if it is there. A click
 * is left alone (the pointer chose where the focus goes), and so is focus moving inside.
 */
export function useFocusAtToday() {
  const pointer = useRef(false);
  const onPointerDown = useCallback(() => {
    pointer.current = true;
    // The focus a press gives comes before this runs; a press that focuses nothing leaves no trace.
    setTimeout(() => {
      pointer.current = false;
    }, 0);
  }, []);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const area = event.currentTarget;
    const from = event.relatedTarget;
    if (pointer.current || (from instanceof Node && area.contains(from))) return;
    const today = area.querySelector<HTMLElement>('.today');
    if (!today || today.contains(event.target)) return;
    today.querySelector<HTMLElement>('.cal-date')?.focus();
  }, []);
  return { onPointerDown, onFocus };
}
