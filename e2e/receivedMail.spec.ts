import { expect, test, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { addDays, tokyoToday } from '../contract/dates';
import { E2E_INBOUND_MAIL_SECRET } from '../playwright.config';
import { ADMIN, bearerOf, bookStay, lookAt, roomsOf, signIn, waitForMail } from './support';

/** A reply as iPhone Mail sends it when it quotes ① ㈱ 髙: CP932, the subject an encoded word. */
function cp932Mail(from: string, subject: string, body: string): Buffer {
  const headers = [
    `From: <${from}>`,
    'To: info@yadoban.example',
    `Subject: =?cp932?B?${iconv.encode(subject, 'cp932').toString('base64')}?=`,
    'Date: Wed, 25 Nov 2026 10:05:00 +0900',
    `Message-ID: <e2e-${Date.now()}@guest.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=cp932',
    'Content-Transfer-Encoding: 8bit',
  ];
  return Buffer.concat([Buffer.from(headers.join('\r\n') + '\r\n\r\n'), iconv.encode(body, 'cp932')]);
}

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOT_DIR). */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  for (const width of dir ? [1700, 1400, 390] : []) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/received-mail-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('a received mail is read, associated to the booking of its sender, and shows that booking', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const mail = `receive-${stamp}@example.jp`;
  const guest = `髙橋 受信${stamp}`;
  const headers = await bearerOf(page.request);
  const bookId = await bookStay(page.request, headers, {
    accommodation_id: 1,
    room_id: (await roomsOf(page.request, headers, 1))[0]!.id,
    start_date: addDays(tokyoToday(), 240),
    name: guest,
    mail,
  });
  const subject = `①㈱髙橋商事 到着時間の件 ${stamp}`;
  const handed = await page.request.post('/api/mail/inbound', {
    headers: { authorization: `Bearer ${E2E_INBOUND_MAIL_SECRET}`, 'content-type': 'message/rfc822' },
    data: cp932Mail(mail, subject, '㈱髙橋商事の髙橋です。\n到着は19時頃になります。\n\n<b>よろしく</b>お願いします。'),
  });
  expect(handed.status()).toBe(201);

  await signIn(page, ADMIN);
  // The dashboard counts it and leads to the list.
  await expect(page.getByTestId('unread-mail')).toContainText(/未読の受信メールが\d+件あります/);
  await page.getByTestId('unread-mail').getByRole('link', { name: '受信メールを見る' }).click();
  await expect(page).toHaveURL(/\/m\/mail\/receive$/);
  await expect(page.getByTestId('mail-tabs').getByRole('tab', { name: '受信メール' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const row = page.getByTestId('received-mail-row').filter({ hasText: subject });
  await expect(row).toContainText('未読');
  await expect(row).toContainText(mail);
  await row.getByRole('link', { name: subject }).click();

  // The mail as text, line breaks kept, the tags shown as text and never rendered.
  await expect(page).toHaveURL(/\/m\/mail\/receive\/\d+$/);
  await expect(page.getByTestId('received-mail-title')).toHaveText(subject);
  await expect(page.getByTestId('received-mail-from')).toHaveText(mail);
  await expect(page.getByTestId('received-mail-date')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}$/);
  // Handed over by a gateway: its sender was not checked here, and the page says so.
  await expect(page.getByTestId('received-mail-auth')).toHaveText('未確認：受信時に差出人を確かめていません');
  const body = page.getByTestId('received-mail-body');
  await expect(body).toHaveText('㈱髙橋商事の髙橋です。\n到着は19時頃になります。\n\n<b>よろしく</b>お願いします。');
  await expect(body.locator('b')).toHaveCount(0);
  const lines = await body.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBeGreaterThanOrEqual(4);

  // The sender's booking is a candidate; associating it shows the booking's panel.
  const candidate = page.getByTestId('booking-candidate').filter({ hasText: guest });
  await expect(candidate).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);
  await shoot(page, 'candidates');
  await candidate.getByRole('button', { name: '関連付け' }).click();
  await expect(page.getByText('予約に関連付けました。')).toBeVisible();
  const panel = page.getByTestId('booking-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('宿泊者名')).toHaveValue(guest);
  await expect(page.getByTestId('booking-candidates')).toHaveCount(0);
  await shoot(page, 'linked');

  // Saved: the mail opens with its booking from now on, and the list says so.
  await page.reload();
  await expect(page.getByTestId('booking-panel').getByLabel('宿泊者名')).toHaveValue(guest);
  const stored = await page.request.get(page.url().replace(/.*\/m\/mail\/receive\//, '/api/admin/mail/receive/'), {
    headers,
  });
  expect(((await stored.json()) as { book_id: number }).book_id).toBe(bookId);
  await page.getByRole('tab', { name: '受信メール' }).click();
  await expect(page.getByTestId('received-mail-row').filter({ hasText: subject })).toContainText('関連付け済み');

  // Answered in place (issue 32): the booking's mail thread holds the guest's mail, and 返信 answers it there.
  await page.goBack();
  const thread = page.getByTestId('booking-panel').getByTestId('booking-mails');
  const received = thread.getByTestId('mail-row').filter({ has: page.getByText('受信', { exact: true }) });
  await expect(received).toHaveCount(1);
  await received.getByRole('button', { name: `「${subject}」に返信` }).click();
  const compose = page.getByRole('dialog', { name: '返信' });
  await expect(compose).toContainText(`宛先: ${mail}`);
  await expect(compose.getByLabel('件名')).toHaveValue(`Re: ${subject}`);
  await expect(compose.getByLabel('本文')).toHaveValue(/> 到着は19時頃になります。/);
  await compose.getByLabel('本文').press('Control+Home');
  await compose.getByLabel('本文').pressSequentially('お待ちしております。');
  await compose.getByRole('button', { name: '送信' }).click();
  await expect(compose).toBeHidden();
  // One thread: the reply above the guest's mail.
  const titles = thread.getByTestId('mail-title');
  await expect(titles.first()).toHaveText(mailTitle(`Re: ${subject}`));
  await expect(thread.getByTestId('mail-row').nth(1)).toHaveAttribute('data-status', 'received');
  const delivered = await waitForMail({ subject: `Re: ${subject}`, to: mail });
  expect(delivered.mail.text).toContain('お待ちしております。');
  expect(delivered.mail.inReplyTo).toMatch(/^<e2e-\d+@guest\.example>$/);
  await lookAt(thread, 'received-mail-thread');
});

/** A mail history title as the panel shows it: cut at 27 characters. */
const mailTitle = (title: string) => ([...title].length <= 27 ? title : `${[...title].slice(0, 27).join('')}…`);

test('administrators add and remove the sender addresses under the mail tabs', async ({ page }) => {
  const address = `news-${Date.now().toString(36)}@yadoban.example`;
  await signIn(page, ADMIN, '/m/mail/receive');
  await page.getByTestId('mail-tabs').getByRole('tab', { name: '送信元アドレス' }).click();
  await expect(page).toHaveURL(/\/m\/mail\/addresses$/);
  const list = page.getByTestId('mail_addresses-list');
  await expect(list.getByRole('heading', { name: '送信元アドレス' })).toBeVisible();

  await list.getByRole('button', { name: '追加' }).click();
  const dialog = page.getByRole('dialog', { name: '送信元アドレスの追加' });
  await dialog.getByRole('textbox', { name: '送信元メールアドレス' }).fill('not an address');
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(dialog.getByText('送信元メールアドレスの形式が正しくありません')).toBeVisible();
  await dialog.getByRole('textbox', { name: '送信元メールアドレス' }).fill(address);
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(page.getByTestId('message-box')).toHaveText(/送信元アドレスを追加しました。/);
  const row = list.locator('tbody tr', { hasText: address });
  await expect(row).toBeVisible();
  // Added and removed, never edited.
  await expect(row.getByRole('button', { name: '編集' })).toHaveCount(0);
  await lookAt(page, 'mail-addresses-1400', { fullPage: true });

  // A second time is refused with the reason.
  await list.getByRole('button', { name: '追加' }).click();
  await dialog.getByRole('textbox', { name: '送信元メールアドレス' }).fill(address.toUpperCase());
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(page.getByTestId('message-box')).toHaveText(/この送信元メールアドレスはすでに登録されています/);
  await dialog.getByRole('button', { name: 'キャンセル' }).click();

  await row.getByRole('button', { name: '削除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('message-box')).toHaveText(/送信元アドレスを削除しました。/);
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(list.locator('tbody tr', { hasText: address })).toHaveCount(0);
});
