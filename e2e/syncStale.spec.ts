import { expect, test, type APIRequestContext } from '@playwright/test';
import { SYNC_HEALTH_REFRESH_MS, type SyncHealth } from '../contract/syncHealth';
import { E2E_CHANNEL_SIM_URL } from '../playwright.config';
import { ADMIN, bearerOf, signIn } from './support';

/**
 * Issue 21 "Sync health": while the channel is down (the simulator's outage: guests still book on
 * the site, our pulls fail) every screen's header warns that sync is stale, with the one-click
 * stop-sell; once the channel is back the warning goes. The e2e server polls every 2 seconds
 * (playwright.config.ts), so a facility is stale about 9 seconds into the outage; the console asks
 * every 30 seconds.
 */
test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

async function setOutage(request: APIRequestContext, outage: boolean) {
  const res = await request.put(`${E2E_CHANNEL_SIM_URL}/sim/faults`, { data: { outage } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function health(request: APIRequestContext): Promise<SyncHealth> {
  const res = await request.get('/api/admin/sync/health', { headers: await bearerOf(request, ADMIN) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as SyncHealth;
}

test('the header warns while the channel is down, stop-sells on one click, and clears when it is back', async ({
  page,
}) => {
  const request = page.request;
  await setOutage(request, false);
  // Sync runs: every demo facility has pulled lately.
  await expect
    .poll(async () => (await health(request)).rows.every((r) => !r.stale), { timeout: 30_000, intervals: [1000] })
    .toBe(true);

  // The page's clock runs on as usual, and is moved on by the console's 30 s between two reads of
  // the health where a test would otherwise wait for them.
  await page.clock.install();
  await signIn(page, ADMIN);
  const banner = page.getByTestId('sync-stale-banner');
  await expect(page.getByTestId('sync-health')).toContainText('正常');
  await expect(banner).toHaveCount(0);

  await setOutage(request, true);
  try {
    await expect.poll(async () => (await health(request)).rows.some((r) => r.stale), { timeout: 30_000 }).toBe(true);
    // The console's next read (every 30 s) shows it, on the screen that is open.
    await page.clock.fastForward(SYNC_HEALTH_REFRESH_MS);
    await expect(banner).toBeVisible({ timeout: 15_000 });
    const first = (await health(request)).rows.find((r) => r.stale)!;
    const line = banner.getByRole('alert');
    await expect(line).toContainText(`外部予約サイトとの同期が`);
    await expect(line).toContainText('分以上止まっています（');
    await expect(line).toContainText(first.name);
    // It names the cause: the site does not answer (issue 32).
    await expect(line.getByTestId('sync-stale-cause')).toHaveText(`原因：${first.last_error}`);
    expect(first.last_error).toBe('外部予約サイトに接続できません。');
    await expect(page.getByTestId('sync-health')).toContainText('停止中');
    if (SHOTS) await page.getByTestId('sync-health').screenshot({ path: `${SHOTS}/sync-health-stale.png` });

    // Another screen's header says it too: the calendar of the facility.
    await page.goto(`/m/accommodation/${first.accommodation_id}`);
    await expect(banner).toBeVisible({ timeout: 15_000 });

    // One click: the nights with at most one room left are stop-sold, and the header says how many.
    await line.getByRole('button', { name: '残り1室以下の日を売止' }).click();
    await expect(
      page.getByText(/^\d+泊（今日から90日間の残り1室以下の日）を売止にしました。|売止にする日はありませんでした/),
    ).toBeVisible();
    // The dashboard's sync card counts them, where they are lifted.
    const stopped = (await health(request)).rows.find((r) => r.accommodation_id === first.accommodation_id)!;
    if (stopped.stop_sell_nights > 0) {
      await page.goto('/m/');
      await expect(page.getByTestId('sync-health')).toContainText(`売止中 ${stopped.stop_sell_nights}泊`);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sync-stale-stopped.png` });
  } finally {
    await setOutage(request, false);
  }

  // The channel is back: the next pull succeeds, the push sends what waited (after its back-off of
  // at most a minute), and the warning goes.
  await expect
    .poll(async () => (await health(request)).rows.every((r) => !r.stale), { timeout: 90_000, intervals: [1000] })
    .toBe(true);
  await page.clock.fastForward(SYNC_HEALTH_REFRESH_MS);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });

  // Leave the site selling as before for the specs after this one.
  const headers = await bearerOf(request, ADMIN);
  for (const row of (await health(request)).rows) {
    if (row.stop_sell_nights > 0) {
      const res = await request.delete(`/api/admin/sync/stop-sell?accommodation_id=${row.accommodation_id}`, {
        headers,
      });
      expect(res.ok()).toBe(true);
    }
  }
});
