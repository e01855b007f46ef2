import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { pdfPages } from '../tests/support/pdfText';
import { ADMIN, bearerOf, bookStay, lookAt, roomsOf, signIn, waitForMail } from './support';

test('the office issues a receipt from the booking panel and opens its PDF: registration number, 10%対象 and the total', async ({
  page,
}) => {
  // さくら荘 in Atami: 30,000 for two, one night; 宿泊税 200 and 入湯税 150 a guest, collected apart.
  const guest = `ryoshu.${Date.now()}@example.jp`;
  const headers = await bearerOf(page.request);
  const [room] = await roomsOf(page.request, headers, 1);
  const id = await bookStay(page.request, headers, {
    accommodation_id: 1,
    room_id: room!.id,
    start_date: addDays(tokyoToday(), 480 + Math.floor(Math.random() * 60)),
    person_number: 2,
    price_sub: 30_000,
    name: '領収 花子',
    mail: guest,
  });
  await signIn(page, ADMIN, `/m/books/${id}`);
  const documents = page.getByTestId('booking-invoices');
  await expect(documents).toContainText('まだ発行していません');
  await documents.getByRole('button', { name: '領収書' }).click();
  const dialog = page.getByRole('dialog', { name: '領収書・請求書の発行' });
  await expect(dialog.getByLabel('宛名')).toHaveValue('領収 花子');
  await expect(dialog.getByLabel('但し書き')).toHaveValue('宿泊代として');
  await dialog.getByRole('button', { name: '発行する' }).click();
  await expect(page.getByText(/領収書（No\. 1-\d{4}-\d{6}）を発行しました/)).toBeVisible();
  const row = documents.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('30,700円');
  await lookAt(documents, 'booking-invoices');

  const download = page.waitForEvent('download');
  await row.getByTestId('invoice-pdf').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^領収書_1-\d{4}-\d{6}\.pdf$/);
  const text = (await pdfPages(await readFile((await file.path())!))).map((p) => p.text).join('\n');
  expect(text).toContain('登録番号 T7123456789012');
  expect(text).toContain('10%対象');
  expect(text).toContain('30,000円（消費税 2,727円）');
  expect(text).toContain('合計金額 30,700円');
  expect(text).toContain('領収 花子 様');

  // Mailed to the guest with the PDF attached, over the run's SMTP sink.
  await row.getByRole('button', { name: 'メール' }).click();
  const mail = page.getByRole('dialog', { name: '領収書をメールで送る' });
  await expect(mail.getByLabel('本文')).toHaveValue(/^領収 花子 様/);
  await mail.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText('領収書をメールで送りました（送信待ちに入りました）')).toBeVisible();
  const received = await waitForMail({ subject: '領収書（No. 1-', to: guest });
  const attachment = received.mail.attachments[0]!;
  expect(attachment.filename).toMatch(/^領収書_1-\d{4}-\d{6}\.pdf$/);
  expect(attachment.mimeType).toBe('application/pdf');
  const attached = (await pdfPages(new Uint8Array(attachment.content as ArrayBuffer))).map((p) => p.text).join('\n');
  expect(attached).toContain('登録番号 T7123456789012');

  // An invoice needs its recipient: the popup says so on the field, and nothing is issued.
  await documents.getByRole('button', { name: '領収書' }).click();
  await dialog.getByLabel('書類').click();
  await page.getByRole('option', { name: '請求書（適格請求書）' }).click();
  await dialog.getByLabel('宛名').fill('');
  await dialog.getByRole('button', { name: '発行する' }).click();
  await expect(dialog.getByText('請求書（適格請求書）には宛名を入力してください')).toBeVisible();
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(row).toHaveCount(1);
});
