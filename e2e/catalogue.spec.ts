import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';

/** A write of the rooms or plans API, waited for so that a reload shows what the server stored. */
const catalogueCall = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && path.test(r.url()) && r.ok());

test('a room and a plan are created, the plan attached to the room, and the plan renamed by blur', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const roomName = `離れ 試験${stamp}`;
  const planName = `試験プラン${stamp}`;
  const renamed = `${planName} 改`;

  await signIn(page, ADMIN);

  // A plan: the 作成 button, after the rules.
  await page.goto('/m/accommodation/1/plan');
  await page.getByRole('button', { name: '新規作成' }).click();
  const planPanel = page.getByTestId('plan-panel');
  await expect(planPanel.getByRole('heading', { name: 'プランの新規作成' })).toBeVisible();
  await planPanel.getByLabel('プラン名').fill(planName);
  await planPanel.getByLabel('最大人数').fill('2');
  await planPanel.getByLabel('基本金額').fill('0');
  await planPanel.getByLabel('開始').fill('2027-01-01');
  await planPanel.getByLabel('終了').fill('2027-12-31');
  await expect(planPanel.getByText('2027年12月31日')).toBeVisible();
  await planPanel.getByRole('checkbox', { name: '現地払い' }).check();
  const planCreated = catalogueCall(page, 'POST', /\/api\/accommodations\/1\/plans$/);
  await planPanel.getByRole('button', { name: '作成' }).click();
  await planCreated;
  await expect(page.getByTestId('message-box')).toHaveText(/プランが作成されました。/);
  await expect(planPanel.getByRole('heading', { name: 'プランの設定' })).toBeVisible();
  const planRow = page.getByTestId('plan-row').filter({ hasText: planName });
  await expect(planRow).toContainText('2027年1月1日');

  // A room, then the plan attached to it.
  await page.goto('/m/accommodation/1/room');
  await page.getByRole('button', { name: '新規作成' }).click();
  const roomPanel = page.getByTestId('room-panel');
  await roomPanel.getByLabel('部屋名').fill(roomName);
  await roomPanel.getByLabel('部屋数').fill('2');
  const roomCreated = catalogueCall(page, 'POST', /\/api\/accommodations\/1\/rooms$/);
  await roomPanel.getByRole('button', { name: '作成' }).click();
  await roomCreated;
  await expect(page.getByTestId('message-box')).toHaveText(/部屋が作成されました。/);
  await expect(roomPanel.getByRole('heading', { name: '部屋の設定' })).toBeVisible();
  await roomPanel.getByLabel('追加するプラン').selectOption({ label: planName });
  const attached = catalogueCall(page, 'PATCH', /\/attach\/\d+$/);
  await roomPanel.getByRole('button', { name: '追加' }).click();
  await attached;
  await expect(roomPanel.getByTestId('room-plans')).toContainText(planName);

  await page.reload();
  const roomRow = page.getByTestId('room-row').filter({ hasText: roomName });
  await expect(roomRow).toContainText('2室');
  await expect(roomRow).toContainText(planName);

  // Rename the plan: its settings save on blur.
  await page.goto('/m/accommodation/1/plan');
  await page.getByTestId('plan-row').filter({ hasText: planName }).getByRole('button', { name: '設定' }).click();
  const name = page.getByTestId('plan-panel').getByLabel('プラン名');
  await expect(name).toHaveValue(planName);
  await name.fill(renamed);
  const saved = catalogueCall(page, 'PATCH', /\/api\/accommodations\/1\/plans\/\d+$/);
  await name.blur();
  const body = (await saved).request().postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({ name: renamed });

  await page.reload();
  await expect(page.getByTestId('plan-row').filter({ hasText: renamed })).toBeVisible();
  await page.getByTestId('plan-row').filter({ hasText: renamed }).getByRole('button', { name: '設定' }).click();
  await expect(page.getByTestId('plan-panel').getByLabel('プラン名')).toHaveValue(renamed);
});
