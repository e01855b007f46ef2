import type { Booking, CalendarComment } from '../../../contract/booking';
import type { Room } from '../../../contract/room';
import { getAccessToken } from '../../../dataProvider/tokenStore';
import type { DateWindow } from './calendarWindow';

/**
 * The first window of a calendar as its first paint drew it (firstPaint.tsx, before the console's
 * code had loaded): the console's calendar starts from the very same answers, so that it shows its
 * bookings in its first render (no empty grid in between, no second call for the same window).
 */
export interface CalendarFirstAnswers {
  accommodationId: number;
  window: DateWindow;
  books: Booking[];
  comments: CalendarComment[];
  rooms: Room[];
}

/** Past this, the console asks again rather than start from answers this old. */
const KEPT_MS = 10_000;

/** With the session they were read in: another sign-in (another user, maybe) never gets them. */
let kept: { at: number; token: string | undefined; answers: CalendarFirstAnswers } | null = null;

export function keepFirstAnswers(answers: CalendarFirstAnswers): void {
  kept = { at: Date.now(), token: getAccessToken(), answers };
}

/**
 * The answers kept for this accommodation's window, if fresh and of this session; they stay until
 * forgetFirstAnswers (a render may ask twice).
 */
export function firstAnswersFor(accommodationId: number, window: DateWindow): CalendarFirstAnswers | null {
  if (!kept || Date.now() - kept.at > KEPT_MS || kept.token !== getAccessToken()) return null;
  const { answers } = kept;
  const same =
    answers.accommodationId === accommodationId &&
    answers.window.from === window.from &&
    answers.window.to === window.to;
  return same ? answers : null;
}

/** Once the calendar has started from them: a later visit asks anew. */
export function forgetFirstAnswers(): void {
  kept = null;
}

/*
 * The first paint stays over the console until the console's shell has rendered its page (the
 * calendar, from the same answers): removed in the same commit, before the browser paints, so that
 * no blank shell shows in between and the two are never on screen (nor in the page) together.
 */
let ended = false;
const listeners = new Set<() => void>();

/** Called by the console's shell as it renders its first page (AppLayout). */
export function endFirstPaint(): void {
  if (ended) return;
  ended = true;
  for (const listener of listeners) listener();
}

export const firstPaintEnded = (): boolean => ended;

export function subscribeFirstPaintEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Goes to an address from the first paint (a booking or a day clicked while the console loads).
 * The console's router may already be rendered beneath the first paint: it hears of the change
 * through popstate (pushState alone tells no one), and opens what the address names. Before the
 * router exists, it reads the address as it starts.
 */
export function openAddress(href: string): void {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}
