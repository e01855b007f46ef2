import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, tokyoToday, weekday } from '../contract/dates';
import { ADMIN, STAFF, pickDate, showMonth, signIn } from './support';

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOT_DIR). */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
/**
 * A week from the first Saturday of March in a year the demo's shift groups (this month and next)
 * never reach, its deadline still to come: the Sunday is its second day, and no holiday falls in it.
 */
const MARCH = `${Number(tokyoToday().slice(0, 4)) + 3}-03-01`;
const START = addDays(MARCH, (6 - weekday(MARCH) + 7) % 7);
const SUNDAY = addDays(START, 1);
const MONDAY = addDays(START, 2);
const TUESDAY = addDays(START, 3);
const END = addDays(START, 6);
const DEADLINE = addDays(START, -9);
/** A date as the list shows it: 2031年2月20日. */
const ja = (date: string) => `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
const PERIOD = `${ja(START)}〜${ja(END)}`;

/** A page of its own signed in as `who`, on the shift groups' list. */
async function signedInPage(browser: Browser, who: typeof ADMIN, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, who, '/m/timesheet');
  return page;
}

const row = (page: Page) => page.getByTestId('timesheet-row').filter({ hasText: PERIOD });
const day = (page: Page, date: string) => page.locator(`[data-testid="timesheet-day"][data-date="${date}"]`);

test('a shift group: created by an administrator, marked by staff, assigned and released, then read-only', async ({
  browser,
}) => {
  // The administrator creates the group; a missing field is refused with the spec's message.
  const admin = await signedInPage(browser, ADMIN);
  await expect(admin.getByTestId('timesheets-table')).toBeVisible();
  await admin.getByRole('button', { name: '新規作成' }).click();
  const dialog = admin.getByRole('dialog');
  await pickDate(dialog, 'シフト開始日', START);
  await dialog.getByRole('button', { name: '作成' }).click();
  await expect(dialog.getByText('全ての項目を入力してください').first()).toBeVisible();
  await pickDate(dialog, 'シフト終了日', END);
  await pickDate(dialog, '登録期限', DEADLINE);
  await dialog.getByRole('button', { name: '作成' }).click();
  await expect(admin.getByText('シフトグループを作成しました。')).toBeVisible();
  await expect(row(admin)).toContainText(ja(DEADLINE));
  await expect(row(admin)).toContainText('受付中');
  await expect(row(admin)).toContainText('スタッフ 花子');
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/timesheet-list-admin.png`, fullPage: true });

  // The member of staff marks two days in their own column, and withdraws one.
  const staff = await signedInPage(browser, STAFF, 390);
  await expect(row(staff)).toBeVisible();
  await expect(staff.getByRole('button', { name: '新規作成' })).toHaveCount(0);
  await expect(row(staff).getByRole('button', { name: '削除' })).toHaveCount(0);
  await row(staff).getByRole('link', { name: '編集' }).click();
  await expect(staff).toHaveURL(/\/m\/timesheet\/\d+$/);
  await expect(staff.getByTestId('timesheet-day')).toHaveCount(7);
  await expect(staff.getByTestId('timesheet-user').filter({ hasText: '管理者' })).toHaveCount(0);
  // The Sunday: red.
  await expect(day(staff, SUNDAY).locator('td').first()).toHaveAttribute('data-holiday', 'true');
  for (const date of [MONDAY, TUESDAY]) {
    const cell = day(staff, date).locator('[data-testid="timesheet-cell"]:has(button)').first();
    await cell.locator('button').click();
    await expect(cell).toHaveAttribute('data-state', 'marked');
  }
  const withdrawn = day(staff, TUESDAY).locator('[data-testid="timesheet-cell"]:has(button)').first();
  await withdrawn.locator('button').click();
  await expect(staff.getByText('シフト希望を削除しました。')).toBeVisible();
  await expect(withdrawn).toHaveAttribute('data-state', 'none');
  if (SHOTS) await staff.screenshot({ path: `${SHOTS}/timesheet-sheet-staff-390.png`, fullPage: true });

  // The administrator assigns the mark and releases the group.
  await admin.goto('/m/timesheet');
  await expect(row(admin)).not.toContainText('スタッフ 花子');
  await row(admin).getByRole('link', { name: '編集' }).click();
  const marked = day(admin, MONDAY).locator('[data-testid="timesheet-cell"][data-state="marked"]');
  await expect(marked).toHaveCount(1);
  await marked.locator('button').click();
  await expect(day(admin, MONDAY).locator('[data-testid="timesheet-cell"][data-state="assigned"]')).toHaveCount(1);
  const coverage = day(admin, START).getByTestId('timesheet-coverage');
  await expect(coverage).toContainText('未配置');
  // Which facility nobody is placed at: its icon, named (issue 32).
  await expect(coverage.getByTestId('facility-icon').first()).toHaveAttribute('title', /に配置なし$/);
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/timesheet-sheet-admin.png`, fullPage: true });
  await admin.getByTestId('timesheet-release').click();
  await admin.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(admin.getByText('シフトグループを公開しました。')).toBeVisible();
  await expect(admin.getByTestId('timesheet-read-only')).toBeVisible();
  await expect(admin.getByTestId('timesheet-grid').locator('button')).toHaveCount(0);
  await expect(admin.getByTestId('timesheet-release')).toHaveCount(0);

  // Released: read-only for the member of staff too, and listed with 表示 rather than 編集.
  await staff.goto('/m/timesheet');
  await expect(row(staff)).toContainText('公開済み');
  await expect(row(staff).getByRole('link', { name: '編集' })).toHaveCount(0);
  await row(staff).getByRole('link', { name: '表示' }).click();
  await expect(staff.getByTestId('timesheet-read-only')).toBeVisible();
  await expect(staff.getByTestId('timesheet-grid').locator('button')).toHaveCount(0);
  await expect(day(staff, MONDAY).locator('[data-testid="timesheet-cell"][data-state="assigned"]')).toHaveCount(1);
  if (SHOTS) await staff.screenshot({ path: `${SHOTS}/timesheet-sheet-staff-released-390.png`, fullPage: true });

  // 自分のシフト: the shift assigned above, in its month (the demo's released month is the month the
  // server was started in, which may be last month by now).
  await staff.goto('/m/timesheet');
  await staff.getByTestId('tab-mine').click();
  const mine = staff.getByTestId('my-shifts');
  await expect(mine.locator('.rbc-toolbar-label')).toHaveText(/^\d{4}年\d{1,2}月$/);
  await showMonth(mine, MONDAY);
  await expect(mine.locator('.rbc-event').first()).toBeVisible();
  if (SHOTS) await staff.screenshot({ path: `${SHOTS}/timesheet-mine-staff-390.png`, fullPage: true });

  // The administrator deletes the group after the confirmation.
  await admin.goto('/m/timesheet');
  await row(admin).getByRole('button', { name: '削除' }).click();
  // Released: the confirmation says the released shifts go with it.
  await expect(admin.getByRole('dialog')).toContainText('公開済みのシフトも削除され');
  await admin.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(admin.getByText('シフトグループを削除しました。')).toBeVisible();
  await expect(row(admin)).toHaveCount(0);
});
