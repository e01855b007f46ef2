import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Booking } from '../contract/booking';
import { addDays, tokyoToday } from '../contract/dates';
import type { AccommodationOption } from '../contract/option';
import { ADMIN, bearerOf, lookAt, postStay, receivedMails, signIn, waitForMail } from './support';

/**
 * The booking panel's mail (spec 2 "Booking detail panel" mail compose popup, 3 "Mail history item"):
 * a template and a free mail sent from the panel go out over real SMTP (the run's sink,
 * tools/e2eMailSink.ts) and their state in the history turns 送信済み; a payment registered with
 * the mail checkbox, and an option marked paid with its mail, send 入金確認 and 決済.
 */

/** Waits for a popup's opening transition, so that a screenshot shows it as the user sees it. */
const settled = (dialog: Locator) =>
  dialog.evaluate((e) => Promise.all(e.getAnimations({ subtree: true }).map((a) => a.finished)));

/** A fresh one-night booking of the first accommodation in the coming weeks, with a guest address of its own. */
async function bookingWithMail(page: Page, mail: string, name: string): Promise<Booking> {
  const headers = await bearerOf(page.request);
  for (let offset = 30; offset < 90; offset += 3) {
    const res = await postStay(page.request, headers, {
      accommodation_id: 1,
      start_date: addDays(tokyoToday(), offset),
      room_id: 1,
      plan_id: 2,
      name,
      mail,
    });
    if (res.ok()) return (await res.json()) as Booking;
  }
  throw new Error('no free night for the test booking');
}

test.use({ viewport: { width: 1400, height: 900 } });

test('mail is sent from the booking panel and reaches the SMTP server; payment and option mails go out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const guest = `guest-${stamp}@example.jp`;
  const name = `メール 試験${stamp}`;
  const booking = await bookingWithMail(page, guest, name);
  await signIn(page, ADMIN, '/m/accommodation/1');
  await page.locator(`.cal-day[data-date="${booking.start_date}"] .cal-chip[data-book-id="${booking.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/1/book/${booking.id}$`));
  const panel = page.getByTestId('booking-panel');
  const mails = panel.getByTestId('booking-mails');
  const rows = mails.getByTestId('mail-row');

  // The booking-completed mail made on create went out already.
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('mail-status')).toHaveText('送信済み');
  await waitForMail({ subject: 'ご予約ありがとうございます', to: guest });

  // The compose popup: 予約完了 chosen first, its text filled for this booking.
  await mails.getByRole('button', { name: 'メール送信' }).click();
  const dialog = page.getByRole('dialog', { name: 'メール送信' });
  await expect(dialog).toContainText(`宛先: ${guest}`);
  const select = dialog.getByLabel('テンプレート種別');
  await expect(select.locator('option:checked')).toHaveText('予約完了');
  const preview = dialog.getByTestId('mail-compose-preview');
  await expect(preview).toContainText('ご予約ありがとうございます');
  await expect(preview).toContainText(name);
  await settled(dialog);
  await lookAt(page, `booking-mail-compose-${page.viewportSize()!.width}`);
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/admin\/books\/\d+\/mail$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: '送信' }).click();
  expect((await sent).status()).toBe(201);
  expect((await sent).request().postDataJSON()).toEqual({ type: 1 });
  await expect(page.getByTestId('message-box')).toContainText('メールの送信を受け付けました。');
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  // The history polls while a mail is on its way: the new one turns 送信済み without a reload.
  await expect(rows.getByTestId('mail-status')).toHaveText(['送信済み', '送信済み']);
  await expect.poll(async () => (await receivedMails()).filter((m) => m.envelopeTo.includes(guest)).length).toBe(2);
  const completed = await waitForMail({ subject: 'ご予約ありがとうございます', to: guest });
  expect(completed.mail.subject).toMatch(/^【.+】ご予約ありがとうございます$/);
  expect(completed.mail.text).toContain(name);

  // A free mail: its placeholders filled, its line breaks kept.
  await mails.getByRole('button', { name: 'メール送信' }).click();
  await dialog.getByRole('radio', { name: '自由入力' }).check();
  const freeTitle = `駐車場のご案内（${stamp}）：当日は正面玄関前の駐車場をご利用いただけます`;
  await dialog.getByLabel('件名').fill(freeTitle);
  await dialog.getByLabel('本文').fill('{{book.name}} 様\n\n駐車場は2台までご利用いただけます。');
  await dialog.getByRole('button', { name: '送信' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(3);
  const freeRow = rows.first();
  await expect(freeRow.getByTestId('mail-title')).toHaveText(`${[...freeTitle].slice(0, 27).join('')}…`);
  await expect(freeRow.getByTestId('mail-status')).toHaveText('送信済み');
  const free = await waitForMail({ subject: `駐車場のご案内（${stamp}）`, to: guest });
  expect(free.mail.subject).toBe(freeTitle);
  expect(free.mail.text).toContain(`${name} 様\n\n駐車場は2台までご利用いただけます。`);
  // The mail popup of the history: the whole title and the body with its line breaks.
  await freeRow.getByRole('button', { name: /を開く$/ }).click();
  const shown = page.getByRole('dialog', { name: freeTitle });
  await expect(shown.getByTestId('mail-dialog-body')).toHaveText(`${name} 様\n\n駐車場は2台までご利用いただけます。`);
  await settled(shown);
  await lookAt(page, `booking-mail-popup-${page.viewportSize()!.width}`);
  await shown.getByRole('button', { name: '閉じる' }).click();
  await lookAt(mails, `booking-mail-section-${page.viewportSize()!.width}`);

  // A payment with the mail checkbox: the payment confirmation (send type 11) goes out.
  const payments = panel.getByTestId('booking-payments');
  await payments.getByRole('button', { name: '入金登録' }).click();
  const pay = page.getByRole('dialog', { name: '入金登録' });
  await pay.getByLabel('金額').fill('5000');
  await pay.getByRole('checkbox', { name: '入金確認メールを送信する' }).check();
  await pay.getByRole('button', { name: '登録する' }).click();
  await expect(pay).toHaveCount(0);
  const paid = await waitForMail({ subject: 'ご入金を確認いたしました', to: guest });
  expect(paid.mail.subject).toMatch(/^【.+】ご入金を確認いたしました$/);
  await expect(rows.filter({ hasText: 'ご入金を確認いたしました' }).getByTestId('mail-status')).toHaveText('送信済み');

  // An option marked paid with its mail (on by default): the settlement mail (send type 20).
  const headers = await bearerOf(page.request);
  const catalogue = await page.request.get('/api/accommodations/1/options', {
    headers,
    params: { room_id: booking.room_id },
  });
  const option = ((await catalogue.json()) as { options: AccommodationOption[] }).options[0]!;
  const added = await page.request.post(`/api/books/${booking.id}/options`, {
    headers,
    data: { option_id: option.id, unit: 1, days: 1, comment: null },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.reload();
  const optionRow = panel.getByTestId('booking-options').getByTestId('option-row').filter({ hasText: option.name });
  await optionRow.getByRole('button', { name: '未精算' }).click();
  const settle = page.getByRole('dialog', { name: 'オプションの精算' });
  await expect(settle.getByRole('checkbox', { name: 'お客様にメールを送信する' })).toBeChecked();
  await settle.getByRole('button', { name: 'OK' }).click();
  await expect(optionRow.getByRole('button', { name: '精算済' })).toBeVisible();
  await waitForMail({ subject: '決済完了のお知らせ', to: guest });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mail section and the compose popup fit 390 px', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const guest = `phone-${stamp}@example.jp`;
    const booking = await bookingWithMail(page, guest, `電話 試験${stamp}`);
    await signIn(page, ADMIN, `/m/accommodation/1/book/${booking.id}`);
    const mails = page.getByTestId('booking-panel').getByTestId('booking-mails');
    await expect(mails.getByTestId('mail-status')).toHaveText('送信済み');
    await mails.scrollIntoViewIfNeeded();
    await lookAt(mails, 'booking-mail-section-390');
    expect((await mails.boundingBox())!.width).toBeLessThanOrEqual(390);
    await mails.getByRole('button', { name: 'メール送信' }).click();
    const dialog = page.getByRole('dialog', { name: 'メール送信' });
    await expect(dialog.getByTestId('mail-compose-preview')).toContainText('ご予約ありがとうございます');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await settled(dialog);
    await lookAt(page, 'booking-mail-compose-390');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await mails.getByRole('button', { name: /を開く$/ }).click();
    await expect(page.getByRole('dialog').getByTestId('mail-dialog-body')).toContainText(`電話 試験${stamp}`);
    await settled(page.getByRole('dialog'));
    await lookAt(page, 'booking-mail-popup-390');
  });
});
