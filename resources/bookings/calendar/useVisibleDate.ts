import { useEffect, useRef, useState, type RefObject } from 'react';

/** The grid's weekday row stays at the top of the area: what shows starts below it. */
export function stickyHeadHeight(el: HTMLElement): number {
  return el.querySelector('.cal-head')?.getBoundingClientRect().height ?? 0;
}

/** The first date whose cell ends below the area's top edge (a few pixels in, past its border). */
function topDate(el: HTMLElement): string | null {
  if (el.clientHeight === 0) return null;
  const top = el.getBoundingClientRect().top + stickyHeadHeight(el);
  for (const cell of el.querySelectorAll<HTMLElement>('[data-date]')) {
    if (cell.getBoundingClientRect().bottom > top + 4) return cell.dataset.date ?? null;
  }
  return null;
}

function readShown(scroller: RefObject<HTMLDivElement | null>, set: (date: string) => void) {
  const el = scroller.current;
  const shown = el ? topDate(el) : null;
  if (shown) set(shown);
}

/**
 * The first date shown at the top of the scroll area (the grid's top week or the list's top day),
 * read once per frame while it scrolls and after the rows change (`rowsKey`). Null until the first
 * rows are laid out (jsdom lays nothing out).
 */
export function useVisibleDate(scroller: RefObject<HTMLDivElement | null>, rowsKey: string) {
  const [date, setDate] = useState<string | null>(null);
  const frame = useRef(0);

  const onScroll = () => {
    if (frame.current !== 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      readShown(scroller, setDate);
    });
  };

  useEffect(() => {
    const measure = requestAnimationFrame(() => readShown(scroller, setDate));
    return () => cancelAnimationFrame(measure);
  }, [scroller, rowsKey]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  return { visibleDate: date, onScroll };
}
