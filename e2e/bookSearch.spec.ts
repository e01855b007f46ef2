import { expect, test, type Page } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, calendarShown, openCalendar, pickDate, roomsOf, signIn } from './support';

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

test('a guest who calls is found by part of the name, a phone typed without hyphens and the confirmation number, across all dates', async ({
  page,
}) => {
  const stamp = Date.now().toString();
  const guest = `架電 探子${stamp.slice(-6)}`;
  const tel = `090-${stamp.slice(-8, -4)}-${stamp.slice(-4)}`;
  // Far beyond the default period (today to 30 days ahead): the box searches every date.
  const headers = await bearerOf(page.request);
  const id = await bookStay(page.request, headers, {
    accommodation_id: 2,
    room_id: (await roomsOf(page.request, headers, 2))[0]!.id,
    price_sub: 18000,
    start_date: addDays(tokyoToday(), 400),
    name: guest,
    tel,
  });
  const uid = ((await (await page.request.get(`/api/admin/books/${id}`, { headers })).json()) as { uid: string }).uid;

  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: '予約検索' }).click();
  const list = page.getByTestId('book-search');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const box = page.getByRole('searchbox', { name: '予約を探す' });
  await expect(box).toHaveAttribute('placeholder', '氏名・電話番号・メール・確認番号・サイト予約番号');
  const row = list.locator('tbody tr', { hasText: guest });

  // Part of the name, without the space it was written with.
  await box.fill(`架電探子${stamp.slice(-6, -2)}`);
  await box.press('Enter');
  await expect(row).toHaveCount(1);
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText('18,000円');
  // The period was emptied: the search is across every date.
  await expect(page.getByRole('group', { name: '宿泊日（から）' })).not.toContainText(/\d{4}/);

  // The phone as a caller says it, digits only.
  await box.fill(tel.replaceAll('-', ''));
  await box.press('Enter');
  await expect(row).toHaveCount(1);
  await expect(list.locator('tbody tr')).toHaveCount(1);

  // The confirmation number read out from the booking (the first 3 characters of its uid).
  await box.fill(uid.slice(0, 3));
  await box.press('Enter');
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/m/books/${id}$`));
  await expect(page.getByTestId('booking-panel').getByLabel('宿泊者名')).toHaveValue(guest);
});

test("a guest of the booking site is found by the site's reservation number, and the panel shows it", async ({
  page,
}) => {
  // A channel booking of the demo, with the number the site gave it (IK and 10 digits).
  const headers = await bearerOf(page.request);
  const from = addDays(tokyoToday(), 1);
  const res = await page.request.get(
    `/api/admin/books?stay_start_date=${from}&stay_end_date=${addDays(from, 60)}&with_consecutive=true`,
    { headers },
  );
  const books = ((await res.json()) as { books: { id: number; name: string; external_id: string | null }[] }).books;
  const site = books.find((b) => b.external_id);
  expect(site, 'a channel booking with its site number').toBeTruthy();

  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: '予約検索' }).click();
  const list = page.getByTestId('book-search');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const box = page.getByRole('searchbox', { name: '予約を探す' });
  // As a guest reads it out: in lower case, the last 8 characters.
  await box.fill(site!.external_id!.slice(-8).toLowerCase());
  await box.press('Enter');
  const row = list.locator('tbody tr', { hasText: site!.external_id! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(site!.name);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/m/books/${site!.id}$`));
  await expect(page.getByTestId('booking-external-id')).toHaveText(site!.external_id!);
});

/** The query of the next list call of the booking search. */
const nextSearch = (page: Page) =>
  page
    .waitForRequest((r) => /\/api\/admin\/books\?/.test(r.url()) && !r.url().includes('with_consecutive'))
    .then((r) => Object.fromEntries(new URL(r.url()).searchParams));

test('the booking search opens on its own filters after a calendar, also after a reload', async ({ page }) => {
  const today = tokyoToday();
  await signIn(page, ADMIN, '/m/accommodation/2');
  await calendarShown(page);

  const opened = nextSearch(page);
  await page.getByRole('menuitem', { name: '予約検索' }).click();
  await expect(page).toHaveURL(/\/m\/books$/);
  // Its defaults (nothing was searched yet): every facility, today to 30 days ahead; not the
  // calendar's facility and window.
  expect(await opened).toEqual({ stay_start_date: today, stay_end_date: addDays(today, 30) });
  await expect(page.getByLabel('宿泊施設')).not.toContainText('湖畔の宿');

  const reloaded = nextSearch(page);
  await page.reload();
  expect(await reloaded).toEqual({ stay_start_date: today, stay_end_date: addDays(today, 30) });

  // Its own last search is what it keeps: a facility chosen here, then the calendar again.
  const chosen = nextSearch(page);
  await page.getByLabel('宿泊施設').click();
  await page.getByRole('option', { name: '湖畔の宿 みずうみ' }).click();
  expect(await chosen).toMatchObject({ accommodation_id: '2' });
  await openCalendar(page, '/m/accommodation/1');
  const again = nextSearch(page);
  await page.getByRole('menuitem', { name: '予約検索' }).click();
  expect(await again).toEqual({ accommodation_id: '2', stay_start_date: today, stay_end_date: addDays(today, 30) });
});

test('a period that ends before it starts says so and is not searched', async ({ page }) => {
  const today = tokyoToday();
  const before = addDays(today, -1);
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: '予約検索' }).click();
  await expect(page.getByTestId('book-search').locator('tbody tr').first()).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/admin\/books\?/.test(r.url())) sent.push(r.url());
  });
  await pickDate(page, '宿泊日（まで）', before);
  await expect(page.getByText('宿泊日（まで）は宿泊日（から）以降の日付を指定してください').first()).toBeVisible();
  // The filter form's debounce (0.5 s) is long over: the wrong period never reached the API.
  await page.waitForTimeout(1500);
  expect(sent.filter((url) => url.includes(`stay_end_date=${before}`))).toEqual([]);
});
