import { expect, test } from '@playwright/test';
import { ADMIN, lookAt, signIn, waitForMail } from './support';

/**
 * A sender address is verified before anything is sent from it (issue 28): an administrator adds
 * one, the product mails a code to it over real SMTP (the run's sink), the address is not offered
 * as a bulk mail's sender while it waits, a wrong code is refused on the field, the right one
 * makes it 確認済み and a sender the bulk mail offers.
 */
test('a new sender address is verified with the code mailed to it before bulk mail may send from it', async ({
  page,
}) => {
  const address = `front.${Date.now().toString(36)}@ryokan-e2e.example`;
  await signIn(page, ADMIN, '/m/mail/addresses');
  await page.getByRole('button', { name: '追加' }).click();
  const dialog = page.getByRole('dialog', { name: '送信元アドレスの追加' });
  await expect(dialog).toContainText('確認コードをメールで送ります');
  await dialog.getByLabel('送信元メールアドレス').fill(address);
  await dialog.getByRole('button', { name: '追加' }).click();
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('確認待ち');
  await expect(page.getByRole('row').filter({ hasText: 'info@yadoban.example.com' })).toContainText('確認済み');

  // The bulk mail does not offer it yet.
  await page.goto('/m/mail/create');
  await page.getByRole('combobox', { name: '送信元アドレス' }).click();
  await expect(page.getByRole('option', { name: 'info@yadoban.example.com' })).toBeVisible();
  await expect(page.getByRole('option', { name: address })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const mail = await waitForMail({ subject: '送信元メールアドレスの確認コード', to: address });
  expect(mail.mail.from?.address).toBe(address);
  const code = /確認コード：(\d{6})/.exec(mail.mail.text ?? '')![1]!;

  await page.goto('/m/mail/addresses');
  await row.getByRole('button', { name: '確認コードを入力' }).click();
  const verify = page.getByRole('dialog', { name: '送信元アドレスの確認' });
  await expect(verify).toContainText(address);
  await verify.getByLabel('確認コード').fill(code === '000000' ? '111111' : '000000');
  await verify.getByRole('button', { name: '確認' }).click();
  await expect(verify).toContainText('確認コードが正しくありません');
  await lookAt(page, 'sender-address-verify');
  await verify.getByLabel('確認コード').fill(code);
  await verify.getByRole('button', { name: '確認' }).click();
  await expect(verify).toBeHidden();
  await expect(row).toContainText('確認済み');
  await lookAt(page, 'sender-addresses');

  await page.goto('/m/mail/create');
  await page.getByRole('combobox', { name: '送信元アドレス' }).click();
  await expect(page.getByRole('option', { name: address })).toBeVisible();
});
