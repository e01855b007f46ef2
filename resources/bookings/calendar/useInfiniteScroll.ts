import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { SCROLL_THRESHOLD_PX } from './calendarConstants';
import { stickyHeadHeight } from './useVisibleDate';

const AUTO_LOAD_DELAY_MS = 300;
/** A day put at the top is placed again on the next frames (at most this many) ... */
const PLACE_MAX_FRAMES = 60;
/** ... until it has not moved for this many. */
const PLACED_FRAMES = 5;

/**
 * Puts `cell`'s row at the top of the area, under the weekday row. Rows skipped by
 * content-visibility take their real height once near the view, frames later, and move the day:
 * it is placed again until it has stayed put for a few frames.
 */
export function placeAtTop(el: HTMLElement, cell: Element): void {
  let still = 0;
  const place = (frames: number) => {
    const off = cell.getBoundingClientRect().top - el.getBoundingClientRect().top - stickyHeadHeight(el);
    if (Math.abs(off) >= 1) {
      el.scrollTop += off;
      still = 0;
    } else if (++still >= PLACED_FRAMES) return;
    if (frames > 0) requestAnimationFrame(() => place(frames - 1));
  };
  place(PLACE_MAX_FRAMES);
}

type Extend = (direction: 'before' | 'after', days: number, beforeApply?: () => void) => Promise<void>;

/**
 * Loads more when the scroll area comes within SCROLL_THRESHOLD_PX of its top or bottom, and keeps
 * what the user looks at in place when rows are prepended (the distance to the bottom is kept).
 * `firstDate` is the window's first date: it changes exactly when rows were prepended.
 */
export function useInfiniteScroll(extend: Extend, step: number, ready: boolean, firstDate: string, lastDate: string) {
  const scroller = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstDate]);

  const check = useCallback(() => {
    const el = scroller.current;
    // No layout (clientHeight 0, as in jsdom) means nothing to measure.
    if (!el || !ready || el.clientHeight === 0) return;
    if (el.scrollTop < SCROLL_THRESHOLD_PX) {
      void extend('before', step, () => {
        fromBottom.current = el.scrollHeight - el.scrollTop;
      });
    } else if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX) {
      void extend('after', step);
    }
  }, [extend, step, ready]);

  // At the very top a wheel gives no scroll event: load ahead once the data is in and after each
  // extension, so that there is always room to scroll up.
  // (A moment later: the first weeks paint before anything else is fetched.)
  useEffect(() => {
    const timer = setTimeout(check, AUTO_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check, firstDate, lastDate]);

  /**
   * Brings a day to the middle of the area ('center'), only if it is out of sight ('if-hidden'), or
   * its row to the top, under the weekday row ('top'); only the area scrolls (scrollIntoView moves
   * the page too).
   */
  const scrollToDate = useCallback((date: string, how: 'center' | 'if-hidden' | 'top' = 'center') => {
    const el = scroller.current;
    const cell = el?.querySelector(`[data-date="${date}"]`);
    if (!el || !cell) return;
    const { top, bottom, height } = cell.getBoundingClientRect();
    const area = el.getBoundingClientRect();
    if (how === 'top') {
      placeAtTop(el, cell);
      return;
    }
    if (how === 'if-hidden' && top >= area.top && bottom <= area.bottom) return;
    el.scrollTop += top - area.top - (el.clientHeight - height) / 2;
  }, []);

  return { scroller, onScroll: check, scrollToDate };
}
