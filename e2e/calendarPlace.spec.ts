import { expect, test, type Page } from '@playwright/test';
import { addDays, weekday } from '../contract/dates';
import { ADMIN, calendarShown, signIn } from './support';

const yearMonth = (date: string) => `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月`;
/** What the grid names for a week: the month most of it is in (its Wednesday's). */
const weekMonth = (sunday: string) => yearMonth(addDays(sunday, 3));
const dateInUrl = (page: Page) => new URL(page.url()).searchParams.get('date');

/** The first day cell whose row shows at the top of the scroll area, under the weekday row. */
async function topDate(page: Page): Promise<string> {
  return page.getByTestId('calendar-scroll').evaluate((el) => {
    const top = el.getBoundingClientRect().top + (el.querySelector('.cal-head')?.getBoundingClientRect().height ?? 0);
    const cells = [...el.querySelectorAll<HTMLElement>('[data-date]')];
    return cells.find((c) => c.getBoundingClientRect().bottom > top + 4)!.dataset.date!;
  });
}

/** The top date once a wheel's scrolling has stopped: the same on two reads 300 ms apart. */
async function settledTop(page: Page): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await topDate(page);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return last;
}

test('the calendar shows the month in view, keeps it in the address and across a view switch', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().clearCookies();
  await signIn(page, ADMIN, '/m/accommodation/1');
  await calendarShown(page);
  const month = page.getByTestId('calendar-shown-month');
  const first = await topDate(page);
  await expect(month).toHaveText(weekMonth(first));
  // Opening where it always opens writes no date.
  await page.waitForTimeout(600);
  expect(dateInUrl(page)).toBeNull();

  // Scrolling down about two months: the month follows, and the address after it.
  const scroller = page.getByTestId('calendar-scroll');
  await scroller.hover();
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 300);
  await expect.poll(() => topDate(page)).not.toBe(first);
  const shown = await settledTop(page);
  expect(shown > addDays(first, 27)).toBe(true);
  await expect(month).toHaveText(weekMonth(shown));
  await expect.poll(() => dateInUrl(page)).toBe(shown);

  // A reload opens at the same week.
  await page.reload();
  await expect(page.locator('.cal-day').first()).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect.poll(() => topDate(page)).toBe(shown);
  await expect(month).toHaveText(weekMonth(shown));

  // The list opens at the date the grid showed, not a month earlier; and back again.
  await page.getByRole('button', { name: 'リスト表示' }).click();
  await expect(page.getByTestId('calendar-list')).toBeVisible();
  await expect.poll(() => topDate(page)).toBe(shown);
  await expect(month).toHaveText(yearMonth(shown));
  await scroller.hover();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => topDate(page)).not.toBe(shown);
  const inList = await settledTop(page);
  await page.getByRole('button', { name: '週表示' }).click();
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  // The grid's row of that day: its Sunday at the top.
  await expect.poll(() => topDate(page)).toBe(addDays(inList, -weekday(inList)));

  // The month view opens on that month, and its month comes back to the grid.
  await page.getByRole('button', { name: '月表示' }).click();
  const opened = addDays(addDays(inList, -weekday(inList)), 3);
  await expect(page.locator('.rbc-toolbar-label')).toHaveText(yearMonth(opened));
  await page.getByRole('button', { name: '翌月' }).click();
  const next = addDays(`${opened.slice(0, 8)}01`, 40).slice(0, 8) + '01';
  await expect(page.locator('.rbc-toolbar-label')).toHaveText(yearMonth(next));
  await expect.poll(() => dateInUrl(page)).toBe(next);
  await page.getByRole('button', { name: '週表示' }).click();
  await expect.poll(() => topDate(page)).toBe(addDays(next, -weekday(next)));
  await expect(month).toHaveText(weekMonth(addDays(next, -weekday(next))));
});
