/**
 * On a calendar's address the console's code (router, MUI, react-admin: about 300 kB) waits until
 * the calendar's first paint is on screen (resources/bookings/calendar/firstPaint.tsx): its requests would
 * otherwise hold the connections and the main thread that the bookings' calls and the first paint
 * need. The entry dispatches this event on `window` when the console may load; the build's preload
 * script (scripts/vitePlugins.ts) then asks for the console's chunks.
 */
export const LOAD_SHELL_EVENT = 'yadoban:load-shell';

/** The preload script's own limit: past it the console's chunks are asked for even without the event. */
export const LOAD_SHELL_FALLBACK_MS = 2000;
