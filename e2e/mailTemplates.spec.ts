import { expect, test } from '@playwright/test';
import { ADMIN, bearerOf, lookAt, receivedMails, signIn, waitForMail } from './support';

/**
 * Mail templates (spec 2 "Mail templates"): the list under the accommodation's uid, a template's
 * detail edited and saved, and a test send, which the run's SMTP server (playwright.config.ts,
 * tools/e2eMailSink.ts) must receive.
 */

/** The third accommodation: no other spec reads its templates. */
async function thirdAccommodation(request: Parameters<typeof bearerOf>[0]) {
  const res = await request.get('/api/accommodations', { headers: await bearerOf(request) });
  const { accommodations } = (await res.json()) as { accommodations: { id: number; uid: string; name: string }[] };
  return accommodations[2]!;
}

test('a template is edited, saved and test-sent from its page under the accommodation uid', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const accommodation = await thirdAccommodation(page.request);
  await signIn(page, ADMIN, `/m/accommodation/${accommodation.uid}/mail/template`);

  const list = page.getByTestId('mail_templates-list');
  await expect(list.getByRole('heading', { name: 'メールテンプレート一覧' })).toBeVisible();
  for (const header of ['テンプレート名', 'テンプレート種別', '送信元メールアドレス', '編集']) {
    await expect(list.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = list.getByRole('row').filter({ hasText: '自動キャンセル' });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /を編集$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/${accommodation.uid}/mail/template/\\d+$`));

  const detail = page.getByTestId('mail-template-detail');
  const title = detail.getByRole('textbox', { name: 'タイトル' });
  await expect(title).toHaveValue(/自動キャンセル/);
  const original = await title.inputValue();
  await expect(title).not.toBeEditable();
  const body = page.getByTestId('mail-template-body');
  expect((await body.boundingBox())!.height).toBeGreaterThanOrEqual(400);

  // Edit, then キャンセル restores what was loaded.
  await detail.getByRole('button', { name: '編集' }).click();
  await detail.getByRole('textbox', { name: /タイトル/ }).fill('書きかけ');
  await detail.getByRole('button', { name: 'キャンセル' }).click();
  await expect(title).toHaveValue(original);

  // An unknown placeholder is refused by the form with the valid ones listed; then a good save.
  await detail.getByRole('button', { name: '編集' }).click();
  // Each typed text says its limit under it (the contract's, as the generated forms say it).
  await expect(detail.getByText('200文字以内')).toBeVisible();
  await expect(detail.getByText('20000文字以内')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, 'mail-template-editing');
  const newTitle = `ご予約自動キャンセルのお知らせ ${stamp}`;
  await detail.getByRole('textbox', { name: /タイトル/ }).fill(newTitle);
  await body.fill('{{book.nmae}} 様');
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('mail-template-problem')).toContainText('{{book.nmae}}');
  await expect(page.getByTestId('mail-template-problem')).toContainText('{{book.price_sub_10}}');
  const newBody = `{{book.name}} 様\n\n{{book.start_date}} ご宿泊のご予約を自動キャンセルいたしました。\n${stamp}`;
  await body.fill(newBody);
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /mail_templates\/\d+$/.test(r.url()));
  await detail.getByRole('button', { name: '保存' }).click();
  expect((await saved).status()).toBe(200);
  await expect(detail.getByRole('button', { name: '編集' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('mail-template-detail').getByRole('textbox', { name: 'タイトル' })).toHaveValue(
    newTitle,
  );
  await expect(page.getByTestId('mail-template-body')).toHaveValue(newBody);

  // The test send: a 500 px popup, 送信 waits for an address and a channel.
  await page.getByRole('button', { name: 'テスト送信' }).click();
  const dialog = page.getByRole('dialog', { name: 'テスト送信' });
  const box = await dialog.boundingBox();
  expect(Math.round(box!.width)).toBe(500);
  const send = dialog.getByRole('button', { name: '送信' });
  await expect(send).toBeDisabled();
  const address = `tester-${stamp}@example.net`;
  await dialog.getByRole('textbox', { name: /送信先メールアドレス/ }).fill(address);
  await dialog.getByRole('combobox', { name: /予約経路/ }).click();
  await page.getByRole('option', { name: '提携チャネル' }).click();
  await expect(send).toBeEnabled();
  const queued = page.waitForResponse((r) => r.request().method() === 'POST' && /\/test$/.test(r.url()));
  await send.click();
  expect((await queued).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('message-box')).toContainText(address);

  const { mail } = await waitForMail({ to: address }, 15_000);
  expect((await receivedMails()).filter((m) => m.envelopeTo.includes(address))).toHaveLength(1);
  expect(mail.subject).toBe(newTitle);
  expect(mail.text).toContain('予約 太郎 様');
  expect(mail.text).toContain('2026年4月1日 ご宿泊のご予約を自動キャンセルいたしました。');

  for (const [width, name] of [
    [1400, 'wide'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, `mail-template-detail-${name}`, { fullPage: true });
  }
  await page.goto(`/m/accommodation/${accommodation.uid}/mail/template`);
  await expect(page.getByTestId('mail_templates-table')).toBeVisible();
  await lookAt(page, 'mail-template-list-phone', { fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await lookAt(page, 'mail-template-list-wide', { fullPage: true });
});
