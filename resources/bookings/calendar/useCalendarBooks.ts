import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import type { Room } from '../../../contract/room';
import { errorMessages } from '../../../contract/messages';
import { extensionWindow, initialWindow, mergeWindows, type DateWindow } from './calendarModel';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAccommodationList } from '../../../src/crud/useAccommodationList';
import { forgetFirstAnswers, type CalendarFirstAnswers } from './firstPaintHandoff';

const NO_ROOMS: Room[] = [];

interface BooksState {
  window: DateWindow;
  books: Map<number, Booking>;
  loaded: boolean;
}

const byId = (books: Booking[], into = new Map<number, Booking>()) => {
  for (const b of books) into.set(b.id, b);
  return into;
};

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** Asks for something else of the same dates beside a bookings call (the calendar comments). */
export type LoadBeside = (range: DateWindow, signal: AbortSignal) => void;

/**
 * The bookings of one accommodation's calendar window and its room types. The first window is one
 * call; each extension asks only for its new dates and merges them by booking id. `loadBeside` is
 * called right after the first window's call and each extension's call is sent, for the same dates;
 * a window the first paint drew (`first`) is not asked again.
 */
export function useCalendarBooks(
  accommodationId: number,
  today: string,
  loadBeside?: LoadBeside,
  /** The first paint's answers for this very window, when it drew it: shown in the first render. */
  first: CalendarFirstAnswers | null = null,
) {
  const dataProvider = useAppDataProvider();
  const [state, setState] = useState<BooksState>(() => ({
    window: initialWindow(today),
    books: first ? byId(first.books) : new Map(),
    loaded: first !== null,
  }));
  const rooms = useAccommodationList<Room>('rooms', accommodationId).data ?? first?.rooms ?? NO_ROOMS;
  const seeded = useRef(first !== null);
  const notify = useNotify();
  const windowRef = useRef(state.window);
  const busy = useRef(false);
  const abort = useRef(new AbortController());

  useEffect(() => {
    windowRef.current = state.window;
  }, [state.window]);

  const fail = useCallback(
    (e: unknown) => {
      if (isAbort(e)) return;
      notify(e instanceof Error && e.message ? e.message : errorMessages.generic, { type: 'error' });
    },
    [notify],
  );

  /** Loads the whole current window again (after a booking changed) and replaces what is held. */
  const reload = useCallback(async () => {
    const { from, to } = windowRef.current;
    try {
      const books = await dataProvider.listCalendarBooks(accommodationId, from, to, abort.current.signal);
      setState((s) => (s.window.from === from && s.window.to === to ? { ...s, books: byId(books), loaded: true } : s));
    } catch (e) {
      fail(e);
      setState((s) => ({ ...s, loaded: true }));
    }
  }, [dataProvider, accommodationId, fail]);

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    if (seeded.current) {
      // Started from the first paint's answers: nothing to ask for this window.
      seeded.current = false;
      forgetFirstAnswers();
    } else {
      void reload();
      loadBeside?.(windowRef.current, controller.signal);
    }
    return () => controller.abort();
  }, [accommodationId, reload, fail, loadBeside]);

  /**
   * Adds `days` days above or below. `beforeApply` runs just before the new rows are committed
   * (the page notes its scroll position there, to keep it steady when rows are prepended).
   */
  const extend = useCallback(
    async (direction: 'before' | 'after', days: number, beforeApply?: () => void) => {
      if (busy.current) return;
      busy.current = true;
      const added = extensionWindow(windowRef.current, direction, days);
      try {
        const asked = dataProvider.listCalendarBooks(accommodationId, added.from, added.to, abort.current.signal);
        loadBeside?.(added, abort.current.signal);
        const books = await asked;
        beforeApply?.();
        windowRef.current = mergeWindows(windowRef.current, added);
        setState((s) => ({ ...s, window: mergeWindows(s.window, added), books: byId(books, new Map(s.books)) }));
      } catch (e) {
        fail(e);
      } finally {
        busy.current = false;
      }
    },
    [dataProvider, accommodationId, fail, loadBeside],
  );

  /**
   * Starts a new window around `date` when it is outside the one held (the month view went far):
   * false when the date is already in the window and nothing was asked.
   */
  const recenter = useCallback(
    (date: string) => {
      const held = windowRef.current;
      if (date >= held.from && date <= held.to) return false;
      abort.current.abort();
      const controller = new AbortController();
      abort.current = controller;
      const next = initialWindow(date);
      windowRef.current = next;
      setState({ window: next, books: new Map(), loaded: false });
      void reload();
      loadBeside?.(next, controller.signal);
      return true;
    },
    [reload, loadBeside],
  );

  return { window: state.window, books: state.books, loaded: state.loaded, rooms, reload, extend, recenter };
}
