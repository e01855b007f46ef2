import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addMonths, firstOfMonth, lastOfMonth, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, lookAt, pickDate, roomsOf, signIn } from './support';

/**
 * Guest analysis (issue 22) on the started product: a month with known bookings shows its table,
 * totals and charts at /m/analitcs/{year}/{month}; /m/analitcs opens next month, a typed range is
 * shown with 表示, and the CSV is the server's file. At 390 px the charts go below the table.
 */

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOT_DIR). */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ACCOMMODATION = 1;
/** A July the demo's bookings (three months either side of today) never reach: only this file's stays. */
const YEAR = Number(tokyoToday().slice(0, 4)) + 3;
const MONTH = 7;

test('guest analysis of a month: the table, its totals, the charts and the CSV', async ({ page }) => {
  test.setTimeout(90_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const headers = await bearerOf(page.request, ADMIN);
  const [room] = await roomsOf(page.request, headers, ACCOMMODATION);
  // Two stays in that July: 2 nights of 24,000円 and 1 night of 9,000円 (the second crosses nothing).
  await bookStay(page.request, headers, {
    accommodation_id: ACCOMMODATION,
    room_id: room!.id,
    start_date: `${YEAR}-07-10`,
    days: 2,
    price_sub: 24_000,
    name: '分析 一郎',
  });
  await bookStay(page.request, headers, {
    accommodation_id: ACCOMMODATION,
    room_id: room!.id,
    start_date: `${YEAR}-07-20`,
    price_sub: 9_000,
    name: '分析 二郎',
  });

  await signIn(page, ADMIN, `/m/analitcs/${YEAR}/${MONTH}`);
  await expect(page.getByRole('heading', { name: 'ゲスト分析', level: 1 })).toBeVisible();
  await expect(page.getByTestId('analytics-period')).toHaveText(`${YEAR}年7月1日〜${YEAR}年7月31日`);
  const table = page.getByTestId('analytics-table');
  await expect(table.getByTestId('analytics-row').first()).toBeVisible();
  const first = table.getByTestId('analytics-row').first();
  await expect(first.getByRole('cell').nth(2)).toHaveText('2');
  await expect(first.getByRole('cell').nth(5)).toHaveText('33,000円');
  await expect(table.getByTestId('analytics-total')).toContainText('合計');
  for (const header of ['稼働率', '客室稼働率', 'ADR', 'RevPAR'])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  // Each occupancy says what it counts, under the table (issue 32).
  const definitions = page.getByTestId('analytics-definitions');
  await expect(definitions).toContainText('稼働率：期間内に宿泊のある予約の件数 ÷（施設の部屋数 × 期間の日数）');
  await expect(definitions).toContainText('客室稼働率：期間内に販売した室泊数 ÷ 販売できた室泊数');
  await lookAt(page, 'analytics-definitions');

  // The charts: an svg each, with a line per facility and a bar per amount.
  const occupancy = page.getByTestId('analytics-occupancy-chart').locator('svg').first();
  await expect(occupancy).toBeVisible();
  await expect(page.getByTestId('analytics-occupancy-chart').locator('.MuiLineChart-line').first()).toBeVisible();
  await expect(page.getByTestId('analytics-amount-chart').locator('svg').first()).toBeVisible();
  // The axes name their days and facilities (Japanese type needs its height: nothing cut away).
  await expect(
    page.getByTestId('analytics-amount-chart').locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first(),
  ).toHaveText(/\S/);
  await expect(
    page.getByTestId('analytics-occupancy-chart').locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first(),
  ).toHaveText(/^\d+\/\d+$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-month.png`, fullPage: true });

  // The CSV is the server's file: BOM, CRLF, the same table with its totals row.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('analytics-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`ゲスト分析_${YEAR}-07-01_${YEAR}-07-31.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text).toContain('\r\n合計,');
  expect(text.split('\r\n')[0]).toContain('施設名,予約数');

  // /m/analitcs opens next month; a typed range is refused in the form when it runs backwards.
  await page.goto('/m/analitcs');
  const next = firstOfMonth(addMonths(tokyoToday(), 1));
  const label = (d: string) => `${Number(d.slice(0, 4))}年${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
  await expect(page.getByTestId('analytics-period')).toHaveText(`${label(next)}〜${label(lastOfMonth(next))}`);
  await pickDate(page, '開始日', `${YEAR}-07-15`);
  await pickDate(page, '終了日', `${YEAR}-07-01`);
  await page.getByTestId('analytics-show').click();
  await expect(page.getByText('終了日は開始日以降の日付を指定してください')).toBeVisible();
  await pickDate(page, '終了日', `${YEAR}-07-21`);
  await page.getByTestId('analytics-show').click();
  await expect(page.getByTestId('analytics-period')).toHaveText(`${YEAR}年7月15日〜${YEAR}年7月21日`);
  await expect(page.getByTestId('analytics-row').first().getByRole('cell').nth(2)).toHaveText('1');
});

/** The month's analysis signed in as the administrator, once its table and occupancy chart are drawn. */
async function tableAndChart(page: Page) {
  await signIn(page, ADMIN, `/m/analitcs/${YEAR}/${MONTH}`);
  const table = page.getByTestId('analytics-table');
  await expect(table).toBeVisible();
  const chart = page.getByTestId('analytics-occupancy-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  return { table, tableBox: (await table.boundingBox())!, chartBox: (await chart.boundingBox())! };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the charts go below the table and nothing is wider than the screen', async ({ page }) => {
    const { tableBox, chartBox } = await tableAndChart(page);
    expect(chartBox.y).toBeGreaterThan(tableBox.y + 10);
    expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(390);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/analytics-phone.png`, fullPage: true });
    }
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1700, height: 1000 } });

  test('the charts stand beside the table', async ({ page }) => {
    const { table, tableBox, chartBox } = await tableAndChart(page);
    // Beside: to the right of the table's start, level with its rows; the table is not cut.
    expect(chartBox.x).toBeGreaterThan(tableBox.x + 300);
    expect(chartBox.y).toBeLessThan(tableBox.y + tableBox.height);
    const scroll = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
    expect(scroll).toBeLessThanOrEqual(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-wide.png`, fullPage: true });
  });
});
