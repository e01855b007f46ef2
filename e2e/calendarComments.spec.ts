import { expect, test, type Page } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, calendarShown, signIn, writeComment } from './support';

// Two months ahead: inside the calendar's first 15 weeks, after the demo data's comments (two weeks
// ahead) and the day calendar.spec.ts writes one on (a stay's first night within 40 days).
const date = addDays(tokyoToday(), 60);
const [y, m, d] = date.split('-').map(Number) as [number, number, number];
const dayCell = (page: Page) => page.locator(`.cal-day[data-date="${date}"]`);

/** From the calendar to the day's schedule by its date, as staff do. */
async function openDay(page: Page) {
  await dayCell(page).locator('.cal-date').click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${y}/${m}/${d}$`));
}

async function backToCalendar(page: Page) {
  await page.getByRole('link', { name: 'カレンダーに戻る' }).click();
  await expect(page).toHaveURL(/\/m\/accommodation\/1$/);
  await expect(page.locator('.cal-chip').first()).toBeVisible();
  await dayCell(page).scrollIntoViewIfNeeded();
}

test("a comment written on a day's schedule shows on that day of the calendar, changed and deleted", async ({
  page,
}) => {
  const stamp = Date.now();
  const first = `団体様 到着 17時予定 ${stamp}`;
  await signIn(page, ADMIN, '/m/accommodation/1');
  await calendarShown(page);
  await dayCell(page).scrollIntoViewIfNeeded();
  await expect(dayCell(page).getByRole('note')).toHaveCount(0);

  await openDay(page);
  await writeComment(page, `${first}\n夕食は18時半から`);
  await backToCalendar(page);

  // The grid: the first line, the whole as its title and accessible name.
  const note = dayCell(page).getByRole('note');
  await expect(note).toHaveText(first);
  await expect(note).toHaveAttribute('title', new RegExp(`${first}\\n夕食は18時半から`));
  await expect(dayCell(page).getByRole('note', { name: new RegExp(`^コメント: ${first}`) })).toBeVisible();
  await expect(dayCell(page).getByRole('note')).toHaveCount(1);
  await expect(page.locator(`.cal-day[data-date="${addDays(date, 1)}"]`).getByRole('note')).toHaveCount(0);

  // The list: under the date, in full.
  await page.getByRole('button', { name: 'リスト表示' }).click();
  await expect(page.getByTestId('calendar-list')).toBeVisible();
  await expect(dayCell(page).locator('.cal-day-side')).toContainText(`${m}月${d}日`);
  await expect(dayCell(page).locator('.cal-day-side').getByRole('note')).toContainText(`${first}\n夕食は18時半から`);

  // A click on the comment opens the day, like a click on the day; a change shows once back.
  await dayCell(page).getByRole('note').click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${y}/${m}/${d}$`));
  await writeComment(page, `到着 18時に変更 ${stamp}`);
  await backToCalendar(page);
  await expect(dayCell(page).getByRole('note')).toHaveText(`到着 18時に変更 ${stamp}`);

  // Deleted: the day shows nothing more.
  await openDay(page);
  await page.getByRole('button', { name: 'コメントを削除' }).first().click();
  const deleted = page.waitForResponse(
    (r) => r.url().includes('/calendar/comments') && r.request().method() === 'DELETE',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  expect((await deleted).ok()).toBe(true);
  await backToCalendar(page);
  await expect(page.getByTestId('calendar-list')).toBeVisible();
  await expect(dayCell(page).getByRole('note')).toHaveCount(0);
});
