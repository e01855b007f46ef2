import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, roomsOf, signIn } from './support';

test('the booking search finds a guest by mail, opens the booking, and keeps the search for next time', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const mail = `search-${stamp}@example.com`;
  const guest = `検索 花子${stamp}`;
  // A booking of the guest, through the API, inside the default period (today to 30 days ahead).
  const headers = await bearerOf(page.request);
  const id = await bookStay(page.request, headers, {
    accommodation_id: 2,
    room_id: (await roomsOf(page.request, headers, 2))[0]!.id,
    price_sub: 28000,
    start_date: addDays(tokyoToday(), 200),
    days: 2,
    name: guest,
    mail,
  });

  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: '予約検索' }).click();
  await expect(page).toHaveURL(/\/m\/books$/);
  const list = page.getByTestId('book-search');
  await expect(list.locator('tbody tr').first()).toBeVisible();

  // Far ahead: widen the period, then narrow to the guest's mail.
  const to = page.getByRole('group', { name: '宿泊日（まで）' });
  await to.getByRole('spinbutton').first().click();
  await page.keyboard.type(addDays(tokyoToday(), 365).replaceAll('-', ''));
  await page.getByLabel('メール', { exact: true }).fill(mail);
  const row = list.locator('tbody tr', { hasText: guest });
  await expect(row).toHaveCount(1);
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText('28,000円');
  await expect(row).toContainText('湖畔の宿 みずうみ');

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/m/books/${id}$`));
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByLabel('宿泊者名')).toHaveValue(guest);
  await panel.getByRole('button', { name: '閉じる' }).click();
  await expect(page).toHaveURL(/\/m\/books$/);

  // Next time (a reload, a new visit) the page opens on the last search: the cookie of spec 3.
  await page.reload();
  await expect(page.getByLabel('メール', { exact: true })).toHaveValue(mail);
  await expect(list.locator('tbody tr', { hasText: guest })).toHaveCount(1);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'yadoban_book_search');
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ mail, with_deleted: 0 });

  // A mail is still a guest's stay history at its own address.
  await page.goto(`/m/books/${encodeURIComponent(mail)}`);
  await expect(page.getByTestId('lodging-row')).toHaveCount(1);
});
