import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, accommodationsOf, bearerOf, bookStay, roomsOf, signIn } from './support';

test('a booking opened under another facility’s address moves to its own facility’s calendar', async ({ page }) => {
  const headers = await bearerOf(page.request);
  const [own, other] = (await accommodationsOf(page, ADMIN)).accommodations;
  const [room] = await roomsOf(page.request, headers, own!.id);
  const name = `住所 違い${Date.now().toString(36)}`;
  const bookId = await bookStay(page.request, headers, {
    accommodation_id: own!.id,
    room_id: room!.id,
    start_date: addDays(tokyoToday(), 120),
    name,
  });

  await signIn(page, ADMIN, `/m/accommodation/${other!.id}/book/${bookId}`);
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/${own!.id}/book/${bookId}$`));
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByLabel('宿泊者名')).toHaveValue(name);
  // Its own room type, among its own facility's rooms.
  await expect(panel.getByLabel('部屋タイプ').locator('option:checked')).toHaveText(room!.name);
  await expect(page.getByRole('heading', { name: own!.name })).toBeVisible();
});

test('a dead booking address in the search says 予約が見つかりません。 after one request', async ({ page }) => {
  await signIn(page, ADMIN);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/.*99999/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/m/books/99999');
  // Once the page is there: the 404 is not retried three times first (5–8 s of a progress bar
  // before); how fast it shows is bench's to measure, not a timer's here.
  await expect(page.getByText('予約が見つかりません。')).toBeVisible();
  await expect(page.getByText('ページが見つかりません')).toHaveCount(0);
  expect(asked).toHaveLength(1);
});
