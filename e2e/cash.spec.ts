import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { defaultPettyCashRange } from '../contract/pettyCash';
import { STAFF, accommodationsOf, pickDate, signIn } from './support';

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOT_DIR). */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const yen = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

test('petty cash: add money out and in, see the running balance, download the CSV', async ({ page }) => {
  const [facility] = (await accommodationsOf(page, STAFF)).accommodations;
  const range = defaultPettyCashRange();
  const [y, m] = range.start_date.split('-').map(Number) as [number, number];
  await signIn(page, STAFF, `/m/accommodation/${facility!.id}/cash`);

  // Next month, first to last day, with the balance carried into it on the first row.
  await expect(page.getByTestId('cash-range')).toContainText(`${y}年${m}月1日`);
  const carried = page.getByTestId('cash-carried');
  await expect(carried).toContainText('前期繰越');
  const closing = page.getByTestId('cash-closing');
  await expect(closing).toContainText('円');
  const before = yen(await closing.locator('td').nth(3).textContent());
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cash-page.png`, fullPage: true });

  // A wrong amount is said on the field, and nothing is sent.
  await page.getByTestId('cash-add').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: '出金' })).toBeChecked();
  await dialog.getByLabel('金額').fill('0');
  await dialog.getByLabel('用途').fill('切手代');
  await dialog.getByTestId('cash-save').click();
  await expect(dialog.getByText('金額は1円以上で入力してください')).toBeVisible();
  await dialog.getByLabel('用途').fill('');
  await dialog.getByTestId('cash-save').click();
  await expect(dialog.getByText('用途を入力してください')).toBeVisible();
  // A date that is no date (2月30日) is said on the date field.
  await pickDate(dialog, '日付', `${y}-02-30`);
  await dialog.getByTestId('cash-save').click();
  await expect(dialog.getByText('日付を正しく入力してください')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cash-add-errors.png` });

  // Money out: 1,200円 on the third of next month, a use a spreadsheet would take for a formula.
  const outDate = addDays(range.start_date, 2);
  await pickDate(dialog, '日付', outDate);
  await dialog.getByLabel('金額').fill('1200');
  await dialog.getByLabel('用途').fill('=cmd|切手');
  await dialog.getByTestId('cash-save').click();
  await expect(page.getByText('小口現金を追加しました。')).toBeVisible();
  await expect(dialog).toBeHidden();
  const outRow = page.getByTestId('cash-row').filter({ hasText: '=cmd|切手' });
  await expect(outRow.locator('td').nth(2)).toHaveText('1,200円');
  await expect(closing.locator('td').nth(3)).toHaveText(`${(before - 1_200).toLocaleString('ja-JP')}円`);

  // Money in: 5,000円 the same day.
  await page.getByTestId('cash-add').click();
  await dialog.getByRole('radio', { name: '入金' }).check();
  await pickDate(dialog, '日付', outDate);
  await dialog.getByLabel('金額').fill('5000');
  await dialog.getByLabel('用途').fill('釣り銭 補充');
  await dialog.getByTestId('cash-save').click();
  await expect(dialog).toBeHidden();
  const inRow = page.getByTestId('cash-row').filter({ hasText: '釣り銭 補充' });
  await expect(inRow.locator('td').nth(1)).toHaveText('5,000円');
  await expect(closing.locator('td').nth(3)).toHaveText(`${(before + 3_800).toLocaleString('ja-JP')}円`);
  // The running balance: the entry in is 5,000円 above the entry out recorded before it.
  const outBalance = yen(await outRow.locator('td').nth(3).textContent());
  await expect(inRow.locator('td').nth(3)).toHaveText(`${(outBalance + 5_000).toLocaleString('ja-JP')}円`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cash-added.png`, fullPage: true });

  // The CSV of the range: BOM, CRLF, the formula neutralised, the amount out negative.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('cash-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`cash_${facility!.id}_${range.start_date}_${range.end_date}.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('日付,金額,残高,用途,記入者');
  expect(lines[1]).toMatch(new RegExp(`^${addDays(range.start_date, -1)},,-?\\d+,前期繰越,$`));
  expect(text).toContain(`${outDate},-1200,${outBalance},"'=cmd|切手",`);
  expect(text).toContain(`${outDate},5000,${outBalance + 5_000},釣り銭 補充,`);
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toContain('\n');
});

test('petty cash: the range is chosen, and an end before the start is refused on the field', async ({ page }) => {
  const [facility] = (await accommodationsOf(page, STAFF)).accommodations;
  await signIn(page, STAFF, `/m/accommodation/${facility!.id}/cash`);
  await expect(page.getByTestId('cash-carried')).toBeVisible();
  // A May the demo's petty cash (last, this and next month) never reaches.
  const y = Number(tokyoToday().slice(0, 4)) + 3;
  await pickDate(page, '開始日', `${y}-05-10`);
  await pickDate(page, '終了日', `${y}-05-01`);
  await expect(page.getByText('終了日は開始日以降の日付を入力してください')).toBeVisible();
  await expect(page.getByTestId('cash-show')).toBeDisabled();
  await pickDate(page, '終了日', `${y}-05-31`);
  await page.getByTestId('cash-show').click();
  await expect(page.getByTestId('cash-range')).toHaveText(`${y}年5月10日 〜 ${y}年5月31日`);
  await expect(page.getByText('この期間の記録はありません。')).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/cash-phone.png`, fullPage: true });
  }
});
