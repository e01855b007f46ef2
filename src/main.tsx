import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasSession } from '../dataProvider/tokenStore';
import { startEarlyCalls } from './earlyCalls';
import { LoginPage } from './pages/LoginPage';
import { calendarAccommodationOf } from '../resources/bookings/calendar/calendarAddress';
import { LOAD_SHELL_EVENT } from './shellLoading';
import { reloadOnStaleRelease } from './staleRelease';

// A tab left open across a release reloads once when its old chunks are gone.
reloadOnStaleRelease(window);

// A signed-in page's first calls leave before any of its code has loaded.
startEarlyCalls(window.location);

const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from index.html');
const root = createRoot(element);

/** The longest a signed-in page waits for its code before rendering anyway (with its spinners). */
const PRELOAD_WAIT_MS = 3000;
/** The login page fetches the console's code this long after it shows, while the user types. */
const LOGIN_PREFETCH_MS = 1000;
/** The longest a calendar's address waits for its first paint before loading the console anyway. */
const FIRST_PAINT_WAIT_MS = 1500;

const loadApp = () => import('./App');

/** Set once the console renders: the calendar's first paint must not come after it. */
let consoleRendered = false;
/** The calendar's first paint around what is rendered, while it shows (paintCalendarFirst). */
let aroundConsole: (console: ReactNode) => ReactNode = (console) => console;

/**
 * The console (router, MUI, react-admin) for the current address, rendered once the code of the
 * shell and of the page at that address is here: one pass, no fallback in between.
 */
async function openConsole(): Promise<void> {
  const { App, preloadAdminFor } = await loadApp();
  await Promise.race([
    preloadAdminFor(window.location.pathname),
    new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
  ]);
  consoleRendered = true;
  root.render(<StrictMode>{aroundConsole(<App />)}</StrictMode>);
}

/**
 * The calendar's first paint (resources/bookings/calendar/firstPaint.tsx, a small chunk of its own), unless
 * the console has rendered by the time its answers are in; the console then starts from them.
 * `painted` is called once it is on screen, or at once when there is none to draw.
 */
async function paintCalendarFirst(painted: () => void): Promise<void> {
  const { readFirstPaint, keepFirstPaint, FirstPaintHost } = await import('../resources/bookings/calendar/firstPaint');
  const paint = await readFirstPaint(window.location);
  if (!paint || consoleRendered) return painted();
  keepFirstPaint(paint);
  aroundConsole = (console) => (
    <FirstPaintHost paint={paint} onPainted={painted}>
      {console}
    </FirstPaintHost>
  );
  root.render(<StrictMode>{aroundConsole(null)}</StrictMode>);
}

/**
 * A calendar's address: its bookings drawn first, from the early answers, and the console's code
 * asked for once they are on screen (src/shellLoading.ts), or after FIRST_PAINT_WAIT_MS whatever
 * happens.
 */
function openCalendar(): void {
  let loading = false;
  const loadConsole = () => {
    if (loading) return;
    loading = true;
    window.dispatchEvent(new Event(LOAD_SHELL_EVENT));
    void openConsole();
  };
  setTimeout(loadConsole, FIRST_PAINT_WAIT_MS);
  paintCalendarFirst(loadConsole).catch(loadConsole);
}

const atLogin = ['/', '/login'].includes(window.location.pathname);
if (atLogin && !hasSession()) {
  // The login page alone: React and the form, none of the console's code (issue 12: ≤ 100 kB).
  const signedIn = () => {
    window.history.replaceState(null, '', '/m/');
    void openConsole();
  };
  root.render(
    <StrictMode>
      <LoginPage onSignedIn={signedIn} />
    </StrictMode>,
  );
  setTimeout(() => void loadApp().then((app) => app.preloadAdmin()), LOGIN_PREFETCH_MS);
} else if (calendarAccommodationOf(window.location.pathname) !== null) {
  openCalendar();
} else {
  void openConsole();
}
