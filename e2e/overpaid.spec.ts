import { expect, test } from '@playwright/test';
import { billOf, type Booking } from '../contract/booking';
import { addDays, tokyoToday } from '../contract/dates';
import type { PaymentAnswer } from '../contract/payment';
import { formatYen } from '../i18n/formats';
import { ADMIN, bearerOf, lookAt, signIn, stayInFreeRoom } from './support';

// Issue 32: 8,000円 more than the booking owes is warned of, taken once confirmed, listed on the
// dashboard with the refund to make, and given back by refund (from the panel and the card), never more.
test('a payment beyond the bill is warned of, taken after the confirmation, and listed as a refund to make', async ({
  page,
}) => {
  const headers = await bearerOf(page.request);
  const name = `過入金 試験${Date.now().toString(36)}`;
  let booked: { id: number; accommodationId: number } | null = null;
  for (let offset = 75; !booked && offset < 120; offset += 3) {
    booked = await stayInFreeRoom(page.request, headers, [1, 2], {
      start_date: addDays(tokyoToday(), offset),
      name,
      price_sub: 62000,
    });
  }
  expect(booked, 'a free night for the test booking').toBeTruthy();
  const { id, accommodationId } = booked!;
  const booking = (await (await page.request.get(`/api/admin/books/${id}`, { headers })).json()) as Booking;
  const bill = billOf(booking);

  await signIn(page, ADMIN, `/m/accommodation/${accommodationId}/book/${id}`);
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByTestId('booking-price')).toHaveText('0円');
  await panel.getByTestId('booking-payments').getByRole('button', { name: '入金登録' }).click();
  const dialog = page.getByRole('dialog', { name: '入金登録' });

  // What is owed: no warning. 8,000円 more: the warning under the amount says so.
  await expect(dialog.getByLabel('金額')).toHaveValue(bill.toLocaleString('ja-JP'));
  await expect(dialog.getByTestId('payment-overpaid')).toHaveCount(0);
  await dialog.getByLabel('金額').fill(String(bill + 8000));
  await expect(dialog.getByTestId('payment-overpaid')).toHaveText(
    `この入金で 8,000円 の過入金になります（請求額 ${formatYen(bill)}、入金済み 0円）`,
  );

  // 登録する asks first; nothing is sent until it is confirmed.
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/payments')) posted += 1;
  });
  await lookAt(dialog, 'overpaid-warning');
  await dialog.getByRole('button', { name: '登録する' }).click();
  const confirm = page.getByRole('dialog', { name: '過入金の確認' });
  await expect(confirm).toContainText(
    `${formatYen(bill + 8000)} を登録すると、請求額 ${formatYen(bill)} を 8,000円 上回ります`,
  );
  expect(posted).toBe(0);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/payments'));
  await confirm.getByRole('button', { name: '過入金のまま登録する' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as PaymentAnswer).overpaid).toBe(8000);
  await expect(page.getByTestId('message-box')).toContainText('入金を登録しました。8,000円 の過入金です');
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('booking-price')).toHaveText(formatYen(bill + 8000));
  await expect(panel.getByTestId('booking-overpaid')).toHaveText('過入金 8,000円');

  // The dashboard lists it with the refund to make, and opens its panel.
  await page.goto('/m/');
  const card = page.getByTestId('overpaid-bookings');
  const row = card.getByRole('button', { name: `${name}様の予約を開く` });
  await expect(row).toContainText('返金額 8,000円');
  await lookAt(card, 'overpaid-dashboard');
  await expect(row).toContainText(`${formatYen(bill + 8000)} / ${formatYen(bill)}`);
  await row.click();
  const opened = page.getByTestId('booking-panel');
  await expect(opened.getByLabel('宿泊者名')).toHaveValue(name);

  // Issue 32: the excess goes back by refund, at most the excess. Part from the panel's 過入金 line...
  const refunded = (amount: number) =>
    page.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' &&
        r.url().endsWith('/api/admin/payments/refund') &&
        r.request().postDataJSON().refund_amount === amount,
    );
  await opened.getByTestId('booking-overpaid').locator('..').getByRole('button', { name: '返金' }).click();
  const popup = page.getByRole('dialog', { name: `${name}様への返金` });
  const limit = `返金できるのは過入金の8,000円までです（入金${formatYen(bill + 8000)} − 請求額${formatYen(bill)}）`;
  await expect(popup.getByTestId('refund-limit')).toHaveText(limit);
  await expect(popup.getByRole('textbox', { name: `${name}様への返金額` })).toHaveValue('8,000');
  await lookAt(page, 'overpaid-refund-panel');
  await popup.getByRole('textbox', { name: `${name}様への返金額` }).fill('3000');
  await popup.getByRole('button', { name: '返金する' }).click();
  const partAnswer = refunded(3000);
  await page.getByRole('dialog', { name: '返金の確認' }).getByRole('button', { name: 'OK' }).click();
  expect((await partAnswer).status()).toBe(200);
  await expect(opened.getByTestId('booking-overpaid')).toHaveText('過入金 5,000円');

  // ... the rest from the dashboard's card: one yen more is refused in the popup, the excess itself taken.
  await expect(row).toContainText('返金額 5,000円');
  await card.locator(`[data-book-id="${id}"]`).locator('..').getByRole('button', { name: '返金' }).click();
  const amount = popup.getByRole('textbox', { name: `${name}様への返金額` });
  await expect(amount).toHaveValue('5,000');
  await amount.fill('5001');
  await expect(popup.getByRole('button', { name: '返金する' })).toBeDisabled();
  await expect(popup).toContainText(
    `返金できるのは過入金の5,000円までです（入金${formatYen(bill + 8000)} − 返金済み3,000円 − 請求額${formatYen(bill)}）`,
  );
  await lookAt(popup, 'overpaid-refund-refused');
  // The server says the same to whoever asks past the excess, and writes nothing.
  const direct = await page.request.patch('/api/admin/payments/refund', {
    headers,
    data: { book_id: id, refund_amount: 5001 },
  });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { message: string }).message).toMatch(/^返金できるのは過入金の5,000円までです/);
  await amount.fill('5000');
  await popup.getByRole('button', { name: '返金する' }).click();
  const restAnswer = refunded(5000);
  await page.getByRole('dialog', { name: '返金の確認' }).getByRole('button', { name: 'OK' }).click();
  expect((await restAnswer).status()).toBe(200);
  await expect(page.getByTestId('message-box')).toContainText('返金しました。');
  await expect(card.locator(`[data-book-id="${id}"]`)).toHaveCount(0);
  await expect(opened.getByTestId('booking-overpaid')).toHaveCount(0);
  await expect(opened.getByTestId('booking-price')).toHaveText(formatYen(bill));
});
