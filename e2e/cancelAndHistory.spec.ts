import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import type { AccommodationOption } from '../contract/option';
import { formatDate, formatYen } from '../i18n/formats';
import { ADMIN, STAFF, accommodationsOf, bearerOf, postStay, roomsOf, signIn } from './support';

/** A one-night booking without a plan, its total 30,000円, on a free night some months ahead. */
async function freshBooking(page: Page, headers: Record<string, string>, accommodationId: number, name: string) {
  const [room] = await roomsOf(page.request, headers, accommodationId);
  for (let offset = 130 + Math.floor(Math.random() * 60); offset < 400; offset += 7) {
    const res = await postStay(page.request, headers, {
      accommodation_id: accommodationId,
      room_id: room!.id,
      start_date: addDays(tokyoToday(), offset),
      price_sub: 30000,
      name,
    });
    if (res.ok()) return { id: ((await res.json()) as { id: number }).id, roomId: room!.id };
  }
  throw new Error('no free night for the test booking');
}

const cancelCall = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/admin\/books\/\d+/.test(r.url()));

test('a booking is cancelled at 100% of its total, and the fee is shown', async ({ page }) => {
  const headers = await bearerOf(page.request, ADMIN);
  const { id } = await freshBooking(page, headers, 1, `全額 ${Date.now().toString(36)}`);
  await signIn(page, ADMIN, `/m/accommodation/1/book/${id}`);
  const panel = page.getByTestId('booking-panel');
  await panel.getByRole('button', { name: '予約をキャンセル' }).click();
  const dialog = page.getByRole('dialog', { name: '予約のキャンセル' });
  // The spec's presets stay, with the whole total beside them.
  await expect(dialog.getByRole('radio', { name: '50%（15,000円）' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '10%（3,000円）' })).toBeVisible();
  await dialog.getByRole('radio', { name: '100%（30,000円）' }).check();
  const cancelled = cancelCall(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(new URL((await cancelled).url()).searchParams.get('cancel_fee')).toBe('30000');
  await expect(page.getByTestId('message-box')).toContainText('予約をキャンセルしました。');
  await expect(panel.getByTestId('booking-cancelled')).toContainText('キャンセル料: 30,000円');
  await page.reload();
  await expect(panel.getByTestId('booking-cancelled')).toContainText('キャンセル料: 30,000円');
});

test('staff read an added option, a payment, a cancel at a typed fee and a refund in 履歴', async ({ page }) => {
  await signIn(page, STAFF);
  const headers = await bearerOf(page.request, STAFF);
  const accommodationId = (await accommodationsOf(page, STAFF)).accommodations[0]!.id;
  const { id, roomId } = await freshBooking(page, headers, accommodationId, `履歴 ${Date.now().toString(36)}`);
  const catalogue = await page.request.get(`/api/accommodations/${accommodationId}/options`, {
    headers,
    params: { room_id: roomId },
  });
  const option = ((await catalogue.json()) as { options: AccommodationOption[] }).options.find(
    (o) => o.unit_max === null || o.unit_max >= 2,
  )!;
  await page.goto(`/m/accommodation/${accommodationId}/book/${id}`);
  const panel = page.getByTestId('booking-panel');

  // An option added as the staff add it.
  await panel.getByTestId('booking-options').getByRole('button', { name: 'オプション追加' }).click();
  const add = page.getByRole('dialog', { name: 'オプション追加' });
  await add.getByLabel('オプション').selectOption(String(option.id));
  await add.getByLabel('数量').fill('2');
  const added = page.waitForResponse((r) => r.request().method() === 'POST' && /\/options$/.test(r.url()));
  await add.getByRole('button', { name: '追加する' }).click();
  expect((await added).ok()).toBe(true);
  const total = 30000 + option.price * 2;
  await expect(panel.getByTestId('booking-price-sub')).toHaveText(formatYen(total));

  // 10,000円 paid by bank transfer, dated today (once: the run may pass midnight before the history is read).
  const paidOn = tokyoToday();
  const paid = await page.request.post('/api/payments', {
    headers,
    data: { book_id: id, amount: 10000, pay_type: 1, payment_exe_date: paidOn },
  });
  expect(paid.status()).toBe(201);
  const paymentId = ((await paid.json()) as { id: number }).id;
  await page.reload();

  // Cancelled at a typed fee: one above the total is refused in Japanese, nothing is sent.
  await panel.getByRole('button', { name: '予約をキャンセル' }).click();
  const dialog = page.getByRole('dialog', { name: '予約のキャンセル' });
  await dialog.getByRole('radio', { name: '金額を指定' }).check();
  await dialog.getByRole('textbox', { name: '金額' }).fill(String(total + 1));
  let sent = false;
  page.on('request', (r) => {
    if (r.method() === 'DELETE') sent = true;
  });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toContainText(
    `キャンセル料は0円以上${formatYen(total)}（合計金額）以下の整数で入力してください`,
  );
  expect(sent).toBe(false);
  await dialog.getByRole('textbox', { name: '金額' }).fill('3,000');
  const cancelled = cancelCall(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(new URL((await cancelled).url()).searchParams.get('cancel_fee')).toBe('3000');
  await expect(panel.getByTestId('booking-cancelled')).toContainText('キャンセル料: 3,000円');

  // The bank transfer's lock says why it stays: the booking is cancelled.
  await expect(
    panel
      .getByTestId('booking-payments')
      .getByLabel(
        'キャンセル済みの予約の入金は削除できません。返金はホームの「返金が必要な予約」から登録してください。',
      ),
  ).toBeVisible();

  // 7,000円 given back from that bank transfer (the refund names its payment, issue 19).
  const refunded = await page.request.patch('/api/admin/payments/refund', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { book_id: id, refund_amount: 7000, payment_id: paymentId },
  });
  expect(refunded.ok(), await refunded.text()).toBe(true);
  await page.reload();

  await panel.getByRole('button', { name: '履歴を表示' }).click();
  const rows = panel.getByTestId('history-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toContainText('返金の登録');
  await expect(rows.nth(0)).toContainText(
    `返金額: 7,000円、対象の入金: ${formatDate(paidOn)} 銀行振込 10,000円、予約の入金合計: 10,000円 → 3,000円`,
  );
  await expect(rows.nth(1)).toContainText('予約のキャンセル');
  await expect(rows.nth(1)).toContainText('キャンセル: なし → あり、キャンセル料: 3,000円');
  await expect(rows.nth(2)).toContainText('入金の登録');
  await expect(rows.nth(2)).toContainText(
    `入金額: 10,000円、支払方法: 銀行振込、入金日: ${formatDate(paidOn)}、予約の入金合計: 0円 → 10,000円`,
  );
  // The option and the total it moved are one change: the option's row is written last.
  await expect(rows.nth(3)).toContainText('オプションの追加');
  await expect(rows.nth(3)).toContainText(
    `オプション名: ${option.name}、数量: 2、単価: ${formatYen(option.price)}、日数: 1、支払済み: なし`,
  );
  await expect(rows.nth(4)).toContainText('予約の変更');
  await expect(rows.nth(4)).toContainText(`合計金額: 30,000円 → ${formatYen(total)}`);
  await expect(rows.nth(5)).toContainText('予約の登録');
  const history = panel.getByTestId('booking-history');
  await expect(history).not.toContainText('返金の返金');
  await expect(history).not.toContainText('0 → 1');
  await expect(rows.nth(3)).not.toContainText('宿泊者名');
});
