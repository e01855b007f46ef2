import { expect, test, type Page } from '@playwright/test';
import type { Booking } from '../contract/booking';
import { addDays, dateRange, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, roomsOf, showMonth, signIn, writeComment } from './support';

/** A booking of the demo data read straight from the API, with the administrator's own sign-in. */
async function upcomingStay(page: Page, accommodationId: number): Promise<Booking> {
  const today = tokyoToday();
  const res = await page.request.get('/api/admin/books', {
    headers: await bearerOf(page.request),
    params: {
      accommodation_id: accommodationId,
      stay_start_date: today,
      stay_end_date: addDays(today, 40),
      with_consecutive: 'true',
    },
  });
  expect(res.ok()).toBe(true);
  const { books } = (await res.json()) as { books: Booking[] };
  // Several nights, starting after today: well inside the calendar's first 15 weeks.
  const stay = books.find((b) => b.delete_flg === 0 && b.days >= 2 && b.start_date > today);
  expect(stay, 'the demo data has a stay of two nights or more in the coming weeks').toBeTruthy();
  return stay!;
}

/**
 * A stay of two nights booked for the test on the first nights from two weeks ahead that no other
 * booking of the accommodation touches: the month view shows two bars a day and 他N件 for the rest,
 * so a stay among the demo's busy days (which ones depends on the day the suite runs) may be hidden.
 */
async function lonelyStay(page: Page, accommodationId: number) {
  const headers = await bearerOf(page.request);
  const from = addDays(tokyoToday(), 14);
  const res = await page.request.get('/api/admin/books', {
    headers,
    params: {
      accommodation_id: accommodationId,
      stay_start_date: from,
      stay_end_date: addDays(from, 120),
      with_consecutive: 'true',
    },
  });
  expect(res.ok()).toBe(true);
  const { books } = (await res.json()) as { books: Booking[] };
  const taken = new Set(
    books.filter((b) => b.delete_flg === 0).flatMap((b) => dateRange(b.start_date, addDays(b.end_date, -1))),
  );
  let start = from;
  while (taken.has(start) || taken.has(addDays(start, 1))) start = addDays(start, 1);
  const [room] = await roomsOf(page.request, headers, accommodationId);
  const name = '月の帯 確認';
  const id = await bookStay(page.request, headers, {
    accommodation_id: accommodationId,
    room_id: room!.id,
    start_date: start,
    days: 2,
    name,
  });
  return { id, name, start_date: start };
}

const dayCell = (page: Page, date: string) => page.locator(`.cal-day[data-date="${date}"]`);

test('the calendar shows a booking on each of its nights and opens its day schedule with comments', async ({
  page,
}) => {
  const stay = await upcomingStay(page, 1);
  const nights = dateRange(stay.start_date, addDays(stay.end_date, -1));
  await signIn(page, ADMIN);

  const started = Date.now();
  await page.getByTestId('accommodation-menu-item').first().click();
  await expect(page).toHaveURL(/\/m\/accommodation\/1$/);
  await expect(page.locator('.cal-chip').first()).toBeVisible();
  test.info().annotations.push({ type: 'first chips after (ms)', description: String(Date.now() - started) });

  for (const night of nights) {
    await expect(dayCell(page, night).locator(`.cal-chip[data-book-id="${stay.id}"]`)).toHaveText(
      new RegExp(stay.name),
    );
  }
  await expect(dayCell(page, stay.end_date).locator(`.cal-chip[data-book-id="${stay.id}"]`)).toHaveCount(0);
  // The demo data holds one overbooked night in the coming weeks of the first accommodation.
  await expect(page.locator('.cal-day[data-state="over"]').first()).toBeAttached();
  // Today (Tokyo) as the page was opened (a run may pass midnight after that).
  const todayCell = page.locator('.cal-day.today');
  await expect(todayCell).toHaveCount(1);
  expect([tokyoToday(new Date(started)), tokyoToday()]).toContain(await todayCell.getAttribute('data-date'));

  // Its booking panel, beside the calendar.
  await dayCell(page, nights[0]!).locator(`.cal-chip[data-book-id="${stay.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${stay.id}$`));
  await expect(dayCell(page, nights[0]!)).not.toHaveClass(/unselect/);
  await expect(dayCell(page, addDays(stay.end_date, 1))).toHaveClass(/unselect/);
  await page.getByTestId('booking-panel').getByRole('button', { name: '閉じる' }).first().click();
  await expect(page).toHaveURL(/\/m\/accommodation\/1$/);

  // The day schedule of its first night.
  const [y, m, d] = nights[0]!.split('-').map(Number) as [number, number, number];
  await dayCell(page, nights[0]!).locator('.cal-date').click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${y}/${m}/${d}$`));
  await expect(page.getByRole('heading', { name: new RegExp(`${y}年${m}月${d}日`) })).toBeVisible();
  await expect(page.getByTestId('day-bookings')).toContainText(stay.name);

  const text = `e2e メモ ${Date.now()}`;
  // A day without comments shows none: コメントを追加 gives the field.
  await writeComment(page, text);
  await page.reload();
  await expect(page.getByText(text)).toBeVisible();

  await page.getByRole('link', { name: 'カレンダーに戻る' }).click();
  await expect(page).toHaveURL(/\/m\/accommodation\/1$/);
});

test('the list view is kept after a reload', async ({ page }) => {
  await signIn(page, ADMIN, '/m/accommodation/1');
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  await page.getByRole('button', { name: 'リスト表示' }).click();
  await expect(page.getByTestId('calendar-list')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('calendar-list')).toBeVisible();
  await expect(page.getByRole('button', { name: 'リスト表示' })).toHaveAttribute('aria-pressed', 'true');
  const today = tokyoToday();
  const [, m, d] = today.split('-').map(Number) as [number, number, number];
  await page.getByRole('button', { name: '今日' }).click();
  await expect(page.locator(`.cal-day[data-date="${today}"]`)).toContainText(`${m}月${d}日`);
  await expect(page.locator(`.cal-day[data-date="${today}"]`)).toBeInViewport();
  expect((await page.context().cookies()).find((c) => c.name === 'yadoban_calendar_view')?.value).toBe('column');
});

test('scrolling to the top loads earlier weeks and keeps the view in place', async ({ page }) => {
  await signIn(page, ADMIN, '/m/accommodation/1');
  const scroller = page.getByTestId('calendar-scroll');
  const first = page.locator('.cal-day').first();
  await expect(page.locator('.cal-chip').first()).toBeVisible();
  const before = await first.getAttribute('data-date');
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  await expect.poll(() => first.getAttribute('data-date')).not.toBe(before);
  // The earlier weeks are put above the view in the frame after they render, not in the same one.
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
});

test('the month view shows a stay as one bar, opens its booking and is kept after a reload', async ({ page }) => {
  const stay = await lonelyStay(page, 1);
  await signIn(page, ADMIN, '/m/accommodation/1');
  await page.getByRole('button', { name: '月表示' }).click();
  const month = page.getByTestId('calendar-month');
  await expect(month.locator('.rbc-toolbar-label')).toHaveText(/^\d{4}年\d{1,2}月$/);
  await showMonth(month, stay.start_date);
  const bar = month.locator('.rbc-event', { hasText: stay.name }).first();
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${stay.id}$`));
  await expect(page.getByRole('heading', { name: '予約詳細' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: '月表示' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('calendar-month')).toBeVisible();
  await expect(page.getByTestId('calendar-grid')).toHaveCount(0);
});
