import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, accommodationsOf, signIn } from './support';

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
  const nav = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
  for (const a of accommodations) {
    await expect(nav.getByRole('link', { name: new RegExp(a.name) })).toBeVisible();
  }
  await expect(page.getByText('2.0.1')).toBeVisible();
  await expect(page.getByText('1.0.1')).toBeVisible();
  // A click on an accommodation opens its calendar route and shows it as selected in the header.
  await nav.getByRole('link', { name: new RegExp(accommodations[1]!.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/${accommodations[1]!.id}$`));
  await expect(page.getByRole('banner').getByText(accommodations[1]!.name)).toBeVisible();
});

test('staff see only the accommodation granted to them', async ({ page }) => {
  const all = (await accommodationsOf(page, ADMIN)).accommodations;
  await signIn(page, STAFF);
  const nav = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
  await expect(nav.getByRole('link', { name: new RegExp(all[0]!.name) })).toBeVisible();
  for (const other of all.slice(1)) {
    await expect(nav.getByRole('link', { name: new RegExp(other.name) })).toHaveCount(0);
  }
});

test('logout returns to the login page, and /m/ then sends back there', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'ログアウト' }).or(page.getByRole('menuitem', { name: 'ログアウト' })).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await page.goto('/m/');
  await expect(page).toHaveURL(/\/$/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => /token/i.test(c.name))).toEqual([]);
});

test('a visitor without a sign-in who opens a console route is sent to the login page', async ({ page }) => {
  await page.goto('/m/accommodation/1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
});
