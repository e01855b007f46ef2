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
  // Columns: No., 日付, 入金, 出金, 残高, 用途, 記入者, 操作.
  await expect(outRow.locator('td').nth(3)).toHaveText('1,200円');
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
  await expect(inRow.locator('td').nth(2)).toHaveText('5,000円');
  await expect(closing.locator('td').nth(3)).toHaveText(`${(before + 3_800).toLocaleString('ja-JP')}円`);
  // The running balance: the entry in is 5,000円 above the entry out recorded before it.
  const outBalance = yen(await outRow.locator('td').nth(4).textContent());
  await expect(inRow.locator('td').nth(4)).toHaveText(`${(outBalance + 5_000).toLocaleString('ja-JP')}円`);
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
  expect(lines[0]).toBe('日付,金額,残高,用途,記入者,No.,状態,訂正元,訂正理由');
  expect(lines[1]).toMatch(new RegExp(`^${addDays(range.start_date, -1)},,-?\\d+,前期繰越,,,,,$`));
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

test('petty cash: a mistaken entry is corrected with its reason, shown with its reversal, the balance back', async ({
  page,
}) => {
  const [facility] = (await accommodationsOf(page, STAFF)).accommodations;
  const range = defaultPettyCashRange();
  const [y, m] = range.start_date.split('-').map(Number) as [number, number];
  await signIn(page, STAFF, `/m/accommodation/${facility!.id}/cash`);
  const closing = page.getByTestId('cash-closing');
  await expect(closing).toContainText('円');
  const before = yen(await closing.locator('td').nth(3).textContent());
  const balanceIs = (value: number) =>
    expect(closing.locator('td').nth(3)).toHaveText(`${value.toLocaleString('ja-JP')}円`);
  const dialog = page.getByRole('dialog');

  // The mistake: 12,000円 out on the fifth of next month where 1,200円 was meant.
  const use = `切手代 ${Date.now() % 100_000}`;
  const day = addDays(range.start_date, 4);
  await page.getByTestId('cash-add').click();
  await pickDate(dialog, '日付', day);
  await dialog.getByLabel('金額').fill('12000');
  await dialog.getByLabel('用途').fill(use);
  await dialog.getByTestId('cash-save').click();
  await expect(dialog).toBeHidden();
  await balanceIs(before - 12_000);
  const rows = page.getByTestId('cash-row').filter({ hasText: use });
  await expect(rows).toHaveCount(1);
  const wrongNo = (await rows.locator('td').first().textContent())!.trim();

  // 訂正: the reason is required; the popup says the reversal's date (the entry's own day, later than today).
  await rows.getByTestId('cash-correct').click();
  await expect(dialog.getByRole('heading', { name: '記録の訂正' })).toBeVisible();
  await expect(dialog.getByTestId('cash-correct-target')).toContainText(`No.${wrongNo}`);
  await expect(dialog.getByTestId('cash-correct-effect')).toContainText(`${y}年${m}月5日 付けで`);
  await expect(dialog.getByTestId('cash-correct-effect')).toContainText('入金 12,000円');
  await dialog.getByTestId('cash-correct-save').click();
  await expect(dialog.getByText('訂正理由を入力してください')).toBeVisible();
  await dialog.getByLabel('訂正理由').fill('金額の入力誤り');
  await dialog.getByTestId('cash-correct-save').click();
  await expect(page.getByText('記録を訂正しました。')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Shown together: the entry struck through, 訂正済み, naming its reversal; the reversal naming it and why.
  await expect(rows).toHaveCount(2);
  const wrong = rows.and(page.locator('[data-state="corrected"]'));
  const reversal = rows.and(page.locator('[data-state="correction"]'));
  await expect(wrong.getByTestId('cash-corrected')).toHaveText('訂正済み');
  await expect(wrong.locator('td').nth(3)).toHaveText('12,000円');
  await expect(wrong.locator('td').nth(3)).toHaveCSS('text-decoration-line', 'line-through');
  await expect(wrong.getByTestId('cash-correct')).toHaveCount(0);
  const reversalNo = (await reversal.locator('td').first().textContent())!.trim();
  await expect(wrong.getByTestId('cash-correction-note')).toHaveText(`No.${reversalNo} で訂正`);
  await expect(reversal.getByTestId('cash-correction')).toHaveText('訂正');
  await expect(reversal.getByTestId('cash-correction-note')).toHaveText(`No.${wrongNo} の訂正：金額の入力誤り`);
  await expect(reversal.locator('td').nth(1)).toHaveText(`${y}年${m}月5日`);
  await expect(reversal.locator('td').nth(2)).toHaveText('12,000円');
  await expect(reversal.getByTestId('cash-correct')).toHaveCount(0);
  // The running balance holds both: back to where it was.
  await balanceIs(before);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cash-corrected.png`, fullPage: true });

  // Reverse and re-enter: another mistake, put right by its reversal and the right entry in one go.
  const use2 = `灯油代 ${Date.now() % 100_000}`;
  await page.getByTestId('cash-add').click();
  await pickDate(dialog, '日付', day);
  await dialog.getByLabel('金額').fill('5000');
  await dialog.getByLabel('用途').fill(use2);
  await dialog.getByTestId('cash-save').click();
  await expect(dialog).toBeHidden();
  await balanceIs(before - 5_000);
  const rows2 = page.getByTestId('cash-row').filter({ hasText: use2 });
  await rows2.getByTestId('cash-correct').click();
  await dialog.getByLabel('訂正理由').fill('金額の桁違い');
  await dialog.getByRole('checkbox', { name: '正しい内容で記録し直す' }).check();
  await expect(dialog.getByRole('radio', { name: '出金' })).toBeChecked();
  await expect(dialog.getByLabel('用途')).toHaveValue(use2);
  await dialog.getByLabel('金額').fill('500');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cash-correct-reentry.png` });
  await dialog.getByTestId('cash-correct-save').click();
  await expect(page.getByText('記録を訂正し、正しい内容で記録し直しました。')).toBeVisible();
  await expect(rows2).toHaveCount(3);
  await expect(rows2.and(page.locator('[data-state="corrected"]'))).toHaveCount(1);
  await expect(rows2.and(page.locator('[data-state="correction"]'))).toHaveCount(1);
  await expect(rows2.last().locator('td').nth(3)).toHaveText('500円');
  await balanceIs(before - 500);

  // The CSV pairs them for the accountant: No., 状態, 訂正元, 訂正理由.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('cash-csv').click();
  const text = (await readFile((await (await downloading).path())!)).subarray(3).toString('utf8');
  expect(text).toContain(`,${wrongNo},訂正済み,,\r\n`);
  expect(text).toContain(`${day},12000,`);
  expect(text).toContain(`,${reversalNo},訂正,${wrongNo},金額の入力誤り\r\n`);
});
