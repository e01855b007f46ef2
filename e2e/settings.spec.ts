import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, accommodationsOf, bearerOf, signIn } from './support';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an administrator copies the calendar feed address, regenerates it, and the old one answers 404', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [first] = (await accommodationsOf(page, ADMIN)).accommodations;
  await signIn(page, ADMIN, `/m/accommodation/${first!.id}/setting`);
  const section = page.getByTestId('setting-feed');
  await expect(section.getByRole('heading', { name: 'カレンダー連携（iCal）' })).toBeVisible();
  const address = section.getByTestId('ical-feed-url');
  await expect(address).toHaveValue(/\/ical\/[0-9a-z]+\.ics$/);
  const oldUrl = await address.inputValue();
  expect(new URL(oldUrl).origin).toBe(new URL(page.url()).origin);
  const before = await page.request.get(oldUrl);
  expect(before.status()).toBe(200);
  expect(await before.text()).toContain('BEGIN:VCALENDAR');

  await section.getByRole('button', { name: 'コピー' }).click();
  await expect(section.getByTestId('ical-feed-copied')).toHaveText('コピーしました');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
  await shot(page, 'setting-feed-copied');

  // Asked first: cancelling changes nothing.
  await section.getByRole('button', { name: 'アドレスを再発行' }).click();
  const dialog = page.getByRole('dialog', { name: 'アドレスの再発行' });
  await expect(dialog).toContainText('今のアドレスはすぐに使えなくなり');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).toHaveValue(oldUrl);

  await section.getByRole('button', { name: 'アドレスを再発行' }).click();
  const regenerated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/facility\/\d+\/ical\/regenerate$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect((await regenerated).status()).toBe(200);
  await expect(page.getByText('カレンダーのアドレスを再発行しました')).toBeVisible();
  await expect(address).not.toHaveValue(oldUrl);
  const newUrl = await address.inputValue();
  expect(newUrl).toMatch(/\/ical\/[0-9a-f]{64}\.ics$/);

  expect((await page.request.get(oldUrl)).status()).toBe(404);
  const after = await page.request.get(newUrl);
  expect(after.status()).toBe(200);
  expect(after.headers()['content-type']).toMatch(/^text\/calendar/);
  await shot(page, 'setting-feed-regenerated');

  // The new address stays after a reload.
  await page.reload();
  await expect(page.getByTestId('ical-feed-url')).toHaveValue(newUrl);
});

test('an administrator saves the automatic-mail settings; a wrong number is refused on its field', async ({ page }) => {
  await signIn(page, ADMIN);
  const list = (await accommodationsOf(page, ADMIN)).accommodations;
  // The last facility: the other specs book and pay in the first ones.
  const facility = list[list.length - 1]!;
  const headers = await bearerOf(page.request, ADMIN);
  const settingsUrl = `/api/admin/accommodations/${facility.id}/settings`;
  const original = (await (await page.request.get(settingsUrl, { headers })).json()) as {
    transfer_reminder_days: number;
    auto_cancel_unpaid: boolean;
  };
  try {
    await page.goto(`/m/accommodation/${facility.id}/setting`);
    const section = page.getByTestId('setting-auto-mail');
    await expect(section.getByRole('heading', { name: '自動メール' })).toBeVisible();
    const days = section.getByRole('spinbutton', { name: '振込期限の何日前にお知らせするか' });
    const autoCancel = section.getByRole('switch', { name: '未入金の予約を期限後に自動キャンセルする' });
    await expect(days).toHaveValue(String(original.transfer_reminder_days));
    await expect(autoCancel).not.toBeChecked();

    await days.fill('61');
    await section.getByRole('button', { name: '保存' }).click();
    await expect(section).toContainText('振込期限の何日前に知らせるかは0〜60の整数で入力してください。');
    await days.fill('');
    await section.getByRole('button', { name: '保存' }).click();
    await expect(section).toContainText('振込期限の何日前に知らせるかは0〜60の整数で入力してください。');
    expect((await (await page.request.get(settingsUrl, { headers })).json()).transfer_reminder_days).toBe(
      original.transfer_reminder_days,
    );

    await days.fill('7');
    await autoCancel.click();
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(settingsUrl));
    await section.getByRole('button', { name: '保存' }).click();
    expect((await saved).status()).toBe(200);
    await expect(section.getByTestId('auto-mail-saved')).toHaveText('保存しました');
    expect(await (await page.request.get(settingsUrl, { headers })).json()).toEqual({
      transfer_reminder_days: 7,
      auto_cancel_unpaid: true,
    });
    await shot(page, 'setting-auto-mail-saved');

    // Turned off again from the page: the scheduled automatic cancel never acts on the demo data.
    await autoCancel.click();
    const savedOff = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(settingsUrl));
    await section.getByRole('button', { name: '保存' }).click();
    expect((await savedOff).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('setting-auto-mail').getByRole('spinbutton')).toHaveValue('7');
    await expect(page.getByTestId('setting-auto-mail').getByRole('switch')).not.toBeChecked();
  } finally {
    await page.request.patch(settingsUrl, { headers, data: original });
  }
});

test('staff see the feed link and copy it, without regenerate, and the automatic-mail settings read-only', async ({
  page,
}) => {
  const [first] = (await accommodationsOf(page, STAFF)).accommodations;
  await signIn(page, STAFF, `/m/accommodation/${first!.id}/setting`);
  const feed = page.getByTestId('setting-feed');
  await expect(feed.getByTestId('ical-feed-url')).toHaveValue(/\/ical\/[0-9a-z]+\.ics$/);
  await expect(feed.getByRole('button', { name: 'コピー' })).toBeVisible();
  await expect(feed.getByRole('button', { name: 'アドレスを再発行' })).toHaveCount(0);
  await expect(feed.getByTestId('ical-feed-admin-only')).toHaveText('アドレスの再発行は管理者のみ行えます。');
  const autoMail = page.getByTestId('setting-auto-mail');
  await expect(autoMail.getByRole('spinbutton')).toBeDisabled();
  await expect(autoMail.getByRole('switch')).toBeDisabled();
  await expect(autoMail.getByRole('button', { name: '保存' })).toHaveCount(0);
  await expect(autoMail.getByTestId('auto-mail-read-only')).toHaveText('自動メールの設定は管理者のみ変更できます。');
  await shot(page, 'setting-staff');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the settings page fits 390 px: the sections one below the other, no sideways scroll', async ({ page }) => {
    const [first] = (await accommodationsOf(page, ADMIN)).accommodations;
    await signIn(page, ADMIN, `/m/accommodation/${first!.id}/setting`);
    await expect(page.getByTestId('ical-feed-url')).toHaveValue(/\.ics$/);
    await expect(page.getByTestId('auto-mail-form')).toBeVisible();
    await expect(page.getByTestId('sync-settings-form')).toBeVisible();
    // The tax rules' table (issue 31) scrolls inside its card, not the page.
    await expect(page.getByTestId('tax-rules-of-chosen')).toBeVisible();
    await expect(page.getByTestId('invoice-settings-form')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const feedBox = (await page.getByTestId('setting-feed').boundingBox())!;
    const mailBox = (await page.getByTestId('setting-auto-mail').boundingBox())!;
    expect(mailBox.y).toBeGreaterThan(feedBox.y + feedBox.height - 1);
    expect(feedBox.x + feedBox.width).toBeLessThanOrEqual(390);
    await shot(page, 'setting-phone');
  });
});
