import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, confirmRefund, lookAt, roomsOf, signIn } from './support';

/**
 * Issue 19, "Wrong or lost data": a delete never rewrites the bookings that use a plan, and a
 * refund never gives back the cancellation fee.
 */

type Headers = Record<string, string>;

/** A plan of accommodation 1 priced for two on `night`, with `count` future stays booked on it. */
async function planInUse(request: APIRequestContext, headers: Headers, name: string, night: string, count: number) {
  const plan = await request.post('/api/accommodations/1/plans', {
    headers,
    data: { name, max_num: 2, price: 0, is_active: 1 },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { id: number }).id;
  const priced = await request.post(`/api/admin/plans/${planId}/schedules`, {
    headers,
    data: { prices: [{ target_date: night, unit: 2, price: 24000 }] },
  });
  expect(priced.status(), await priced.text()).toBe(200);
  const rooms = await roomsOf(request, headers, 1);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const room = rooms[i % rooms.length]!;
    const stay = { accommodation_id: 1, room_id: room.id, start_date: night, name: `使用中 ${i + 1}`, plan_id: planId };
    ids.push(await bookStay(request, headers, stay));
  }
  return { planId, ids };
}

async function bookingOf(request: APIRequestContext, headers: Headers, id: number) {
  const res = await request.get(`/api/admin/books/${id}`, { headers });
  return (await res.json()) as { plan_id: number | null; plan_name: string | null; uid: string };
}

test('deleting a plan that bookings use is refused with the count; the bookings are unchanged and it can stop selling instead', async ({
  page,
}) => {
  const headers = await bearerOf(page.request);
  const name = `使用中プラン${Date.now().toString(36)}`;
  const night = addDays(tokyoToday(), 600 + Math.floor(Math.random() * 200));
  const { planId, ids } = await planInUse(page.request, headers, name, night, 2);
  const before = await Promise.all(ids.map((id) => bookingOf(page.request, headers, id)));
  const history = async (id: number) =>
    (await (await page.request.get(`/api/admin/books/${id}/history`, { headers })).json()) as { history: unknown[] };
  const historyBefore = await Promise.all(ids.map(history));

  await signIn(page, ADMIN);
  const row = page.getByTestId('plans-list').locator('tbody tr').filter({ hasText: name });
  const deleteIt = async () => {
    await row.getByRole('button', { name: '削除' }).click();
    await expect(page.getByRole('dialog')).toContainText(`プラン「${name}」を削除します。よろしいですか？`);
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/plans/${planId}`),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    expect((await refused).status()).toBe(409);
    const dialog = page.getByRole('dialog', { name: '削除できません' });
    await expect(dialog).toContainText('このプランは本日以降の予約2件で使われているため削除できません。');
    for (const b of before) await expect(dialog).toContainText(`確認番号 ${b.uid.slice(0, 3)}`);
    await expect(dialog).toContainText(`${Number(night.slice(0, 4))}年${Number(night.slice(5, 7))}月`);
    return dialog;
  };

  // On a phone first: the refusal reads whole, and closes.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/m/accommodation/1/plan');
  const onPhone = await deleteIt();
  await lookAt(page, 'plan-refused-390');
  await onPhone.getByRole('button', { name: '閉じる' }).click();
  await expect(onPhone).toHaveCount(0);

  await page.setViewportSize({ width: 1400, height: 900 });
  const dialog = await deleteIt();
  await lookAt(page, 'plan-refused-1400');

  // The bookings as the API reads them: still on their plan, their history untouched.
  expect(await Promise.all(ids.map((id) => bookingOf(page.request, headers, id)))).toEqual(before);
  expect(before.every((b) => b.plan_id === planId && b.plan_name === name)).toBe(true);
  expect(await Promise.all(ids.map(history))).toEqual(historyBefore);

  // The way out: stop selling it.
  await dialog.getByRole('button', { name: '非公開にして販売を止める' }).click();
  await expect(page.getByTestId('message-box')).toContainText(
    `「${name}」を非公開にしました。予約はそのまま残っています。`,
  );
  await expect(dialog).toHaveCount(0);
  const plan = await page.request.get(`/api/accommodations/1/plans/${planId}`, { headers });
  expect(((await plan.json()) as { is_active: number }).is_active).toBe(0);
  await expect(row).toHaveCount(1);
});

test('a refund past the cancellation fee is refused with the maximum; a refund within it goes through', async ({
  page,
}) => {
  const headers = await bearerOf(page.request);
  const name = `返金上限${Date.now().toString(36)}`;
  const rooms = await roomsOf(page.request, headers, 1);
  const start = addDays(tokyoToday(), 500 + Math.floor(Math.random() * 300));
  const id = await bookStay(page.request, headers, {
    accommodation_id: 1,
    room_id: rooms[0]!.id,
    start_date: start,
    name,
    price_sub: 57000,
  });
  const paid = await page.request.post('/api/payments', {
    headers,
    data: { book_id: id, amount: 50000, pay_type: 1, payment_exe_date: tokyoToday() },
  });
  expect(paid.status()).toBe(201);
  const cancelled = await page.request.delete(`/api/admin/books/${id}`, {
    headers,
    params: { cancel_fee: 17100, mail: 0 },
  });
  expect(cancelled.status()).toBe(204);
  const maximum = '返金できるのは32,900円までです（入金50,000円 − キャンセル料17,100円）';

  // The server refuses past the fee whoever asks.
  const direct = await page.request.patch('/api/admin/payments/refund', {
    headers,
    data: { book_id: id, refund_amount: 50000 },
  });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { message: string }).message).toBe(maximum);

  await signIn(page, ADMIN);
  const row = page.getByTestId('refunds-needed').locator(`[data-book-id="${id}"]`);
  await expect(row).toContainText(name);
  // The most it may get back, in the row; the maximum's reason in the popup before anything is typed.
  await expect(row.getByTestId('refund-max')).toHaveText('32,900円');
  await row.getByRole('button', { name: '返金' }).click();
  const dialog = page.getByRole('dialog', { name: `${name}様への返金` });
  await expect(dialog.getByTestId('refund-limit')).toHaveText(maximum);
  const amount = dialog.getByRole('textbox', { name: `${name}様への返金額` });
  await expect(amount).toHaveValue('32,900');
  await lookAt(page, 'refund-limit-1400');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  // Loaded again at a phone's width: a resized desktop page keeps its menu open over the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const item = page.getByTestId('refunds-needed').locator(`[data-book-id="${id}"]`);
  await item.scrollIntoViewIfNeeded();
  await item.getByRole('button', { name: '返金' }).click();
  await expect(dialog.getByTestId('refund-limit')).toHaveText(maximum);
  await lookAt(page, 'refund-limit-390');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.reload();

  await row.getByRole('button', { name: '返金' }).click();
  const button = dialog.getByRole('button', { name: '返金する' });
  await amount.fill('50000');
  await expect(button).toBeDisabled();
  await expect(dialog).toContainText(maximum);
  await amount.fill('32900');
  await expect(button).toBeEnabled();
  await button.click();
  expect((await confirmRefund(page, `${name}様に32,900円を返金します。よろしいですか？`)).status()).toBe(200);
  await expect(page.getByTestId('message-box')).toContainText('返金しました。');
  await expect(row).toHaveCount(0);

  const detail = (await (await page.request.get(`/api/admin/books/${id}`, { headers })).json()) as {
    refunds: { amount: number }[];
  };
  expect(detail.refunds.map((r) => r.amount)).toEqual([32900]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/m/accommodation/1/book/${id}`);
  await expect(page.getByTestId('booking-price')).toContainText('17,100円');
  await lookAt(page, 'refund-panel-390', { fullPage: true });
});
