import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support';

test('the site has a favicon, served from the build', async ({ page, request }) => {
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/image\/svg\+xml/);
  expect(await icon.text()).toContain('宿');
  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
});

test('the shift pages have their menu entry', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'シフト' }).click();
  await expect(page).toHaveURL(/\/m\/timesheet$/);
  await expect(page.getByRole('heading', { name: 'シフトグループ一覧' }).first()).toBeVisible();
});
