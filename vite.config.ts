import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress, shellPreload } from './scripts/vitePlugins';
import { CALENDAR_ADDRESS } from './src/pages/calendar/calendarAddress';

/** The API server (server/server.ts) that the dev server forwards API, OAuth and calendar-feed calls to. */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    shellPreload({
      shells: ['src/App.tsx', 'src/AdminApp.tsx'],
      pages: [{ pattern: CALENDAR_ADDRESS, module: 'src/pages/calendar/CalendarPage.tsx' }],
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The react-admin shell is one lazy chunk of about 1 MB; the login page stays small.
    chunkSizeWarningLimit: 1200,
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
