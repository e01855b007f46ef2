import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';

const supplierCall = (page: Page, method: string) =>
  page.waitForResponse((r) => r.request().method() === method && /\/api\/supplier(\/\d+)?$/.test(r.url()));

test('a partner is created, edited and deleted; one that options name is kept with the reason', async ({ page }) => {
  const name = `湯けむり観光${Date.now().toString(36)}`;
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'パートナー' }).click();
  await expect(page).toHaveURL(/\/m\/supplier$/);
  const list = page.getByTestId('supplier-list');
  await expect(list.getByRole('heading', { name: 'パートナー一覧' })).toBeVisible();
  const rows = list.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // The overlay: the spec's rules, then a partner.
  await page.getByRole('button', { name: '新規作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'パートナー作成' });
  await dialog.getByRole('button', { name: '作成' }).click();
  await expect(dialog.getByText('名前を入力してください')).toBeVisible();
  await expect(dialog.getByText('メールアドレスを入力してください')).toBeVisible();
  await expect(page.getByTestId('message-box')).toHaveText(/名前を入力してください/);
  await dialog.getByRole('textbox', { name: '名前' }).fill(name);
  await dialog.getByRole('textbox', { name: 'メールアドレス' }).fill('info@yukemuri.example.jp');
  const created = supplierCall(page, 'POST');
  await dialog.getByRole('button', { name: '作成' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByTestId('message-box')).toHaveText(/パートナーを作成しました。/);
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before + 1);
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText('info@yukemuri.example.jp');

  // Edit: the overlay is titled パートナー編集 and updates with 更新.
  await row.getByRole('button', { name: '編集' }).click();
  const editing = page.getByRole('dialog', { name: 'パートナー編集' });
  await expect(editing.getByRole('textbox', { name: 'メールアドレス' })).toHaveValue('info@yukemuri.example.jp');
  await editing.getByRole('textbox', { name: 'メールアドレス' }).fill('booking@yukemuri.example.jp');
  const updated = supplierCall(page, 'PATCH');
  await editing.getByRole('button', { name: '更新' }).click();
  expect((await updated).status()).toBe(200);
  await expect(page.getByTestId('message-box')).toHaveText(/パートナーを保存しました。/);
  await expect(row).toContainText('booking@yukemuri.example.jp');
  await page.reload();
  await expect(rows.filter({ hasText: name })).toContainText('booking@yukemuri.example.jp');

  // A partner of the demo options cannot go: the reason shows and the row stays.
  const used = rows.filter({ hasText: '花いろ生花店' });
  await used.getByRole('button', { name: '削除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  const refused = page.getByRole('dialog', { name: '削除できません' });
  await expect(refused.getByTestId('delete-refused')).toHaveText(/1件のオプションに設定されているため削除できません/);
  await refused.getByRole('button', { name: '閉じる' }).click();
  await expect(refused).toBeHidden();
  await expect(used).toBeVisible();

  // Delete after the confirmation.
  await rows.filter({ hasText: name }).getByRole('button', { name: '削除' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`パートナー「${name}」を削除します。よろしいですか？`);
  const deleted = supplierCall(page, 'DELETE');
  await confirm.getByRole('button', { name: 'OK' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(page.getByTestId('message-box')).toHaveText(/パートナーを削除しました。/);
  await expect(rows).toHaveCount(before);
  await page.reload();
  await expect(rows).toHaveCount(before);
  await expect(page.getByText(name)).toHaveCount(0);
});
