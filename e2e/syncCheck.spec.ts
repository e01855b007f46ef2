import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addMonths, firstOfMonth, tokyoToday } from '../contract/dates';
import { errorMessages } from '../contract/messages';
import { monthDates, syncCheckMessages, type ChecksAnswer } from '../contract/syncCheck';
import { syncSettingMessages } from '../contract/syncSetting';
import { demoHotels } from '../tools/channelSim/demoHotels';
import { E2E_CHANNEL_SIM_URL } from '../playwright.config';
import { ADMIN, bearerOf, lookAt, postStay, signIn } from './support';

/**
 * The sync check (issue 21) on the started product and its channel simulator: the administrator sets
 * the facility's credentials on the settings page (a wrong password is refused by the site with its
 * sentence; the right one checks), a night we are full while the site still sells it is found by
 * the plan's sync check and listed on the dashboard, whose link opens that day's schedule.
 */

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ACCOMMODATION = 1;
const hotel = demoHotels[0]!;
const basic = `Basic ${Buffer.from(`${hotel.loginId}:${hotel.password}`).toString('base64')}`;

const next = firstOfMonth(addMonths(tokyoToday(), 1));
const year = Number(next.slice(0, 4));
const month = Number(next.slice(5, 7));
const dates = monthDates(year, month);
const night = dates[11]!;

/** Sets the site's stock of a room type, night by night, through the channel API as our push would. */
async function pushToSite(request: APIRequestContext, values: { room_code: string; date: string; n: number }[]) {
  const res = await request.post(`${E2E_CHANNEL_SIM_URL}/api/v1/hotels/${hotel.hotelId}/availability`, {
    headers: { authorization: basic },
    data: {
      values: values.map((v) => ({ room_code: v.room_code, date_from: v.date, date_to: v.date, availability: v.n })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits until our queued changes of the facility have reached the site (when the push job runs). */
async function waitForPushes(request: APIRequestContext, headers: Record<string, string>) {
  for (let i = 0; i < 40; i++) {
    const res = await request.get('/api/admin/sync/health', { headers });
    if (res.status() !== 200) return;
    const body = (await res.json()) as { rows?: { accommodation_id: number; pending_changes: number }[] };
    const row = body.rows?.find((r) => r.accommodation_id === ACCOMMODATION);
    if (!row || row.pending_changes === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The settings page's channel credentials of the facility (the demo's hotel id and login id). */
async function saveCredentials(page: Page, password: string) {
  await page.goto(`/m/accommodation/${ACCOMMODATION}/setting`);
  const section = page.getByTestId('setting-channel');
  await section.getByRole('textbox', { name: '施設ID' }).fill(hotel.hotelId);
  await section.getByRole('textbox', { name: 'ログインID' }).fill(hotel.loginId);
  await section.getByLabel('パスワード', { exact: true }).fill(password);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/facility\/\d+\/sync-settings\/\d+$/.test(r.url()),
  );
  await section.getByRole('button', { name: '保存' }).click();
  expect((await saved).status()).toBe(200);
  await expect(section.getByTestId('sync-settings-saved')).toHaveText('保存しました');
  // The site is asked at once whether the credentials open it, and the page says what it answered.
  const login = section.getByTestId('sync-login-result');
  if (password === hotel.password) await expect(login).toHaveText(syncSettingMessages.loginOk);
  else await expect(login).toHaveText(syncSettingMessages.loginFailed + errorMessages.syncWrongPassword);
  await lookAt(section, `sync-login-${password === hotel.password ? 'ok' : 'refused'}`);
}

test('a sync check finds a night the site sells while we are full; the dashboard links to its day', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const headers = await bearerOf(page.request, ADMIN);
  await page.request.put(`${E2E_CHANNEL_SIM_URL}/sim/config`, { data: { rate_limit_per_minute: 10_000 } });

  // A plan sold on the channel and the room type it is sold on.
  const plans = (await (await page.request.get(`/api/accommodations/${ACCOMMODATION}/plans`, { headers })).json()) as {
    plans: { id: number; name: string; ikyu_id: string | null }[];
  };
  let answer: ChecksAnswer | null = null;
  for (const plan of plans.plans.filter((p) => p.ikyu_id)) {
    const res = await page.request.get(`/api/checks/${ACCOMMODATION}?year=${year}&month=${month}&plan_id=${plan.id}`, {
      headers,
    });
    const body = (await res.json()) as ChecksAnswer;
    if (body.plan?.room_id) {
      answer = body;
      break;
    }
  }
  expect(answer, 'a plan with ikyu_id on a synced room type').not.toBeNull();
  const plan = answer!.plan!;
  const room = answer!.rooms.find((r) => r.id === plan.room_id)!;

  // The administrator types the facility's credentials on the settings page, the password wrong.
  await signIn(page, ADMIN);
  await saveCredentials(page, 'not-the-channel-password');

  // The administrator opens the plan's sync check from the plan list and checks next month.
  await page.goto(`/m/accommodation/${ACCOMMODATION}/plan`);
  const planRow = page.getByRole('row').filter({ hasText: plan.name }).first();
  // The link shows only for a plan sold on the channel (ikyu_id set).
  const unsold = plans.plans.find((p) => !p.ikyu_id);
  if (unsold) {
    const unsoldRow = page.getByRole('row').filter({ hasText: unsold.name }).first();
    await expect(unsoldRow).toBeVisible();
    await expect(unsoldRow.getByRole('link', { name: '同期確認' })).toHaveCount(0);
  }
  await planRow.getByRole('link', { name: '同期確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/${ACCOMMODATION}/plan/${plan.id}/sync/check$`));
  await expect(page.getByRole('heading', { name: `同期チェック：${plan.name}` })).toBeVisible();
  await expect(page.getByLabel('対象月')).toContainText(`${year}年${month}月`);
  // The site's status cannot be read: whatever was stored before, nothing says 正常 (issue 32).
  await expect(page.getByText('外部サイトの販売状況を読み込めませんでした')).toBeVisible();
  await expect(page.getByTestId('sync-check-status')).not.toContainText('正常');
  await expect(page.getByTestId('sync-check-fine')).toHaveCount(0);
  await lookAt(page, 'sync-check-unreadable');
  // The site refuses the wrong password: its sentence (spec section 8), and a sync log row.
  await page.getByRole('button', { name: 'チェック', exact: true }).click();
  await expect(page.getByRole('main').getByText(errorMessages.syncWrongPassword).first()).toBeVisible();
  await expect(page.getByTestId('sync-check-status')).toContainText('チェックエラー');
  await expect(page.getByTestId('sync-check-fine')).toHaveCount(0);
  const logs = await page.request.get('/api/admin/logs/sync?success=0', { headers });
  expect(JSON.stringify(await logs.json())).toContain(errorMessages.syncWrongPassword);
  // The dashboard lists the failed check of the room type, first.
  const checkUrl = page.url();
  await page.goto('/m/');
  const failedRow = page
    .getByTestId('sync-check-errors')
    .locator(`tr[data-date="${next}"]`)
    .filter({ hasText: room.name });
  await expect(failedRow.first()).toContainText(syncCheckMessages.checkFailed);
  await lookAt(page.getByTestId('sync-check-errors'), 'dashboard-sync-check-failed');

  // The right password, saved on the settings page: sync goes on at once (the full resync it queues
  // is waited for below), and the check runs.
  await saveCredentials(page, hotel.password);

  // We fill the room type that night.
  for (let i = 0; i < 30; i++) {
    const res = await postStay(page.request, headers, {
      accommodation_id: ACCOMMODATION,
      room_id: room.id,
      start_date: night,
      name: `同期チェック満室${i}`,
    });
    if (res.status() === 409) break;
    expect(res.status(), await res.text()).toBe(201);
  }
  await waitForPushes(page.request, headers);
  // The site holds our stock of the month, except that night: it still sells 2 rooms.
  const ours = (
    (await (
      await page.request.get(`/api/checks/${ACCOMMODATION}?year=${year}&month=${month}`, { headers })
    ).json()) as ChecksAnswer
  ).ours!.find((o) => o.room_id === room.id)!;
  expect(ours.left[11]!).toBeLessThanOrEqual(0);
  // The site sells the plan on that room type (the push of restrictions, as our push would send it).
  const restrictions = await page.request.post(`${E2E_CHANNEL_SIM_URL}/api/v1/hotels/${hotel.hotelId}/restrictions`, {
    headers: { authorization: basic },
    data: {
      values: [
        {
          plan_code: plan.ikyu_id,
          room_code: room.channel_code,
          date_from: dates[0],
          date_to: dates[dates.length - 1],
          rate: 12000,
          stop_sell: false,
        },
      ],
    },
  });
  expect(restrictions.status(), await restrictions.text()).toBe(200);
  await pushToSite(
    page.request,
    dates.map((date, i) => ({
      room_code: room.channel_code!,
      date,
      n: date === night ? 2 : Math.max(0, ours.left[i]!),
    })),
  );

  // With the site set up, the check runs again on the same page.
  await page.goto(checkUrl);
  await page.getByRole('button', { name: 'チェック', exact: true }).click();
  await expect(page.getByText(`${year}年${month}月のチェックが終わりました。`)).toBeVisible();

  const days = page.getByTestId('sync-check-days');
  await expect(days).toBeVisible();
  await expect(page.getByTestId('sync-check-status')).toContainText('不一致あり');
  const row = days.locator(`tr[data-date="${night}"]`);
  await expect(row).toContainText('満室なのに外部サイトで販売中');
  await expect(row.getByRole('link', { name: '要確認' })).toHaveAttribute(
    'href',
    `/m/accommodation/${ACCOMMODATION}/book/${year}/${month}/12`,
  );
  // The site's status of the plan that night: on sale (○).
  await expect(row.locator('td').nth(2)).toHaveText('○');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/sync-check.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/sync-check-390-top.png` });
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/sync-check-390.png` });
    // The four columns fit the phone's width: the table does not scroll sideways.
    const table = await days.evaluate((el) => ({
      scroll: el.parentElement!.scrollWidth,
      width: el.parentElement!.clientWidth,
    }));
    expect(table.scroll).toBeLessThanOrEqual(table.width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The dashboard lists the night; its date opens that day's schedule.
  await page.goto('/m/');
  const table = page.getByTestId('sync-check-errors');
  const error = table.locator(`tr[data-date="${night}"]`).filter({ hasText: room.name }).first();
  await expect(error).toContainText('満室なのに外部サイトで販売中');
  if (SHOTS) await table.screenshot({ path: `${SHOTS}/dashboard-sync-errors.png` });
  await error.getByTestId('sync-check-error-link').click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/${ACCOMMODATION}/book/${year}/${month}/12$`));
  await expect(page.getByRole('heading', { name: new RegExp(`${year}年${month}月12日`) })).toBeVisible();
});
