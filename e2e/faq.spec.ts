import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';

/** The second accommodation: other specs leave its FAQ alone. */
const FAQ_PATH = '/m/accommodation/2/faq';
const faqCall = (page: Page, method: string) =>
  page.waitForResponse(
    (r) => r.request().method() === method && /\/api\/accommodation\/2\/faq(\/\d+)?$/.test(r.url()) && r.ok(),
  );
const questions = (page: Page) =>
  page
    .getByTestId('reorder-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));

test('FAQ items are created for all rooms and for one, filtered by room, and one dragged to the top stays there', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const general = `送迎はありますか？${stamp}`;
  const roomOnly = `客室にWi-Fiはありますか？${stamp}`;
  await signIn(page, ADMIN, FAQ_PATH);
  const list = page.getByTestId('faq-list');
  await expect(list.getByRole('heading', { name: 'FAQ一覧' })).toBeVisible();
  const rows = page.getByTestId('reorder-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // The overlay titled FAQ: room (first choice: show in all rooms), question, answer; cancel and send.
  await page.getByRole('button', { name: '新規作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'FAQ' });
  await expect(dialog.getByRole('combobox', { name: '部屋' })).toHaveText('すべての部屋に表示');
  await dialog.getByRole('button', { name: '送信' }).click();
  await expect(dialog.getByText('質問を入力してください')).toBeVisible();
  await expect(dialog.getByText('回答を入力してください')).toBeVisible();
  await dialog.getByRole('textbox', { name: '質問' }).fill(general);
  await dialog
    .getByRole('textbox', { name: '回答' })
    .fill('最寄り駅まで無料で送迎いたします。\n前日までにご連絡ください。');
  let posted = faqCall(page, 'POST');
  await dialog.getByRole('button', { name: '送信' }).click();
  await posted;
  await expect(page.getByTestId('message-box')).toHaveText(/FAQを作成しました。/);
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.last()).toContainText(general);
  await expect(rows.last()).toContainText('すべて');

  // One for a single room type.
  await page.getByRole('button', { name: '新規作成' }).click();
  await dialog.getByRole('combobox', { name: '部屋' }).click();
  const roomName = (await page.getByRole('option').nth(1).textContent()) ?? '';
  await page.getByRole('option').nth(1).click();
  await dialog.getByRole('textbox', { name: '質問' }).fill(roomOnly);
  await dialog.getByRole('textbox', { name: '回答' }).fill('全室で無料のWi-Fiをご利用いただけます。');
  posted = faqCall(page, 'POST');
  await dialog.getByRole('button', { name: '送信' }).click();
  await posted;
  await expect(rows).toHaveCount(before + 2);
  await expect(rows.filter({ hasText: roomOnly })).toContainText(roomName.slice(0, 18));

  // Filter by another room type: the room's own item goes, the all-rooms items stay.
  const filter = page.getByTestId('filter-room_id');
  await filter.getByRole('combobox').click();
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText('すべての部屋');
  const count = await options.count();
  const other = count > 2 ? options.nth(2) : options.nth(1);
  await other.click();
  if (count > 2) {
    await expect(rows.filter({ hasText: roomOnly })).toHaveCount(0);
    await expect(rows.filter({ hasText: general })).toHaveCount(1);
  }
  await filter.getByRole('combobox').click();
  await page.getByRole('option', { name: 'すべての部屋' }).click();
  await expect(rows).toHaveCount(before + 2);

  // Drag the general item to the top: shown at once, saved, kept after a reload.
  const expected = [general, ...(await questions(page)).filter((q) => q !== general)];
  await rows.filter({ hasText: general }).getByTestId('reorder-drag').dragTo(rows.first());
  await expect(rows.first()).toContainText(general);
  expect(await questions(page)).toEqual(expected);
  await expect.poll(async () => (await page.request.get('/api/health')).ok()).toBe(true);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(rows.first()).toContainText(general);
  expect(await questions(page)).toEqual(expected);
});
