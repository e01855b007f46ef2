import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { formatDate } from '../i18n/formats';
import { ADMIN, bearerOf, bookStay, lookAt, roomsOf, signIn } from './support';

test('the front desk sees a stay’s 宿泊税 and 入湯税 in its panel, and the exemptions of children and school trips', async ({
  page,
}) => {
  // さくら荘 (accommodation 1) is a hot-spring ryokan in Atami: 宿泊税 200円 and 入湯税 150円 a guest a night.
  const headers = await bearerOf(page.request);
  const [room] = await roomsOf(page.request, headers, 1);
  const id = await bookStay(page.request, headers, {
    accommodation_id: 1,
    room_id: room!.id,
    start_date: addDays(tokyoToday(), 410 + Math.floor(Math.random() * 60)),
    days: 2,
    person_number: 3,
    price_sub: 66_000,
    name: '税 三人',
  });
  await signIn(page, ADMIN, `/m/books/${id}`);
  const taxes = page.getByTestId('booking-taxes');
  const lines = taxes.getByTestId('booking-tax-lines');
  await expect(lines).toContainText('熱海市 宿泊税　200円 × 3名 × 2泊');
  await expect(lines).toContainText('入湯税　150円 × 3名 × 2泊');
  await expect(taxes.getByTestId('booking-tax-total')).toHaveText('2,100円');
  await expect(lines).toContainText('合計（請求に加えて徴収）');

  // Collected apart, the taxes are on the guest's bill: beside the total, and in the balance to pay.
  await expect(page.getByTestId('booking-tax-due')).toHaveText('2,100円');
  await page.getByTestId('booking-payments').getByRole('button', { name: '入金登録' }).click();
  const payment = page.getByRole('dialog');
  await expect(payment.getByLabel('金額')).toHaveValue(/^68,?100$/);
  await expect(payment).toContainText('残額 68,100円');
  await payment.getByRole('button', { name: 'キャンセル' }).click();

  // A child of 8 among the three: exempt from both.
  await taxes.getByLabel('12歳未満').click();
  await page.getByRole('option', { name: '1名' }).click();
  await expect(page.getByText('人数の内訳を保存しました')).toBeVisible();
  await expect(lines).toContainText('熱海市 宿泊税　200円 × 2名 × 2泊（12歳未満1名は免除）');
  await expect(taxes.getByTestId('booking-tax-total')).toHaveText('1,400円');
  await expect(page.getByTestId('booking-tax-due')).toHaveText('1,400円');
  await lookAt(taxes, 'booking-taxes');

  // A school trip owes neither.
  // Saved at once: the box shows the booking as saved.
  await taxes.getByRole('checkbox', { name: '修学旅行等' }).click();
  await expect(taxes.getByRole('checkbox', { name: '修学旅行等' })).toBeChecked();
  await expect(taxes.getByTestId('booking-tax-total')).toHaveText('0円');
  await expect(lines).toContainText('（修学旅行等3名は免除）');

  // The facility's settings name Atami, with the rule's period, amounts and source.
  await page.goto('/m/accommodation/1/setting');
  const settings = page.getByTestId('setting-tax');
  await expect(settings.getByRole('button', { name: '熱海市 宿泊税（atami）' })).toBeVisible();
  const rules = settings.getByTestId('tax-rules-of-chosen');
  await expect(rules).toContainText('2025年4月1日〜');
  await expect(rules).toContainText('一律 200円');
  await expect(rules).toContainText('修学旅行等・12歳未満');
  await expect(rules.getByRole('link')).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByTestId('setting-invoice').getByRole('textbox', { name: '登録番号', exact: true })).toHaveValue(
    'T7123456789012',
  );
  await lookAt(page.getByTestId('setting-tax'), 'setting-tax');

  // An administrator adds a town's new tax without a release: its bands, its period, its source.
  const code = `e2e-${Date.now().toString(36)}`;
  await settings.getByRole('button', { name: '規則を追加' }).click();
  const form = page.getByRole('dialog', { name: '宿泊税の規則を追加' });
  await form.getByLabel('管轄のコード（英小文字・数字・ハイフン）').fill(code);
  await form.getByLabel('名前').fill('テスト町 宿泊税');
  await form.getByLabel('段階（1行に「下限:税額」）').fill('0:100\n8000 300');
  await form.getByLabel('出典のアドレス').fill('https://www.town.example.jp/tax');
  await lookAt(form, 'tax-rule-dialog');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('段階は1行に「下限:税額」（例 10000:100）の形で入力してください')).toBeVisible();
  await form.getByLabel('段階（1行に「下限:税額」）').fill('0:100\n8000:300');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('宿泊税の規則を保存しました')).toBeVisible();
  await settings.getByRole('button', { name: 'すべての規則' }).click();
  await expect(
    settings.getByTestId('tax-rules-table').getByRole('row').filter({ hasText: 'テスト町 宿泊税' }).last(),
  ).toContainText('0円以上 100円、8,000円以上 300円');
  await lookAt(page.getByTestId('setting-invoice'), 'setting-invoice');
});

test('the office reads this month’s 宿泊税 and 入湯税 ledger under the register, and downloads it as CSV', async ({
  page,
}) => {
  // The demo's two arrivals of today at さくら荘 (Atami) are among this month's nights.
  await signIn(page, ADMIN, '/m/accommodation/1/register');
  const ledger = page.getByTestId('tax-ledger');
  const table = ledger.getByTestId('tax-ledger-table');
  await expect(table.getByRole('row').filter({ hasText: '熱海市 宿泊税' }).first()).toContainText('200円');
  await expect(ledger.getByTestId('tax-ledger-total')).toHaveText(/^[\d,]+円$/);
  await lookAt(ledger, 'tax-ledger');

  await ledger.getByLabel('税').click();
  await page.getByRole('option', { name: '入湯税' }).click();
  await expect(table.getByRole('row').filter({ hasText: '入湯税' }).first()).toContainText('150円');
  const download = page.waitForEvent('download');
  await ledger.getByRole('button', { name: 'CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^入湯税_月計表_\d{4}-\d{2}\.csv$/);

  // The front desk records today's day visitors to the baths; the bathing ledger files them at 75円 each.
  const visits = page.getByTestId('day-visits');
  await expect(visits).toContainText('日帰り入浴客の入湯税は1人 75円');
  await visits.getByLabel('課税人数').fill('4');
  await visits.getByLabel('12歳未満').fill('x');
  await visits.getByRole('button', { name: '記録' }).click();
  await expect(visits.getByText('人数は0〜9,999の整数で入力してください')).toBeVisible();
  await visits.getByLabel('12歳未満').fill('1');
  await visits.getByRole('button', { name: '記録' }).click();
  await expect(page.getByText(/の日帰り入浴客を記録しました$/)).toBeVisible();
  const today = visits
    .getByTestId('day-visits-table')
    .getByRole('row')
    .filter({ hasText: formatDate(tokyoToday()) });
  await expect(today).toContainText('4');
  await expect(today).toContainText('300円');
  const dayRow = table.getByRole('row').filter({ hasText: '入湯税（日帰り）' }).filter({ hasText: '課税' });
  await expect(dayRow).toContainText('75円');
  await lookAt(visits, 'day-visits');

  // Today's 日計表, then the month's 月計表: sales by rate with their tax, the taxes held apart.
  const daily = page.getByTestId('daily-report');
  await expect(daily.getByTestId('daily-report-table')).toContainText('10%対象 消費税');
  await daily.getByLabel('集計').click();
  await page.getByRole('option', { name: '月計表（1か月）' }).click();
  await expect(daily.getByTestId('daily-report-table').getByRole('row').filter({ hasText: '宿泊税' })).toContainText(
    /[1-9][\d,]*円/,
  );
  await lookAt(daily, 'daily-report');

  // The dashboard says this month's totals of each facility that collects a tax.
  await page.goto('/m/');
  const month = page.getByTestId('month-taxes');
  await expect(month.getByTestId('month-taxes-facility').filter({ hasText: '温泉旅館 さくら荘' })).toContainText(
    /宿泊税 [\d,]+円\u3000入湯税 [\d,]+円/,
  );
  await lookAt(month, 'month-taxes');
});
