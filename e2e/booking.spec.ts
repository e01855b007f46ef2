import { expect, test, type Page } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, freeCheckIn, pickDate, signIn } from './support';

/** A PATCH/POST/DELETE of the booking API, waited for so that a reload shows what the server stored. */
const bookingCall = (page: Page, method: string) =>
  page.waitForResponse((r) => r.request().method() === method && /\/api\/admin\/books/.test(r.url()) && r.ok());

test('a booking is created, edited, moved to another room, cancelled and found in the stay history', async ({
  page,
}) => {
  // About ten weeks ahead (inside the demo plans' price range), on nights both room types have a room.
  const checkIn = await freeCheckIn(page.request, 1, ['和室8畳', '和室10畳 山側'], 2, addDays(tokyoToday(), 75));
  const stamp = Date.now().toString(36);
  const guest = `試験 太郎${stamp}`;
  const mail = `e2e-${stamp}@example.com`;

  await signIn(page, ADMIN, '/m/accommodation/1');
  await page.getByRole('button', { name: '新規予約' }).click();
  await expect(page).toHaveURL(/\/m\/accommodation\/1\/book\/0$/);
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByRole('heading', { name: '新規予約' })).toBeVisible();
  await expect(panel.getByRole('button', { name: '予約をキャンセル' })).toHaveCount(0);

  // The rules run before anything is sent.
  await panel.getByLabel('泊数').fill('0');
  await panel.getByRole('button', { name: '予約する' }).click();
  await expect(page.getByTestId('message-box')).toHaveText(/宿泊日数が入力されていません/);

  await panel.getByLabel('部屋タイプ').selectOption({ label: '和室8畳' });
  await panel.getByLabel('プラン').selectOption({ label: '素泊まりプラン' });
  await pickDate(panel, 'チェックイン', checkIn);
  await panel.getByLabel('泊数').fill('2');
  await panel.getByLabel('人数').fill('2');
  // The amount already paid (a provisional payment), said so under the field; not the room charge.
  await expect(panel.getByText('宿泊料金の合計ではありません', { exact: false })).toBeVisible();
  await panel.getByLabel('入金額', { exact: true }).fill('0');
  await panel.getByLabel('宿泊者名').fill(guest);
  await panel.getByLabel('メール').fill(mail);
  const created = bookingCall(page, 'POST');
  await panel.getByRole('button', { name: '予約する' }).click();
  const bookId = (await (await created).json()).id as number;
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${bookId}$`));
  await expect(panel.getByRole('heading', { name: '予約詳細' })).toBeVisible();
  await expect(panel.getByLabel('宿泊者名')).toHaveValue(guest);
  await expect(panel.getByTestId('booking-check-out')).toContainText('（2泊）');
  await expect(panel.getByTestId('booking-price-sub')).toHaveText(/[1-9][\d,]*円/);
  // The calendar beside the panel shows it on both nights, not on the check-out day.
  const chip = (date: string) => page.locator(`[data-date="${date}"] [data-book-id="${bookId}"]`);
  await expect(chip(checkIn)).toHaveCount(1);
  await expect(chip(addDays(checkIn, 1))).toHaveCount(1);
  await expect(chip(addDays(checkIn, 2))).toHaveCount(0);

  // A changed name is saved on blur.
  const renamed = `${guest} 様`;
  await panel.getByLabel('宿泊者名').fill(renamed);
  const patched = bookingCall(page, 'PATCH');
  await panel.getByLabel('宿泊者名').blur();
  expect((await patched).request().postDataJSON()).toEqual({ name: renamed });
  await page.reload();
  await expect(panel.getByLabel('宿泊者名')).toHaveValue(renamed);

  // Another room is sent at once.
  const moved = bookingCall(page, 'PATCH');
  await panel.getByLabel('部屋タイプ').selectOption({ label: '和室10畳 山側' });
  const roomBody = (await moved).request().postDataJSON() as { room_id: number };
  expect(Object.keys(roomBody)).toEqual(['room_id']);
  await page.reload();
  await expect(panel.getByLabel('部屋タイプ').locator('option:checked')).toHaveText('和室10畳 山側');
  const priceSub = Number((await panel.getByTestId('booking-price-sub').innerText()).replace(/[^\d]/g, ''));

  // Cancel with the mail and the 50% fee.
  await panel.getByRole('button', { name: '予約をキャンセル' }).click();
  const dialog = page.getByRole('dialog', { name: '予約のキャンセル' });
  await expect(dialog.getByRole('checkbox', { name: 'キャンセルメールを送信する' })).toBeChecked();
  await dialog.getByRole('radio', { name: /^50%/ }).check();
  const cancelled = bookingCall(page, 'DELETE');
  await dialog.getByRole('button', { name: 'OK' }).click();
  const url = new URL((await cancelled).url());
  expect(url.searchParams.get('mail')).toBe('1');
  expect(url.searchParams.get('cancel_fee')).toBe(String(Math.round(priceSub / 2)));
  await expect(panel.getByTestId('booking-cancelled')).toContainText('キャンセル済み');
  await expect(panel.getByRole('button', { name: '予約をキャンセル' })).toHaveCount(0);
  // Read-only now: the guest, the room and the dates are locked, no payment is taken; the memo stays open.
  await expect(panel.getByTestId('booking-read-only')).toBeVisible();
  await expect(panel.getByLabel('宿泊者名')).toBeDisabled();
  await expect(panel.getByLabel('部屋タイプ')).toBeDisabled();
  await expect(panel.getByLabel('泊数')).toBeDisabled();
  await expect(panel.getByRole('button', { name: '入金登録' })).toHaveCount(0);
  await expect(panel.getByLabel('メモ', { exact: true })).toBeEnabled();
  await expect(panel.getByLabel('簡易メモ', { exact: true })).toBeDisabled();
  // 履歴 says who changed what from what, newest first.
  await panel.getByRole('button', { name: '履歴を表示' }).click();
  const history = panel.getByTestId('history-row');
  await expect(history.first()).toContainText('予約のキャンセル');
  await expect(history.first()).toContainText('管理者 太郎');
  await expect(panel.getByTestId('booking-history')).toContainText(`宿泊者名: ${guest} → ${renamed}`);
  // A room type by its name, not its id.
  await expect(panel.getByTestId('booking-history')).toContainText('部屋タイプ: 和室8畳 → 和室10畳 山側');
  await expect(history.last()).toContainText('予約の登録');

  // The stay history of the guest's mail lists it with its cancelled label.
  await panel.getByRole('link', { name: '宿泊履歴' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/books/${encodeURIComponent(mail)}$`));
  const row = page.getByTestId('lodging-row').filter({ hasText: renamed });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('キャンセル済み');
  await expect(row).toContainText('管理画面');
  await expect(row.getByRole('link', { name: '詳細' })).toHaveAttribute('href', `/m/accommodation/1/book/${bookId}`);
});

test('a booking without a plan takes its total, and leaving a plan asks for the total', async ({ page }) => {
  const checkIn = await freeCheckIn(page.request, 1, ['和室8畳'], 2, addDays(tokyoToday(), 82));
  const guest = `プランなし ${Date.now().toString(36)}`;
  await signIn(page, ADMIN, '/m/accommodation/1/book/0');
  const panel = page.getByTestId('booking-panel');
  await panel.getByLabel('部屋タイプ').selectOption({ label: '和室8畳' });
  // No plan: the total is given by hand.
  await expect(panel.getByLabel('プラン')).toHaveValue('');
  await pickDate(panel, 'チェックイン', checkIn);
  await panel.getByLabel('泊数').fill('2');
  await panel.getByLabel('人数').fill('2');
  await panel.getByLabel('入金額', { exact: true }).fill('0');
  await panel.getByLabel('合計金額', { exact: true }).fill('36000');
  await panel.getByLabel('宿泊者名').fill(guest);
  const created = bookingCall(page, 'POST');
  await panel.getByRole('button', { name: '予約する' }).click();
  expect((await created).request().postDataJSON()).toMatchObject({ plan_id: null, price_sub: 36000 });
  await expect(panel.getByTestId('booking-price-sub')).toHaveText('36,000円');

  // On a plan, then back to none: the plan's total is not kept silently, the total is asked for.
  await panel.getByLabel('プラン').selectOption({ label: '素泊まりプラン' });
  await expect(panel.getByTestId('booking-price-sub')).not.toHaveText('36,000円');
  await panel.getByLabel('プラン').selectOption({ label: 'プランなし' });
  const dialog = page.getByRole('dialog', { name: 'プランなしに変更' });
  await dialog.getByLabel('合計金額').fill('40000');
  const patched = bookingCall(page, 'PATCH');
  await dialog.getByRole('button', { name: '変更する' }).click();
  expect((await patched).request().postDataJSON()).toEqual({ plan_id: null, price_sub: 40000 });
  await expect(panel.getByTestId('booking-price-sub')).toHaveText('40,000円');
  await page.reload();
  await expect(panel.getByTestId('booking-price-sub')).toHaveText('40,000円');
  await expect(panel.getByLabel('プラン')).toHaveValue('');
});

test('on a phone-width screen the stay history hides guests, cancel date and detail', async ({ page }) => {
  // Narrow from the start, as on a phone (the shell keeps a desktop sidebar open across a resize).
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ADMIN);
  const token = (await page.context().cookies()).find((c) => c.name === 'yadoban_token')?.value;
  const answer = await page.request.get('/api/admin/books?accommodation_id=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const mail = ((await answer.json()).books as { mail: string | null }[]).find((b) => b.mail)!.mail!;
  await page.goto(`/m/books/${encodeURIComponent(mail)}`);
  await expect(page.getByRole('columnheader', { name: '宿泊日' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '予約経路' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '詳細' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '人数' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'キャンセル日' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
