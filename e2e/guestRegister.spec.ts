import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { readFile } from 'node:fs/promises';
import { ADMIN, bearerOf, bookStay, lookAt, pickDate, roomsOf, signIn, stayInFreeRoom } from './support';
import { pdfPages } from '../tests/support/pdfText';
import { PNG_1X1 } from '../tests/support/files';

test('the front desk enters a booking’s guests in its panel and sees the register complete', async ({ page }) => {
  // A planless stay of two guests, far from the demo's nights, at accommodation 1 (a ryokan).
  const headers = await bearerOf(page.request);
  const [room] = await roomsOf(page.request, headers, 1);
  const id = await bookStay(page.request, headers, {
    accommodation_id: 1,
    room_id: room!.id,
    start_date: addDays(tokyoToday(), 400),
    person_number: 2,
    name: '名簿 一郎',
  });
  await signIn(page, ADMIN, `/m/books/${id}`);
  const register = page.getByTestId('booking-register');
  await expect(register.getByTestId('register-status')).toHaveText('未');
  await expect(register.getByTestId('register-not-entered')).toHaveText('あと2名の宿泊者が未登録です。');

  // The representative, living in Tokyo, with no contact yet.
  await register.getByRole('button', { name: '宿泊者を追加' }).click();
  let dialog = page.getByRole('dialog', { name: '宿泊者を追加' });
  await dialog.getByLabel('氏名').fill('名簿 一郎');
  await dialog.getByRole('textbox', { name: '住所' }).fill('東京都新宿区西新宿2-8-1');
  await dialog.getByLabel('国籍').selectOption('JP');
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(page.getByText('宿泊者を登録しました。')).toBeVisible();
  await expect(register.getByTestId('register-status')).toHaveText('不足');
  await expect(register.getByTestId('register-guest').first()).toContainText('不足：連絡先');

  // A Korean companion living in Seoul: the passport number is asked.
  await register.getByRole('button', { name: '宿泊者を追加' }).click();
  dialog = page.getByRole('dialog', { name: '宿泊者を追加' });
  await dialog.getByLabel('氏名').fill('Kim Minji');
  await dialog.getByLabel('国籍').selectOption('KR');
  await dialog.getByLabel('居住国').selectOption('KR');
  await dialog.getByRole('textbox', { name: '住所' }).fill('Seoul');
  await dialog.getByRole('textbox', { name: '連絡先' }).fill('minji@example.kr');
  await dialog.getByLabel('旅券番号').fill('m1234567');
  await dialog.getByRole('button', { name: '追加' }).click();
  const kim = register.getByTestId('register-guest').filter({ hasText: 'Kim Minji' });
  await expect(kim).toContainText('韓国');
  await expect(kim).toContainText('不足：旅券の写し');
  await expect(register.getByTestId('register-not-entered')).toHaveCount(0);

  // The passport's photo, from the phone's camera or a file.
  await kim
    .getByLabel('Kim Minji 旅券の写しを登録')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Kim Minji さんの旅券の写しを保存しました。')).toBeVisible();
  await expect(kim).toContainText('旅券の写しあり');
  await expect(kim).not.toContainText('不足');

  // The representative's contact completes their entry.
  await register.getByRole('button', { name: '名簿 一郎 編集' }).click();
  dialog = page.getByRole('dialog', { name: '宿泊者を編集' });
  await dialog.getByRole('textbox', { name: '連絡先' }).fill('03-1234-5678');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('宿泊者名簿を保存しました。')).toBeVisible();
  await expect(register.getByTestId('register-guest').first()).not.toContainText('不足');
  await expect(register.getByTestId('register-status')).toHaveText('済');
  await lookAt(register, 'booking-register');

  // Every change is in the booking's history.
  const history = page.getByTestId('booking-history');
  await history.getByRole('button', { name: '履歴を表示' }).click();
  await expect(history).toContainText('宿泊者名簿の訂正');
  await expect(history).toContainText('連絡先: — → 03-1234-5678');
  await expect(history).toContainText('国籍: 韓国');

  // The facility's register over the stay's dates: both guests, and the printable PDF holds them.
  const start = addDays(tokyoToday(), 400);
  await page.goto('/m/accommodation/1/register');
  await expect(page.getByRole('tab', { name: '宿泊者名簿' })).toHaveAttribute('aria-selected', 'true');
  const registerPage = page.getByTestId('register-page');
  await pickDate(registerPage, '開始日', start);
  await pickDate(registerPage, '終了日', start);
  await registerPage.getByRole('button', { name: '表示' }).click();
  const rows = registerPage.getByTestId('register-row');
  await expect(rows.filter({ hasText: '名簿 一郎' })).toContainText('代表者');
  await expect(rows.filter({ hasText: 'Kim Minji' })).toContainText('旅券の写しあり');
  await lookAt(page, 'register-page');
  const downloading = page.waitForEvent('download');
  await registerPage.getByRole('button', { name: 'PDF（印刷用）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`宿泊者名簿_${start.replaceAll('-', '')}-${start.replaceAll('-', '')}.pdf`);
  const text = (await pdfPages(await readFile((await download.path())!))).map((p) => p.text).join('');
  expect(text).toContain('宿泊者名簿');
  expect(text).toContain('名簿 一郎');
  expect(text).toContain('Kim Minji');
  expect(text).toContain('M1234567');
});

test('an administrator sets a minpaku house with the items its city adds; the guest form asks them', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/m/accommodation/3/setting');
  const card = page.getByTestId('setting-register');
  await card.getByRole('combobox', { name: '営業の種別' }).click();
  await page.getByRole('option', { name: '住宅宿泊事業（民泊）' }).click();
  await card.getByRole('textbox', { name: '届出番号・許可番号' }).fill('M130012345');
  await card.getByRole('combobox', { name: '年齢' }).click();
  await page.getByRole('option', { name: '必須' }).click();
  await card.getByRole('button', { name: '保存' }).click();
  await expect(card.getByTestId('register-settings-saved')).toBeVisible();
  await lookAt(card, 'register-settings');
  await page.reload();
  await expect(card.getByRole('combobox', { name: '営業の種別' })).toHaveText('住宅宿泊事業（民泊）');
  await expect(card.getByRole('combobox', { name: '年齢' })).toHaveText('必須');
  // A minpaku house shows its days of the 180 and the report due next.
  await expect(card.getByTestId('minpaku-days')).toContainText(/^\d+日／180日（残り\d+日）$/);
  await expect(card.getByTestId('minpaku-report')).toContainText('次の定期報告：');
  await expect(card.getByTestId('minpaku-report')).toContainText('提出期限');
  await lookAt(card.getByTestId('minpaku-card'), 'minpaku-card');

  // A booking of the house: its guest form asks the occupation and the age, and says so when missing.
  const headers = await bearerOf(page.request);
  const [room] = await roomsOf(page.request, headers, 3);
  const id = await bookStay(page.request, headers, {
    accommodation_id: 3,
    room_id: room!.id,
    start_date: addDays(tokyoToday(), 401),
    person_number: 1,
    name: '民泊 花子',
  });
  await page.goto(`/m/books/${id}`);
  const register = page.getByTestId('booking-register');
  await register.getByRole('button', { name: '宿泊者を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '宿泊者を追加' });
  await dialog.getByLabel('氏名').fill('民泊 花子');
  await expect(dialog.getByRole('textbox', { name: '職業' })).toBeVisible();
  await expect(dialog.getByText('200文字以内')).toHaveCount(2);
  await lookAt(dialog, 'guest-dialog');
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(register.getByTestId('register-guest').first()).toContainText('不足：住所、職業、年齢');
});

test('a guest arriving today is checked in with an incomplete register (the desk is told what is missing), then out', async ({
  page,
}) => {
  // A stay of today in the first room type with a room left tonight.
  const headers = await bearerOf(page.request);
  const booked = await stayInFreeRoom(page.request, headers, [1, 2, 3], {
    start_date: tokyoToday(),
    person_number: 1,
    name: '到着 花子',
  });
  expect(booked, 'a room left tonight').not.toBeNull();
  const { id, accommodationId: facility } = booked!;
  await signIn(page, ADMIN, `/m/books/${id}`);
  const stay = page.getByTestId('stay-actions');
  await expect(stay.getByTestId('stay-status')).toHaveText('予約済み');
  await stay.getByRole('button', { name: 'チェックイン' }).click();
  await expect(page.getByText('チェックインしました。宿泊者名簿に不足があります：氏名')).toBeVisible();
  await expect(stay.getByTestId('stay-status')).toHaveText('チェックイン済み');
  await lookAt(page.getByTestId('booking-register'), 'stay-checked-in');

  // The dashboard's today list says who has arrived and whose register misses something.
  await page.goto('/m/');
  const arrival = page.getByTestId('today-plans').locator(`[data-book-id="${id}"]`);
  await expect(arrival.getByTestId('register-badge')).toHaveText('名簿 未');
  await expect(arrival.getByTestId('stay-badge')).toHaveText('チェックイン済み');
  await lookAt(page.getByTestId('today-plans'), 'dashboard-arrivals');
  // The demo's machiya, a minpaku house: its days of this fiscal year of the 180 allowed.
  const house = page.getByTestId('minpaku-houses').getByTestId('minpaku-house');
  await expect(house).toContainText('町家ゲストハウス 京');
  await expect(house).toContainText(/\d+年度 \d+日／180日（残り\d+日）/);
  await lookAt(page.getByTestId('minpaku-houses'), 'dashboard-minpaku');

  // The calendar marks the stay too: a grey dot for a register not entered, C/I for the arrival.
  await page.goto(`/m/accommodation/${facility}`);
  await page.getByRole('button', { name: '週表示' }).click();
  const chip = page.getByTestId('calendar-grid').locator(`[data-date="${tokyoToday()}"] [data-book-id="${id}"]`);
  await expect(chip.getByRole('img', { name: '名簿 未' })).toBeVisible();
  await expect(chip.locator('[data-stay]')).toHaveText('C/I');
  await expect(chip).toHaveAttribute('title', /名簿 未 \/ チェックイン済み$/);
  await lookAt(page.getByTestId('calendar-grid').locator(`[data-date="${tokyoToday()}"]`), 'calendar-stay-marks');
  // And the list names them in words.
  await page.getByRole('button', { name: 'リスト表示' }).click();
  const line = page.getByTestId('calendar-list').locator(`[data-date="${tokyoToday()}"] [data-book-id="${id}"]`);
  await expect(line.locator('[data-register]')).toHaveText('名簿 未');
  await expect(line.locator('[data-stay]')).toHaveText('チェックイン済み');
  await page.getByRole('button', { name: '週表示' }).click();

  await page.goto(`/m/books/${id}`);
  await stay.getByRole('button', { name: 'チェックアウト' }).click();
  await expect(page.getByText('チェックアウトしました。')).toBeVisible();
  await expect(stay.getByTestId('stay-status')).toHaveText('チェックアウト済み');
  await expect(stay.getByRole('button')).toHaveCount(0);
});
