import { expect, test, type Page } from '@playwright/test';
import type { Booking } from '../contract/booking';
import { addDays, tokyoToday } from '../contract/dates';
import type { AccommodationOption } from '../contract/option';
import { formatDate, formatYen } from '../i18n/formats';
import { ADMIN, postStay, signIn } from './support';

/** The signed-in user's token, for the API calls that set the scene. */
async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'yadoban_token')?.value;
  expect(token).toBeTruthy();
  return token!;
}

/** A fresh one-night booking of the first accommodation in the coming weeks, nothing paid yet. */
async function freshBooking(page: Page, token: string): Promise<Booking> {
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);
  // A few days to try: the demo data may fill a room type on one of them.
  for (let offset = 21; offset < 60; offset += 3) {
    const res = await postStay(page.request, headers, {
      accommodation_id: 1,
      start_date: addDays(tokyoToday(), offset),
      room_id: 1,
      plan_id: 2,
      name: `入金 試験${stamp}`,
    });
    if (res.ok()) return (await res.json()) as Booking;
  }
  throw new Error('no free night for the test booking');
}

const yenOf = async (page: Page, testId: string) =>
  Number((await page.getByTestId('booking-panel').getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

test('a payment is registered and deleted, an option is added and marked paid and back', async ({ page }) => {
  await signIn(page, ADMIN);
  const token = await tokenOf(page);
  const booking = await freshBooking(page, token);
  const catalogue = await page.request.get(`/api/accommodations/1/options`, {
    headers: { authorization: `Bearer ${token}` },
    params: { room_id: booking.room_id },
  });
  const option = ((await catalogue.json()) as { options: AccommodationOption[] }).options.find(
    (o) => o.unit_max === null || o.unit_max >= 2,
  )!;

  // Open it from the calendar.
  await page.goto('/m/accommodation/1');
  await page.locator(`.cal-day[data-date="${booking.start_date}"] .cal-chip[data-book-id="${booking.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${booking.id}$`));
  const panel = page.getByTestId('booking-panel');
  const payments = panel.getByTestId('booking-payments');
  await expect(panel.getByTestId('booking-price')).toHaveText('0円');
  await expect(payments).toContainText('入金はまだありません。');
  const total = await yenOf(page, 'booking-price-sub');

  // Register a payment: nothing is sent without an amount.
  const dialogOpenedOn = tokyoToday();
  await payments.getByRole('button', { name: '入金登録' }).click();
  const dialog = page.getByRole('dialog', { name: '入金登録' });
  await expect(dialog.getByLabel('支払方法')).toHaveValue('1');
  await expect(dialog.getByRole('checkbox', { name: '入金確認メールを送信する' })).not.toBeChecked();
  await dialog.getByLabel('金額').fill('');
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog.getByTestId('payment-error')).toHaveText('金額を入力してください');
  await dialog.getByLabel('金額').fill('5000');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/payments'));
  await dialog.getByRole('button', { name: '登録する' }).click();
  expect((await created).status()).toBe(201);
  const posted = (await created).request().postDataJSON() as { payment_exe_date: string };
  // Dated today in Tokyo, as the dialog opened (a run may pass midnight in between).
  expect([dialogOpenedOn, tokyoToday()]).toContain(posted.payment_exe_date);
  expect(posted).toEqual({
    payment_exe_date: posted.payment_exe_date,
    book_id: booking.id,
    amount: 5000,
    pay_type: 1,
    mail: 0,
  });
  await expect(page.getByTestId('message-box')).toContainText('入金を登録しました。');
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('booking-price')).toHaveText('5,000円');
  await expect(payments.getByTestId('payment-row')).toHaveText(`${formatDate(posted.payment_exe_date)}5,000円銀行振込`);

  // The paid amount is what the server holds: it stays after a reload.
  await page.reload();
  await expect(panel.getByTestId('booking-price')).toHaveText('5,000円');

  // Delete it after the confirmation.
  await payments.getByRole('button', { name: '入金を削除' }).click();
  const confirm = page.getByRole('dialog', { name: '入金の削除' });
  await expect(confirm).toContainText('5,000円（銀行振込）の入金を削除してもよろしいですか？');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('message-box')).toContainText('入金を削除しました。');
  await expect(panel.getByTestId('booking-price')).toHaveText('0円');
  await expect(payments).toContainText('入金はまだありません。');

  // Add an option: the total grows by its line.
  const options = panel.getByTestId('booking-options');
  await options.getByRole('button', { name: 'オプション追加' }).click();
  const add = page.getByRole('dialog', { name: 'オプション追加' });
  await add.getByRole('button', { name: '追加する' }).click();
  await expect(add.getByTestId('booking-option-error')).toHaveText('オプションを選択してください');
  await add.getByLabel('オプション').selectOption(String(option.id));
  await add.getByLabel('数量').fill('2');
  const line = option.price * 2;
  await expect(add.getByTestId('booking-option-subtotal')).toHaveText(`小計 ${formatYen(line)}`);
  const added = page.waitForResponse((r) => r.request().method() === 'POST' && /\/options$/.test(r.url()));
  await add.getByRole('button', { name: '追加する' }).click();
  expect((await added).ok()).toBe(true);
  await expect(add).toHaveCount(0);
  const row = options.getByTestId('option-row').filter({ hasText: option.name });
  await expect(row.getByTestId('option-line')).toHaveText(`${formatYen(option.price)} × 2 × 1日 = ${formatYen(line)}`);
  await expect(panel.getByTestId('booking-price-sub')).toHaveText(formatYen(total + line));

  // Mark it paid (mail on by default), then back to unsettled without the mail.
  await row.getByRole('button', { name: '未精算' }).click();
  const paidDialog = page.getByRole('dialog', { name: 'オプションの精算' });
  await expect(paidDialog.getByRole('checkbox', { name: 'お客様にメールを送信する' })).toBeChecked();
  const toPaid = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/options\/\d+$/.test(r.url()));
  await paidDialog.getByRole('button', { name: 'OK' }).click();
  const paidBody = (await toPaid).request().postDataJSON() as { paid_at: string | null; mail: number };
  expect((await toPaid).ok()).toBe(true);
  expect(paidBody.mail).toBe(1);
  expect(Math.abs(Date.parse(paidBody.paid_at!) - Date.now())).toBeLessThan(60_000);
  await expect(row.getByRole('button', { name: '精算済' })).toBeVisible();
  await page.reload();
  await expect(row.getByRole('button', { name: '精算済' })).toBeVisible();

  await row.getByRole('button', { name: '精算済' }).click();
  await paidDialog.getByRole('checkbox', { name: 'お客様にメールを送信する' }).uncheck();
  const toUnpaid = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/options\/\d+$/.test(r.url()));
  await paidDialog.getByRole('button', { name: 'OK' }).click();
  expect((await toUnpaid).request().postDataJSON()).toEqual({ paid_at: null, mail: 0 });
  await expect(row.getByRole('button', { name: '未精算' })).toBeVisible();
});
