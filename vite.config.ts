import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress, shellPreload } from './scripts/vitePlugins';
import { CALENDAR_ADDRESS } from './resources/bookings/calendar/calendarAddress';
import { LOAD_SHELL_EVENT, LOAD_SHELL_FALLBACK_MS } from './src/shellLoading';

/** The API server (server/server.ts) that the dev server forwards API, OAuth and calendar-feed calls to. */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    shellPreload({
      shells: ['src/App.tsx', 'src/AdminApp.tsx'],
      pages: [
        // The calendar's first paint (drawn before the shell has loaded), then the calendar's page.
        { pattern: CALENDAR_ADDRESS, module: 'resources/bookings/calendar/firstPaint.tsx', first: true },
        { pattern: CALENDAR_ADDRESS, module: 'resources/bookings/calendar/CalendarPage.tsx' },
      ],
      deferEvent: LOAD_SHELL_EVENT,
      deferFallbackMs: LOAD_SHELL_FALLBACK_MS,
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The react-admin shell is one lazy chunk of about 1 MB; the login page stays small.
    chunkSizeWarningLimit: 1200,
    // The console, and the guest's pre-check-in page (served at /checkin/{token}) with its own small entry.
    rollupOptions: { input: { main: 'index.html', checkin: 'checkin.html' } },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oauth': { target: apiTarget, changeOrigin: false },
      '/ical': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget },
      '/oauth': { target: apiTarget },
      '/ical': { target: apiTarget },
    },
  },
});
