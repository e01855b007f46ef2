import { expect, test, type Page } from '@playwright/test';
import { ADMIN, bearerOf, signIn } from './support';

/** The third accommodation: the booking specs work with the first one's options. */
const OPTIONS_PATH = '/m/accommodation/3/option';
const optionsCall = (page: Page, method: string) =>
  page.waitForResponse(
    (r) => r.request().method() === method && /\/api\/accommodations\/3\/options(\/\d+)?$/.test(r.url()) && r.ok(),
  );
const names = (page: Page) =>
  page
    .getByTestId('reorder-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));

test('an option is created, dragged to the top (kept after a reload), edited and deleted', async ({ page }) => {
  const name = `試験オプション${Date.now().toString(36)}`;
  await signIn(page, ADMIN, OPTIONS_PATH);
  await expect(page.getByTestId('options-list').getByRole('heading', { name: 'オプション一覧' })).toBeVisible();
  const rows = page.getByTestId('reorder-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // Create through the overlay: the rules first, then a complete option.
  await page.getByRole('button', { name: '新規作成' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '送信' }).click();
  await expect(dialog.getByText('名前を入力してください')).toBeVisible();
  await expect(dialog.getByText('金額を入力してください')).toBeVisible();
  await expect(dialog.getByText('単位を入力してください')).toBeVisible();
  await dialog.getByRole('textbox', { name: '名前' }).fill(name);
  await dialog.getByRole('textbox', { name: '金額' }).fill('12000');
  await dialog.getByRole('textbox', { name: '単位' }).fill('個');
  await dialog.getByRole('spinbutton', { name: '最大数' }).fill('3');
  await dialog.getByRole('combobox', { name: 'パートナー' }).click();
  await page.getByRole('option').nth(1).click();
  await dialog.getByLabel('予約時にパートナーへ通知する').check();
  const created = optionsCall(page, 'POST');
  await dialog.getByRole('button', { name: '送信' }).click();
  await created;
  await expect(page.getByTestId('message-box')).toHaveText(/オプションを作成しました。/);
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before + 1);
  const row = rows.filter({ hasText: name });
  await expect(rows.last()).toContainText(name);
  await expect(row).toContainText('12,000円');
  await expect(row).toContainText('3個');
  await expect(row).toContainText('○');
  await expect(row).not.toContainText('公式');

  // Drag it to the top: shown at once, then saved: the server lists the options in that order (the
  // rows whose place changed are written; how many depends on the order they held).
  const expected = [name, ...(await names(page)).slice(0, -1)];
  await row.getByTestId('reorder-drag').dragTo(rows.first());
  await expect(rows.first()).toContainText(name);
  expect(await names(page)).toEqual(expected);
  const headers = await bearerOf(page.request);
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/accommodations/3/options', { headers });
      const { options } = (await answer.json()) as { options: { name: string; display_order: number }[] };
      return [...options].sort((a, b) => a.display_order - b.display_order).map((o) => o.name);
    })
    .toEqual(expected);
  await page.reload();
  await expect(rows.first()).toContainText(name);
  expect(await names(page)).toEqual(expected);

  // Edit: partner and room read-only.
  await rows.first().getByRole('button', { name: '編集' }).click();
  await expect(dialog.getByText('オプションの編集')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'パートナー' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('combobox', { name: '部屋' })).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByRole('textbox', { name: '金額' }).fill('15000');
  const updated = optionsCall(page, 'PATCH');
  await dialog.getByRole('button', { name: '送信' }).click();
  await updated;
  await expect(page.getByTestId('message-box')).toHaveText(/オプションを保存しました。/);
  await expect(rows.first()).toContainText('15,000円');

  // Delete after the confirmation.
  await rows.first().getByRole('button', { name: '削除' }).click();
  await expect(dialog).toContainText(`オプション「${name}」を削除します。よろしいですか？`);
  const deleted = optionsCall(page, 'DELETE');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await deleted;
  await expect(page.getByTestId('message-box')).toHaveText(/オプションを削除しました。/);
  await expect(rows).toHaveCount(before);
  await expect(page.getByText(name)).toHaveCount(0);
  await page.reload();
  await expect(rows).toHaveCount(before);
  expect(await names(page)).toEqual(expected.slice(1));
});
