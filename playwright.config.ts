import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
/** The bearer token of POST /api/mail/inbound on the e2e server. */
export const E2E_INBOUND_MAIL_SECRET = 'e2e-inbound-mail-secret-0123456789';
/** Several runs side by side (one per engineer) each need their own database and artifacts. */
const workDir = process.env.E2E_WORK_DIR ?? 'test-results';
/** The run's SMTP server (tools/e2eMailSink.ts): the product delivers there, each mail a .eml file in E2E_MAIL_DIR. */
export const E2E_MAIL_PORT = port + 1000;
export const E2E_MAIL_DIR = `${workDir}/e2e-mail`;
/** The run's channel simulator, started inside the e2e server (docs/channel.md); tests drive it through /sim. */
export const E2E_CHANNEL_SIM_PORT = port + 2000;
export const E2E_CHANNEL_SIM_URL = `http://127.0.0.1:${E2E_CHANNEL_SIM_PORT}`;
/** Seconds between two reads of the channel's feed on the e2e server: a stale facility shows within seconds. */
export const E2E_CHANNEL_POLL_SECONDS = 2;

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
    // A failed test keeps its trace: the DOM at each step, the network and the console. Without the
    // screencast (a frame per paint, encoded by the browser), which cost about a sixth of the e2e
    // stage's time (docs/testing.md); E2E_TRACE=full records it too.
    trace: {
      mode: 'retain-on-failure',
      screenshots: process.env.E2E_TRACE === 'full',
      snapshots: true,
      sources: true,
    },
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
  webServer: [
    {
      command: `rm -rf ${E2E_MAIL_DIR} && npx tsx tools/e2eMailSink.ts`,
      port: E2E_MAIL_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_MAIL_PORT: String(E2E_MAIL_PORT), E2E_MAIL_DIR },
    },
    {
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
        // e2e/receivedMail.spec.ts hands received mail over through POST /api/mail/inbound.
        INBOUND_MAIL_SECRET: E2E_INBOUND_MAIL_SECRET,
        // Mail goes out over real SMTP to the sink above (e2e/support.ts waitForMail), without throttling.
        SMTP_URL: `smtp://127.0.0.1:${E2E_MAIL_PORT}`,
        MAIL_RATE_PER_SECOND: '1000',
        // The channel simulator inside the server, polled every 2 seconds (e2e/syncStale.spec.ts).
        CHANNEL_SIM_PORT: String(E2E_CHANNEL_SIM_PORT),
        CHANNEL_POLL_SECONDS: String(E2E_CHANNEL_POLL_SECONDS),
      },
    },
  ],
});
