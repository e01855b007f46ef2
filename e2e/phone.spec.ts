import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openCalendar, pickDate, signIn } from './support';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSideways(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Every one of these is on screen, its right edge inside the phone's width. */
async function expectOnScreen(page: Page, names: RegExp) {
  const buttons = page.getByRole('button', { name: names }).or(page.getByRole('link', { name: names }));
  const boxes = await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  expect(boxes.length).toBeGreaterThan(0);
  for (const right of boxes) expect(right).toBeLessThanOrEqual(390);
}

test('on a phone the calendar names its guests, and the plan, room, option and price screens fit', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.context().addCookies([{ name: 'yadoban_calendar_view', value: 'row', url: new URL(page.url()).origin }]);
  await openCalendar(page, '/m/accommodation/1');
  await expectNoSideways(page);
  // A guest's name shows whole (on two lines if need be), not one character and '…'.
  const names = await page.locator('.cal-week .cal-chip').count();
  expect(names).toBeGreaterThan(10);
  const cut = await page.locator('.cal-week .cal-chip').evaluateAll((chips) => {
    // The guest's name: the chip's text node (the register and stay marks before it are elements).
    const nameOf = (c: Element) => [...c.childNodes].find((n) => n.nodeType === 3)?.textContent ?? '';
    return chips
      .filter((c) => nameOf(c).replace(/\s/g, '').length <= 5 && c.getBoundingClientRect().height > 0)
      .filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1)
      .map((c) => nameOf(c));
  });
  expect(cut).toEqual([]);

  for (const [path, actions] of [
    ['/m/accommodation/1/plan', /^(設定|料金設定|削除)$/],
    ['/m/accommodation/1/room', /^(設定|削除)$/],
    ['/m/accommodation/1/option', /^(編集|削除)$/],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expectNoSideways(page);
    await expectOnScreen(page, actions);
  }

  await page.goto('/m/accommodation/1/plan/1/price');
  await expect(page.getByTestId('price-grid')).toBeVisible();
  await expectNoSideways(page);
  await expectOnScreen(page, /^(CSVダウンロード|CSV更新|新規作成)$/);

  await page.getByRole('link', { name: '新規作成' }).click();
  await pickDate(page, '開始日', '2027-04-01');
  await pickDate(page, '終了日', '2027-04-30');
  await expect(page.getByTestId('price-preview')).toBeVisible();
  await expectNoSideways(page);
  await expectOnScreen(page, /^料金を登録$/);
});
