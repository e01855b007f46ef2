import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';

const userCall = (page: Page, method: string) =>
  page.waitForResponse((r) => r.request().method() === method && /\/api\/user(\/\d+)?$/.test(r.url()));

test('a staff user limited to one facility signs in to that one; a new grant and a new password count on their next request', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const mail = `nakai-${stamp}@example.jp`;
  const password = 'yukemuri-no-yado-2026';
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'ユーザー管理' }).click();
  await expect(page).toHaveURL(/\/m\/user$/);
  const list = page.getByTestId('user-list');
  const rows = list.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // The create panel: its rules first (a short password is refused), then a staff user of 湖畔の宿 みずうみ.
  await page.getByRole('button', { name: '新規作成' }).click();
  const panel = page.getByTestId('user-panel');
  await panel.getByRole('textbox', { name: '名前' }).fill(`仲居 ${stamp}`);
  await panel.getByRole('textbox', { name: 'メールアドレス' }).fill(mail);
  await panel.getByLabel('パスワード').fill('short-pass');
  await panel.getByRole('button', { name: '作成' }).click();
  await expect(panel.getByText('パスワードは12文字以上で入力してください')).toBeVisible();
  await panel.getByRole('checkbox', { name: '湖畔の宿 みずうみ' }).check();
  await panel.getByLabel('パスワード').fill(password);
  const created = userCall(page, 'POST');
  await panel.getByRole('button', { name: '作成' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByTestId('message-box')).toHaveText(/ユーザーを作成しました。/);
  // The settings panel lies over the right of the list: closed, the row's buttons are in view.
  await panel.getByRole('button', { name: '閉じる' }).click();
  const row = rows.filter({ hasText: mail });
  await expect(row).toContainText('スタッフ');
  await expect(row.getByRole('button', { name: '湖畔の宿 みずうみの利用を取り消す' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row.getByRole('button', { name: '温泉旅館 さくら荘の利用を許可する' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Signed in as them: one facility.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, { mail, password });
  const facilities = staff.getByTestId('accommodation-menu-item');
  await expect(facilities).toHaveCount(1);
  await expect(facilities).toContainText('湖畔の宿 みずうみ');

  // The administrator grants 温泉旅館 さくら荘: their very next request sees two.
  const granted = userCall(page, 'PATCH');
  await row.getByRole('button', { name: '温泉旅館 さくら荘の利用を許可する' }).click();
  expect((await granted).status()).toBe(200);
  await expect(page.getByTestId('message-box')).toHaveText(/保存しました。/);
  await expect(row.getByRole('button', { name: '温泉旅館 さくら荘の利用を取り消す' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await staff.reload();
  await expect(facilities).toHaveCount(2);

  // Settings panel: a field saves when it is left.
  await row.getByRole('button', { name: '設定' }).click();
  const settings = page.getByTestId('user-panel');
  const name = settings.getByRole('textbox', { name: '名前' });
  await expect(name).toHaveValue(`仲居 ${stamp}`);
  await name.fill(`仲居頭 ${stamp}`);
  const renamed = userCall(page, 'PATCH');
  await name.blur();
  expect((await renamed).status()).toBe(200);
  await expect(row).toContainText(`仲居頭 ${stamp}`);
  await settings.getByRole('button', { name: '閉じる' }).click();

  // A new password ends their session: the next request goes back to the login page.
  await row.getByRole('button', { name: '変更' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('新しいパスワード').fill('password1234');
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(dialog.getByText('よく使われていて推測されやすいパスワードです')).toBeVisible();
  await dialog.getByLabel('新しいパスワード').fill('mizuumi-no-yado-2027');
  const changed = userCall(page, 'PATCH');
  await dialog.getByRole('button', { name: '変更する' }).click();
  expect((await changed).status()).toBe(200);
  await expect(page.getByTestId('message-box')).toHaveText(/パスワードを更新しました。/);
  await staff.reload();
  await expect(staff).toHaveURL(/\/$/);
  await staffContext.close();

  // Delete after the confirmation.
  await rows.filter({ hasText: mail }).getByRole('button', { name: '削除' }).click();
  const deleted = userCall(page, 'DELETE');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(page.getByTestId('message-box')).toHaveText(/ユーザーを削除しました。/);
  await expect(rows.filter({ hasText: mail })).toHaveCount(0);
});
