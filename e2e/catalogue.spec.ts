import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, pickDate, signIn } from './support';

/** A write of the rooms or plans API, waited for so that a reload shows what the server stored. */
const catalogueCall = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && path.test(r.url()) && r.ok());

test('a room and a plan are created, the plan attached to the room, and the plan renamed by blur', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const roomName = `離れ 試験${stamp}`;
  const planName = `試験プラン${stamp}`;
  const renamed = `${planName} 改`;

  await signIn(page, ADMIN);

  // A plan: the 作成 button, after the rules.
  await page.goto('/m/accommodation/1/plan');
  await page.getByRole('button', { name: '新規作成' }).click();
  const planPanel = page.getByTestId('plans-panel');
  await expect(planPanel.getByRole('heading', { name: 'プランの新規作成' })).toBeVisible();
  await planPanel.getByRole('textbox', { name: 'プラン名' }).fill(planName);
  await planPanel.getByRole('spinbutton', { name: '最大人数' }).fill('2');
  await planPanel.getByRole('textbox', { name: '基本金額' }).fill('0');
  await pickDate(planPanel, '開始', '2027-01-01');
  await pickDate(planPanel, '終了', '2027-12-31');
  await expect(planPanel.getByText('2027年12月31日')).toBeVisible();
  await planPanel.getByRole('checkbox', { name: '現地払い' }).check();
  const planCreated = catalogueCall(page, 'POST', /\/api\/accommodations\/1\/plans$/);
  await planPanel.getByRole('button', { name: '作成' }).click();
  await planCreated;
  await expect(page.getByTestId('message-box')).toHaveText(/プランが作成されました。/);
  await expect(planPanel.getByRole('heading', { name: 'プランの設定' })).toBeVisible();
  const planRows = page.getByTestId('plans-list').locator('tbody tr');
  const planRow = planRows.filter({ hasText: planName });
  await expect(planRow).toContainText('2027年1月1日');

  // A room, then the plan attached to it.
  await page.goto('/m/accommodation/1/room');
  await page.getByRole('button', { name: '新規作成' }).click();
  const roomPanel = page.getByTestId('rooms-panel');
  await roomPanel.getByRole('textbox', { name: '部屋名' }).fill(roomName);
  await roomPanel.getByRole('spinbutton', { name: '部屋数' }).fill('2');
  const roomCreated = catalogueCall(page, 'POST', /\/api\/accommodations\/1\/rooms$/);
  await roomPanel.getByRole('button', { name: '作成' }).click();
  await roomCreated;
  await expect(page.getByTestId('message-box')).toHaveText(/部屋が作成されました。/);
  await expect(roomPanel.getByRole('heading', { name: '部屋の設定' })).toBeVisible();
  await roomPanel.getByRole('combobox', { name: '追加するプラン' }).click();
  await page.getByRole('option', { name: planName }).click();
  const attached = catalogueCall(page, 'PATCH', /\/attach\/\d+$/);
  await roomPanel.getByRole('button', { name: '追加' }).click();
  await attached;
  await expect(roomPanel.getByTestId('room-plans')).toContainText(planName);

  await page.reload();
  const roomRow = page.getByTestId('rooms-list').locator('tbody tr').filter({ hasText: roomName });
  await expect(roomRow).toContainText('2室');
  await expect(roomRow).toContainText(planName);

  // Rename the plan: its settings save on blur.
  await page.goto('/m/accommodation/1/plan');
  await planRows.filter({ hasText: planName }).getByRole('button', { name: '設定' }).click();
  const name = page.getByTestId('plans-panel').getByRole('textbox', { name: 'プラン名' });
  await expect(name).toHaveValue(planName);
  await name.fill(renamed);
  const saved = catalogueCall(page, 'PATCH', /\/api\/accommodations\/1\/plans\/\d+$/);
  await name.blur();
  const body = (await saved).request().postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({ name: renamed });

  await page.reload();
  await expect(planRows.filter({ hasText: renamed })).toBeVisible();
  await planRows.filter({ hasText: renamed }).getByRole('button', { name: '設定' }).click();
  await expect(page.getByTestId('plans-panel').getByRole('textbox', { name: 'プラン名' })).toHaveValue(renamed);

  // Prices: build May 2027 in the creator, change one cell, then a price through the CSV file.
  // The settings panel lies over the right of the list: closed first, the row's links are in view.
  await page.getByTestId('plans-panel').getByRole('button', { name: '閉じる' }).click();
  await planRows.filter({ hasText: renamed }).getByRole('link', { name: '料金設定' }).click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  // A new plan has no prices: the month says so and leads to the creator.
  const empty = page.getByTestId('price-month-empty');
  await expect(empty).toContainText('この月の料金はまだありません。「新規作成」から作成してください。');
  await empty.getByRole('link', { name: '新規作成' }).click();
  await expect(page.getByText('開始日と終了日を選ぶと、料金の入力欄が表示されます。')).toBeVisible();
  await pickDate(page, '開始日', '2027-05-01');
  await pickDate(page, '終了日', '2027-05-31');
  const register = page.getByRole('button', { name: '料金を登録' });
  await expect(register).toBeDisabled();
  await page.getByRole('textbox', { name: '1名あたり（円）' }).fill('10000');
  await page.getByRole('textbox', { name: '2人' }).fill('5000');
  await page.getByRole('textbox', { name: '土曜' }).fill('3000');
  await page.getByRole('textbox', { name: '祝日', exact: true }).fill('2000');
  await page.getByRole('textbox', { name: '祝前日' }).fill('4000');
  const preview = page.getByTestId('price-preview');
  await expect(preview).toHaveAttribute('data-rows', '31');
  await expect(preview.locator('tr[data-date="2027-05-03"]')).toHaveClass(/holiday/);
  await expect(preview.locator('tr[data-date="2027-05-03"] td').nth(1)).toHaveText('17,000円');
  await expect(page.getByText('62件の料金を登録します。')).toBeVisible();
  const created = catalogueCall(page, 'POST', /\/api\/admin\/plans\/\d+\/schedules$/);
  await register.click();
  await created;
  await expect(page).toHaveURL(/\/price\?month=2027-05-01$/);
  await expect(page.getByTestId('price-month')).toHaveText('2027年5月');
  const cell = (label: string) => page.getByLabel(`${label}の料金`);
  await expect(cell('5月3日(月) 1人')).toHaveValue('12,000'); // holiday
  await expect(cell('5月2日(日) 1人')).toHaveValue('14,000'); // the day before a holiday
  await expect(cell('5月1日(土) 2人')).toHaveValue('18,000');
  await expect(cell('5月6日(木) 1人')).toHaveValue('10,000');

  // One cell, saved on blur.
  await cell('5月6日(木) 1人').fill('9500');
  const patched = catalogueCall(page, 'PATCH', /\/schedules\/\d+$/);
  await cell('5月6日(木) 1人').blur();
  await patched;
  await page.reload();
  await expect(page.getByTestId('price-month')).toHaveText('2027年5月');
  await expect(cell('5月6日(木) 1人')).toHaveValue('9,500');

  // The CSV: download, change a price, test-send, update.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const download = await downloading;
  const csvPath = test.info().outputPath('prices.csv');
  await download.saveAs(csvPath);
  const text = await readFile(csvPath, 'utf8');
  expect(text.startsWith('\uFEFF日付,人数,料金\r\n')).toBe(true);
  expect(text).toContain('2027-05-06,1,9500\r\n');
  expect(text).toContain('2027-05-10,2,15000\r\n');
  await writeFile(csvPath, text.replace('2027-05-10,2,15000', '2027-05-10,2,21000'));

  await page.getByRole('link', { name: 'CSV更新' }).click();
  await page.getByTestId('csv-file').setInputFiles(csvPath);
  await page.getByRole('button', { name: 'テスト送信' }).click();
  await expect(page.getByText('登録される料金: 62件')).toBeVisible();
  await expect(page.getByText('エラーはありません。「更新」で登録できます。')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: '更新', exact: true }).click();
  await expect(page.getByText('62件の料金を更新しました。')).toBeVisible();
  await expect(page.getByTestId('price-month')).toHaveText('2027年5月');
  await expect(cell('5月10日(月) 2人')).toHaveValue('21,000');
  await expect(cell('5月6日(木) 1人')).toHaveValue('9,500');
});
