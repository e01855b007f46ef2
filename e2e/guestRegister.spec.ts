import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, lookAt, roomsOf, signIn } from './support';

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

  // The representative's contact completes their entry.
  await register.getByRole('button', { name: '名簿 一郎 編集' }).click();
  dialog = page.getByRole('dialog', { name: '宿泊者を編集' });
  await dialog.getByRole('textbox', { name: '連絡先' }).fill('03-1234-5678');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('宿泊者名簿を保存しました。')).toBeVisible();
  await expect(register.getByTestId('register-guest').first()).not.toContainText('不足');
  await lookAt(register, 'booking-register');

  // Every change is in the booking's history.
  const history = page.getByTestId('booking-history');
  await history.getByRole('button', { name: '履歴を表示' }).click();
  await expect(history).toContainText('宿泊者名簿の訂正');
  await expect(history).toContainText('連絡先: — → 03-1234-5678');
  await expect(history).toContainText('国籍: 韓国');
});
