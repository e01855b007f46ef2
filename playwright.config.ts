import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
/** Several runs side by side (one per engineer) each need their own database and artifacts. */
const workDir = process.env.E2E_WORK_DIR ?? 'test-results';

// e2e runs the product as `npm start` does (after `vite build`), on a fresh embedded database
// with the demo data, in Debian's Chromium: Playwright cannot download a browser here.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: `${workDir}/e2e-artifacts`,
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${workDir}/e2e-db && npx tsx server/server.ts`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `${workDir}/e2e-db/pg`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
    },
  },
});
