import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { ADMIN, bearerOf, lookAt, receivedMails, signIn, waitForMail } from './support';

/**
 * Bulk mail (issue 20): composed from a Shift_JIS CSV exported by Japanese Excel, with a PDF
 * attached, sent, and listed on /m/mail with its recipient count; the product delivers over real
 * SMTP to the run's sink (playwright.config.ts), one message per recipient, each with the PDF, and
 * the list's progress reaches the total.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The test mail's address, one no guest of the demo has. */
const TEST_TO = 'bulk-test@yadoban.example.com';

test('a bulk mail from a Shift_JIS CSV with a PDF reaches every recipient and shows its count', async ({ page }) => {
  const run = Date.now().toString(36);
  const title = `春のご案内 ${run}`;
  const guests = [`takahashi.${run}@example.jp`, `kaisha.${run}@example.jp`, `sato.${run}@example.jp`] as const;
  const csv = iconv.encode(
    [
      'メールアドレス,名前',
      `${guests[0]},髙橋 一郎`,
      `${guests[1]},㈱やどばん①`,
      'まちがい,誤り',
      `${guests[2]},佐藤 花子`,
      `${guests[0].toUpperCase()},重複`,
    ].join('\r\n'),
    'cp932',
  );

  await signIn(page, ADMIN, '/m/mail');
  await expect(page.getByTestId('mail-tabs')).toBeVisible();
  await page.getByRole('link', { name: '新規作成' }).click();
  await expect(page).toHaveURL(/\/m\/mail\/create$/);

  const send = page.getByRole('button', { name: '送信', exact: true });
  await expect(send).toBeDisabled();

  await page.getByTestId('recipient-csv').setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: csv });
  const report = page.getByTestId('csv-report');
  await expect(report).toContainText('guests.csv: 3件を追加しました（Shift_JIS）');
  await expect(report).toContainText('4行目：まちがい（メールアドレスの形式が正しくありません）');
  await expect(report).toContainText('重複のため除いた行：6');
  const list = page.getByTestId('recipient-list');
  await expect(list.getByText('髙橋 一郎')).toBeVisible();
  await expect(list.getByText('㈱やどばん①')).toBeVisible();
  await expect(page.getByTestId('recipient-selected')).toHaveText('3 / 3件を選択');
  // A recipient can be left out and taken back.
  await list.getByRole('checkbox', { name: guests[2] }).click();
  await expect(page.getByTestId('recipient-selected')).toHaveText('2 / 3件を選択');
  await list.getByRole('checkbox', { name: guests[2] }).click();

  // The test mail without a sender address says so (spec 5).
  await page.getByRole('button', { name: 'テストメールを送る' }).click();
  await expect(page.getByText('送信元アドレスを選択してください')).toBeVisible();

  await page.getByLabel('タイトル').fill(title);
  // The sender name offered is the facility's, as booking mail has (issue 32).
  await expect(page.getByLabel('送信者名')).toHaveValue('温泉旅館 さくら荘');
  // The send date-time starts at now, in Tokyo time, the Japanese way (2026年11月25日 23:25).
  await expect(page.locator('input[name="send_at"]')).toHaveValue(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
  await page.getByRole('combobox', { name: '送信元アドレス' }).click();
  await page.getByRole('option', { name: 'info@yadoban.example.com' }).click();
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('{{name}}様 いつもありがとうございます。');
  await page.getByTestId('attachment').setInputFiles({ name: 'ご案内.pdf', mimeType: 'application/pdf', buffer: PDF });
  // Its size as a person reads it: a small file in bytes, not 0.0MB.
  await expect(page.getByTestId('attached-file')).toContainText(`ご案内.pdf（${PDF.length}バイト）`);

  // A test mail to oneself first: 送信 waits for a whole address.
  await page.getByRole('button', { name: 'テストメールを送る' }).click();
  const test = page.getByRole('dialog', { name: 'テストメールを送る' });
  await test.getByLabel('テストの送信先').fill('staff@');
  await expect(test.getByRole('button', { name: 'テスト送信' })).toBeDisabled();
  await test.getByLabel('テストの送信先').fill(TEST_TO);
  await test.getByRole('button', { name: 'テスト送信' }).click();
  await expect(page.getByText('テストメールを送信しました。')).toBeVisible();
  await expect(test).toBeHidden();

  await expect(send).toBeEnabled();
  // 送信 asks first, with the count; the time of opening the page has passed, so it goes at once.
  await send.click();
  const confirm = page.getByRole('dialog', { name: '一括メールの送信' });
  await expect(confirm).toContainText('3件の宛先に送信します。');
  await expect(confirm).toContainText('送信日時を過ぎているため、確定すると今すぐ送信します。');
  await confirm.getByRole('button', { name: '送信する' }).click();
  await expect(page).toHaveURL(/\/m\/mail$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('recipient-count')).toHaveText('3件');

  await expect(row.getByTestId('progress')).toContainText('送信済み（3 / 3件送信）', { timeout: 30_000 });
  // Its page: what was sent, and each recipient with its state.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/m\/mail\/\d+$/);
  const content = page.getByTestId('publication-content');
  await expect(content.getByRole('heading', { name: title })).toBeVisible();
  await expect(content).toContainText(`ご案内.pdf（${PDF.length}バイト）`);
  await expect(content).toContainText('温泉旅館 さくら荘 <info@yadoban.example.com>');
  await expect(page.getByTestId('publication-body')).toContainText('{{name}}様 いつもありがとうございます。');
  const recipients = page.getByTestId('publication-recipient');
  await expect(recipients).toHaveCount(3);
  for (const guest of guests) {
    await expect(recipients.filter({ hasText: guest })).toHaveAttribute('data-status', 'sent');
  }
  await expect(recipients.filter({ hasText: guests[0] })).toContainText('髙橋 一郎');
  await lookAt(page, 'bulk-mail-detail');
  const mail = await waitForMail({ subject: title, to: guests[0] });
  expect(mail.mail.text).toContain('髙橋 一郎様 いつもありがとうございます。');
  expect(mail.mail.from).toMatchObject({ name: '温泉旅館 さくら荘', address: 'info@yadoban.example.com' });
  expect(mail.mail.html).toContain('髙橋 一郎様');
  expect(mail.mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([['ご案内.pdf', 'application/pdf']]);
  // One message per recipient, never guests side by side.
  const titled = (await receivedMails()).filter((m) => m.mail.subject === title);
  const tests = titled.filter((m) => m.envelopeTo.includes(TEST_TO));
  expect(tests).toHaveLength(1);
  const mine = titled.filter((m) => !tests.includes(m));
  expect(mine.map((m) => m.envelopeTo.length)).toEqual([1, 1, 1]);
  expect(mine.flatMap((m) => m.envelopeTo).sort()).toEqual([...guests].sort());
});

/** An instant on a Tokyo wall clock, as the send date-time field shows it: 2026年11月25日 23:05. */
function tokyoMinute(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}年${part('month')}月${part('day')}日 ${part('hour')}:${part('minute')}`;
}

test.describe('in an English browser in Los Angeles', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

  test('the send date-time is picked in Japanese, in Tokyo time, and sent as that instant', async ({ page }) => {
    const run = Date.now().toString(36);
    const title = `年末のご案内 ${run}`;
    // The page's clock stands still (timers still run), so the minute cannot turn while it loads.
    const opened = new Date();
    await page.clock.setFixedTime(opened);
    await signIn(page, ADMIN, '/m/mail/create');
    await page.getByTestId('recipient-csv').setInputFiles({
      name: 'one.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`yamada.${run}@example.jp,山田 太郎\r\n`),
    });
    await expect(page.getByTestId('recipient-selected')).toHaveText('1 / 1件を選択');
    await page.getByLabel('タイトル').fill(title);
    await page.getByRole('combobox', { name: '送信元アドレス' }).click();
    await page.getByRole('option', { name: 'info@yadoban.example.com' }).click();
    // The editor's toolbar speaks Japanese too.
    await expect(page.getByRole('button', { name: '現在の段落スタイル' })).toHaveText('標準');
    await expect(page.getByRole('button', { name: '太字' })).toBeVisible();
    await expect(page.getByRole('button', { name: '箇条書き' })).toBeVisible();
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('よいお年を。');

    // It starts at now in Tokyo, not in Los Angeles.
    const sendAt = page.getByRole('group', { name: '送信日時（日本時間）' });
    const shown = page.locator('input[name="send_at"]');
    await expect(shown).toHaveValue(tokyoMinute(opened));
    const type2030 = async () => {
      // Typed section by section: 年, 月, 日 (1 needs →: 1x could follow), 時, 分 (24 hours).
      await sendAt.getByRole('spinbutton', { name: '年' }).click();
      await page.keyboard.type('2030121');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.type('1000');
      await expect(shown).toHaveValue('2030年12月1日 10:00');
    };
    await type2030();
    // An incomplete date-time cannot be sent.
    await sendAt.getByRole('spinbutton', { name: '分' }).click();
    await page.keyboard.press('Backspace');
    await expect(page.getByRole('button', { name: '送信', exact: true })).toBeDisabled();
    await page.keyboard.type('00');
    await expect(shown).toHaveValue('2030年12月1日 10:00');

    // The calendar is Japanese too, and its 今日 is now in Tokyo.
    await page.getByRole('button', { name: /選択した日付は 2030\/12\/01/ }).click();
    await expect(page.getByRole('dialog').getByText('2030年12月')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: '今日' }).click();
    await expect(shown).toHaveValue(tokyoMinute(opened));
    await type2030();

    const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/admin\/mail\/publishes$/.test(r.url()));
    await page.getByRole('button', { name: '送信', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '一括メールの送信' });
    await expect(confirm).toContainText('1件の宛先に送信します。');
    await expect(confirm).toContainText('送信日時：2030年12月1日 10:00');
    await confirm.getByRole('button', { name: '送信する' }).click();
    const sent = ((await posted).postDataJSON() as { send_at: string }).send_at;
    expect(new Date(sent).toISOString()).toBe('2030-12-01T01:00:00.000Z');
    expect(sent).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
    await expect(page).toHaveURL(/\/m\/mail$/);
    await expect(page.getByRole('row').filter({ hasText: title }).getByTestId('send-time')).toHaveText(
      '2030年12月1日 10:00（予定）',
    );
  });
});

test('a scheduled bulk mail is edited from its page, and what goes out is the new content', async ({ page }) => {
  const run = Date.now().toString(36);
  const [kept, dropped, added] = [`kept.${run}@example.jp`, `dropped.${run}@example.jp`, `added.${run}@example.jp`];
  // Scheduled far ahead, through the API as the create page would send it.
  const created = await page.request.post('/api/admin/mail/publishes', {
    headers: await bearerOf(page.request),
    data: {
      send_at: '2030-12-01T10:00:00+09:00',
      setting: {
        title: `秋のご案内 ${run}`,
        from_address: 'info@yadoban.example.com',
        from_name: '温泉旅館 さくら荘',
        body: '<p>{{name}}様 秋のご案内です。</p>',
        users: [{ mail: kept, name: '残る 太郎' }, dropped],
        file: `data:application/pdf;base64,${PDF.toString('base64')}`,
        file_name: '秋.pdf',
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signIn(page, ADMIN, `/m/mail/${id}`);
  await expect(page.getByTestId('publication-content')).toContainText('2030年12月1日 10:00');
  await lookAt(page, 'bulk-mail-scheduled-detail');
  await page.getByRole('link', { name: '編集' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/mail/${id}/edit$`));

  // The form holds what was saved: text, sender name, time, attachment and recipients.
  const title = page.getByLabel('タイトル');
  await expect(title).toHaveValue(`秋のご案内 ${run}`);
  await expect(page.getByLabel('送信者名')).toHaveValue('温泉旅館 さくら荘');
  await expect(page.locator('input[name="send_at"]')).toHaveValue('2030年12月1日 10:00');
  await expect(page.locator('.ProseMirror')).toContainText('{{name}}様 秋のご案内です。');
  await expect(page.getByTestId('attached-file')).toContainText(`秋.pdf（${PDF.length}バイト）`);
  await expect(page.getByTestId('recipient-selected')).toHaveText('2 / 2件を選択');
  const list = page.getByTestId('recipient-list');
  await expect(list.getByText('残る 太郎')).toBeVisible();

  // Changed: the title, one recipient out and one in from a CSV, and sent now.
  await title.fill(`冬のご案内 ${run}`);
  await list.getByRole('checkbox', { name: dropped }).click();
  await page.getByTestId('recipient-csv').setInputFiles({
    name: 'more.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${added},追加 花子\r\n`),
  });
  await expect(page.getByTestId('recipient-selected')).toHaveText('2 / 3件を選択');
  await page.getByRole('button', { name: /選択した日付は 2030\/12\/01/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '今日' }).click();
  await lookAt(page, 'bulk-mail-edit', { fullPage: true });

  await page.getByRole('button', { name: '保存', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '一括メールの変更' });
  await expect(confirm).toContainText('2件の宛先に送信します。');
  await expect(confirm).toContainText('送信日時を過ぎているため、確定すると今すぐ送信します。');
  await lookAt(page, 'bulk-mail-edit-confirm');
  await confirm.getByRole('button', { name: '保存する' }).click();

  // Its page shows the change, and its recipients are the new ones.
  await expect(page).toHaveURL(new RegExp(`/m/mail/${id}$`));
  const content = page.getByTestId('publication-content');
  await expect(content.getByRole('heading', { name: `冬のご案内 ${run}` })).toBeVisible();
  await expect(content).toContainText(`秋.pdf（${PDF.length}バイト）`);
  const recipients = page.getByTestId('publication-recipient');
  await expect(recipients).toHaveCount(2);
  await expect(recipients.filter({ hasText: dropped })).toHaveCount(0);
  await expect(recipients.filter({ hasText: added })).toContainText('追加 花子');
  // Once it went, no more 編集.
  await expect(recipients.filter({ hasText: kept })).toHaveAttribute('data-status', 'sent', { timeout: 30_000 });
  await page.reload();
  await expect(content.getByRole('heading', { name: `冬のご案内 ${run}` })).toBeVisible();
  await expect(page.getByRole('link', { name: '編集' })).toHaveCount(0);
  await lookAt(page, 'bulk-mail-edited-detail', { fullPage: true });

  const mail = await waitForMail({ subject: `冬のご案内 ${run}`, to: kept });
  expect(mail.mail.text).toContain('残る 太郎様 秋のご案内です。');
  expect(mail.mail.attachments.map((a) => a.filename)).toEqual(['秋.pdf']);
  await waitForMail({ subject: `冬のご案内 ${run}`, to: added });
  const toDropped = (await receivedMails()).filter((m) => m.envelopeTo.includes(dropped));
  expect(toDropped).toEqual([]);
});

test('screenshots of the bulk mail pages', async ({ page }) => {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  test.skip(!dir, 'E2E_SCREENSHOT_DIR not set');
  await signIn(page, ADMIN);
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto('/m/mail');
    await expect(page.getByTestId('bulk-mail-list')).toBeVisible();
    await page.screenshot({ path: `${dir}/h6-mail-${width}.png`, fullPage: true });
    await page.goto('/m/mail/create');
    await expect(page.locator('.ProseMirror')).toBeVisible();
    await page.screenshot({ path: `${dir}/h6-mail-create-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: /選択した日付は/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(500); // the picker's fade-in
    await page.screenshot({ path: `${dir}/h6-mail-create-picker-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
