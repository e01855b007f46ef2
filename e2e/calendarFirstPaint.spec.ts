import { expect, test } from '@playwright/test';
import type { Booking } from '../contract/booking';
import { addDays, tokyoToday, weekday } from '../contract/dates';
import { ADMIN, bearerOf, signIn } from './support';

/**
 * The calendar's first paint: its bookings drawn from the early calls before the console's code
 * (react-admin, MUI) has loaded. The console's chunk is held here, so that the first paint can be
 * seen alone, then let go.
 */
test("the calendar's bookings show before the console has loaded, and a click on one opens it once it has", async ({
  page,
}) => {
  const today = tokyoToday();
  const from = addDays(addDays(today, -weekday(today)), -7);
  const res = await page.request.get('/api/admin/books', {
    headers: await bearerOf(page.request),
    params: {
      accommodation_id: 1,
      stay_start_date: today,
      stay_end_date: addDays(today, 30),
      with_consecutive: 'true',
    },
  });
  const stay = ((await res.json()) as { books: Booking[] }).books.find(
    (b) => b.delete_flg === 0 && b.start_date > today,
  );
  expect(stay, 'the demo data has a stay in the coming month').toBeTruthy();
  await signIn(page, ADMIN);

  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/AdminApp-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const windowCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/admin/books?accommodation_id=1&stay_start_date=${from}`)) windowCalls.push(r.url());
  });

  await page.goto('/m/accommodation/1');
  const first = page.getByTestId('calendar-first-paint');
  const chip = first.locator(`.cal-day[data-date="${stay!.start_date}"] .cal-chip[data-book-id="${stay!.id}"]`);
  await expect(chip).toContainText(stay!.name);
  await expect(first.getByRole('heading', { name: '温泉旅館 さくら荘' })).toBeVisible();
  await expect(first).toContainText(
    `${Number(addDays(from, 3).slice(0, 4))}年${Number(addDays(from, 3).slice(5, 7))}月`,
  );
  await expect(first.locator(`.cal-day[data-date="${today}"]`)).toHaveClass(/today/);
  // Nothing of the console yet.
  await expect(page.getByTestId('app-header')).toHaveCount(0);

  // A click while the console loads goes to the booking's address; the console opens it.
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${stay!.id}$`));
  await expect(chip).toHaveClass(/selected/);
  await expect(first.locator(`.cal-day[data-date="${stay!.start_date}"]`)).not.toHaveClass(/unselect/);
  release();
  await expect(page.getByTestId('booking-panel')).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(
    page.getByTestId('calendar-scroll').locator(`.cal-chip.selected[data-book-id="${stay!.id}"]`).first(),
  ).toBeVisible();
  // The console started from the first paint's answers: the window was asked for once.
  expect(windowCalls).toHaveLength(1);
});
