import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, accommodationsOf, signInWithForm as signIn } from './support';

test('a wrong password shows the credentials error and stays on the login page', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'ログイン' });
  await expect(button).toBeDisabled();
  await page.getByLabel('メールアドレス').fill(ADMIN.mail);
  await expect(button).toBeDisabled();
  await page.getByLabel('パスワード').fill('wrong-password');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText('メールアドレスまたはパスワードが一致しません')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the administrator lands on /m/ and sees the company and three accommodations', async ({ page }) => {
  const { accommodations, company } = await accommodationsOf(page, ADMIN);
  expect(accommodations).toHaveLength(3);
  await signIn(page, ADMIN);
  await expect(page.getByText(company.name).first()).toBeVisible();
  const entries = page.getByTestId('accommodation-menu-item');
  await expect(entries).toHaveText(accommodations.map((a) => new RegExp(`${a.short_name}\\s*${a.name}`)));
  await expect(page.getByTestId('sidebar-version')).toHaveText(/2\.0\.1/);
  await expect(page.getByTestId('header-version')).toHaveText(/1\.0\.1/);
  // A click on an accommodation opens its calendar route and shows it as selected in the header.
  await entries.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/${accommodations[1]!.id}$`));
  await expect(page.getByTestId('selected-accommodation')).toHaveText(new RegExp(accommodations[1]!.name));
});

test('staff see only the accommodation granted to them', async ({ page }) => {
  const all = (await accommodationsOf(page, ADMIN)).accommodations;
  await signIn(page, STAFF);
  await expect(page.getByTestId('accommodation-menu-item')).toHaveText([new RegExp(all[0]!.name)]);
  // Company administration is not offered to staff (the API answers them 403 there).
  await expect(page.getByRole('menuitem', { name: 'ゲスト分析' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'ユーザー管理' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'パートナー' })).toHaveCount(0);

  // Another facility's pages, typed in the address bar: a clear not-found page, no empty calendar.
  for (const path of [`/m/accommodation/${all[1]!.id}`, `/m/accommodation/${all[2]!.id}/faq`]) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toContainText(
      'この施設は存在しないか、あなたのアカウントでは表示できません。',
    );
    await expect(page.getByRole('button', { name: '新規予約' })).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'ホームへ戻る' }).click();
  await expect(page).toHaveURL(/\/m\/$/);
  // Company administration by its address: said to be for administrators.
  await page.goto('/m/user');
  await expect(page.getByTestId('admin-only')).toContainText('管理者専用の画面です');
});

test('logout returns to the login page, and /m/ then sends back there', async ({ page }) => {
  await signIn(page, ADMIN);
  await page
    .getByRole('button', { name: 'ログアウト' })
    .or(page.getByRole('menuitem', { name: 'ログアウト' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await page.goto('/m/');
  await expect(page).toHaveURL(/\/$/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => /token/i.test(c.name))).toEqual([]);
});

test('a visitor without a sign-in who opens a console route is sent straight to the login page', async ({ page }) => {
  let navigations = 0;
  page.on('framenavigated', () => navigations++);
  await page.goto('/m/accommodation/1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  // One redirect, not a storm of them (react-admin's own redirect once looped for seconds).
  expect(navigations).toBeLessThan(6);
});

test('a session whose tokens no longer work ends on the login page with the expiry message', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: 'yadoban_token', value: 'expired', url: baseURL! },
    { name: 'yadoban_refresh_token', value: 'revoked', url: baseURL! },
  ]);
  await page.goto('/m/');
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await expect(page.getByText('ログインの有効期限が切れました')).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name.startsWith('yadoban_'))).toEqual([]);
});

test('on a phone-width screen the shell fits the screen and logout stays reachable', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 700 });
  await signIn(page, ADMIN);
  await page.goto('/m/accommodation/2');
  await expect(page.getByRole('tab', { name: 'カレンダー' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/$/);
});
