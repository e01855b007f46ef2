import { expect, test } from '@playwright/test';
import { tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, lookAt, signIn, stayInFreeRoom } from './support';
import { PNG_1X1 } from '../tests/support/files';

test('a guest fills the register on a phone through the link; the front desk sees it complete and checks in', async ({
  page,
  browser,
}) => {
  // A stay of two arriving today, in the first room type with a room left tonight.
  const headers = await bearerOf(page.request);
  const booked = await stayInFreeRoom(page.request, headers, [1, 2], {
    start_date: tokyoToday(),
    person_number: 2,
    name: '事前 花子',
    mail: 'hanako@example.jp',
  });
  expect(booked, 'a room for two left tonight').not.toBeNull();
  const { id } = booked!;

  // The front desk makes the link in the booking's panel.
  await signIn(page, ADMIN, `/m/books/${id}`);
  const register = page.getByTestId('booking-register');
  await register.getByRole('button', { name: '事前チェックインのリンク' }).click();
  const linkDialog = page.getByRole('dialog', { name: '事前チェックインのリンク' });
  await expect(linkDialog).toContainText('（チェックアウト日）の終わりまで有効です。');
  const url = await linkDialog.getByTestId('checkin-link-url').inputValue();
  expect(url).toMatch(/\/checkin\/[A-Za-z0-9_-]{43}$/);
  await lookAt(linkDialog, 'precheckin-link');
  await linkDialog.getByRole('button', { name: '閉じる' }).click();

  // The guest opens it on a phone in Japanese.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const guest = await phone.newPage();
  const response = await guest.goto(url);
  expect(response?.headers()['content-security-policy']).toBeTruthy();
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(guest.getByRole('heading', { name: '事前チェックイン' })).toBeVisible();
  await expect(guest.getByText('2名様')).toBeVisible();

  // Sent empty: each card says what it needs.
  await guest.getByRole('button', { name: '送信する' }).click();
  await expect(guest.getByText('入力内容をご確認ください。')).toBeVisible();
  await expect(guest.locator('#g0-name-error')).toHaveText('氏名を入力してください。');

  const first = guest.getByRole('region', { name: '宿泊者 1（代表者）' });
  await first.getByLabel('氏名').fill('事前 花子');
  await first.getByRole('textbox', { name: '住所' }).fill('大阪府大阪市北区梅田1-1');
  await first.getByRole('textbox', { name: '連絡先' }).fill('090-1234-5678');
  await first.getByLabel('国籍').selectOption('JP');

  // The companion is a Korean national living in Seoul: the passport's number and photo are asked.
  const second = guest.getByRole('region', { name: '宿泊者 2' });
  await second.getByLabel('氏名').fill('Kim Minji');
  await second.getByRole('textbox', { name: '住所' }).fill('Seoul, Mapo-gu 1');
  await second.getByRole('textbox', { name: '連絡先' }).fill('minji@example.kr');
  await second.getByLabel('国籍').selectOption('KR');
  await second.getByLabel('居住国').selectOption('KR');
  await second.getByLabel('旅券番号').fill('m1234567');
  await second
    .locator('#g1-passport_copy')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(second).toContainText('選択済み：passport.png');

  // The page reads in English too, keeping what was typed.
  await guest.getByRole('button', { name: 'English' }).click();
  await expect(guest.getByRole('heading', { name: 'Online check-in' })).toBeVisible();
  await expect(guest.getByRole('region', { name: 'Guest 2' }).getByLabel('Passport number')).toHaveValue('m1234567');
  await lookAt(guest, 'precheckin-phone-en', { fullPage: true });
  await guest.getByRole('button', { name: '日本語' }).click();
  await lookAt(guest, 'precheckin-phone', { fullPage: true });

  await guest.getByRole('button', { name: '送信する' }).click();
  await expect(guest.getByRole('heading', { name: '送信しました' })).toBeVisible();
  await lookAt(guest, 'precheckin-sent');
  await phone.close();

  // The front desk sees the register complete, and checks the booking in.
  await page.reload();
  await expect(register.getByTestId('register-status')).toHaveText('済');
  await expect(register.getByTestId('register-guest')).toHaveCount(2);
  const kim = register.getByTestId('register-guest').filter({ hasText: 'Kim Minji' });
  await expect(kim).toContainText('旅券の写しあり');
  await page.getByTestId('stay-actions').getByRole('button', { name: 'チェックイン' }).click();
  await expect(page.getByText('チェックインしました。', { exact: true })).toBeVisible();
  await expect(page.getByTestId('stay-status')).toHaveText('チェックイン済み');
  // The history names the guest's page as the author of the list.
  const history = page.getByTestId('booking-history');
  await history.getByRole('button', { name: '履歴を表示' }).click();
  await expect(history).toContainText('事前チェックイン（宿泊者）');
});
