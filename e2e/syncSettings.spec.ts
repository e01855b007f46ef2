import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, accommodationsOf, bearerOf, signIn } from './support';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an administrator sets the channel credentials: saved, 設定済み after a reload, the password never shown', async ({
  page,
}) => {
  const [first] = (await accommodationsOf(page, ADMIN)).accommodations;
  await signIn(page, ADMIN, `/m/accommodation/${first!.id}/setting`);
  const section = page.getByTestId('setting-channel');
  await expect(section.getByRole('heading', { name: '外部予約サイト連携' })).toBeVisible();
  await expect(section.getByTestId('sync-password-state')).toHaveText('設定済み');

  // A wrong value is refused on its field before anything is sent.
  const hotelId = section.getByRole('textbox', { name: '施設ID' });
  await hotelId.fill('');
  await section.getByRole('button', { name: '保存' }).click();
  await expect(section).toContainText('施設IDを入力してください');

  // The demo facility's own credentials, typed again, with a new notification address.
  await hotelId.fill('100120');
  await section.getByRole('textbox', { name: 'ログインID' }).fill('sakura-so');
  await section.getByLabel('パスワード', { exact: true }).fill('channel-pass-1234');
  await section.getByRole('textbox', { name: '通知先メール' }).fill('front@sakura-so.example.jp');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/facility\/\d+\/sync-settings\/\d+$/.test(r.url()),
  );
  await section.getByRole('button', { name: '保存' }).click();
  expect((await saved).status()).toBe(200);
  await expect(section.getByTestId('sync-settings-saved')).toHaveText('保存しました');
  await shot(page, 'sync-settings');

  await page.reload();
  await expect(section.getByTestId('sync-password-state')).toHaveText('設定済み');
  await expect(section.getByRole('textbox', { name: '通知先メール' })).toHaveValue('front@sakura-so.example.jp');
  await expect(section.getByLabel('パスワード', { exact: true })).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('channel-pass-1234');
});

test('staff see the settings page without the credentials form', async ({ page }) => {
  const [first] = (await accommodationsOf(page, STAFF)).accommodations;
  await signIn(page, STAFF, `/m/accommodation/${first!.id}/setting`);
  await expect(page.getByTestId('sync-settings-read-only')).toHaveText(
    '外部予約サイト連携の設定は管理者のみ変更できます。',
  );
  await expect(page.getByTestId('sync-settings-form')).toHaveCount(0);
});

/**
 * Runs `body` with the target's sync items set aside (the demo's), and puts them back after it.
 */
async function withoutSyncItems(
  page: Page,
  headers: Record<string, string>,
  target: { type: 1 | 2; id: number },
  body: () => Promise<void>,
) {
  const listed = (await (
    await page.request.get(`/api/admin/sync/items?target_type=${target.type}&target_id=${target.id}`, { headers })
  ).json()) as { items: { id: number; target_name: string }[] };
  for (const item of listed.items) await page.request.delete(`/api/sync-item/${item.id}`, { headers });
  try {
    await body();
  } finally {
    for (const item of listed.items) {
      await page.request.post('/api/admin/sync/items', {
        headers,
        data: { service: 1, target_type: target.type, target_id: target.id, target_name: item.target_name },
      });
    }
  }
}

test("a room type's name on the channel is registered in its settings panel and deleted after the confirmation", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const [first] = (await accommodationsOf(page, ADMIN)).accommodations;
  const headers = await bearerOf(page.request, ADMIN);
  const rooms = (await (await page.request.get(`/api/accommodations/${first!.id}/rooms`, { headers })).json()) as {
    rooms: { id: number; name: string }[];
  };
  const room = rooms.rooms[0]!;
  // The demo item of the room goes first, and comes back at the end.
  await withoutSyncItems(page, headers, { type: 1, id: room.id }, async () => {
    await page.goto(`/m/accommodation/${first!.id}/room`);
    await page
      .getByTestId('rooms-list')
      .locator('tbody tr')
      .filter({ hasText: room.name })
      .getByRole('button', { name: '設定' })
      .click();
    const panel = page.getByTestId('rooms-panel');
    const items = panel.getByTestId('sync-items');
    await expect(items.getByRole('heading', { name: '外部予約サイト連携' })).toBeVisible();
    await expect(items).toContainText('外部サイトでの名前はまだ登録されていません。');

    await items.getByRole('button', { name: '登録' }).click();
    await expect(items).toContainText('外部サイトでの名前を入力してください');
    await items.getByRole('textbox', { name: '外部サイトでの名前' }).fill('E2E-ROOM');
    await items.getByRole('button', { name: '登録' }).click();
    await expect(items.getByTestId('sync-item')).toContainText('E2E-ROOM');
    await shot(page, 'room-sync-items');

    await items.getByRole('button', { name: '同期情報を削除' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('同期情報「E2E-ROOM」を削除します。');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(items.getByTestId('sync-item')).toHaveCount(0);
    await expect(items).toContainText('外部サイトでの名前はまだ登録されていません。');
  });
});

test("a plan's name on the channel is registered, renamed and deleted in its settings panel", async ({ page }) => {
  await signIn(page, ADMIN);
  const [first] = (await accommodationsOf(page, ADMIN)).accommodations;
  const headers = await bearerOf(page.request, ADMIN);
  const plans = (await (await page.request.get(`/api/accommodations/${first!.id}/plans`, { headers })).json()) as {
    plans: { id: number; name: string; ikyu_id: string | null }[];
  };
  const plan = plans.plans.find((p) => p.ikyu_id)!;
  await withoutSyncItems(page, headers, { type: 2, id: plan.id }, async () => {
    await page.goto(`/m/accommodation/${first!.id}/plan`);
    await page
      .getByTestId('plans-list')
      .locator('tbody tr')
      .filter({ hasText: plan.name })
      .first()
      .getByRole('button', { name: '設定' })
      .click();
    const items = page.getByTestId('plans-panel').getByTestId('sync-items');
    await expect(items.getByRole('heading', { name: '外部予約サイト連携' })).toBeVisible();
    // The hint says what a plan's item is: its name there; the plan code is the plan's ikyu_id.
    await expect(items).toContainText('プランコードは一休プランID');
    await items.getByRole('textbox', { name: '外部サイトでの名前' }).fill('E2E 朝食付きプラン');
    await items.getByRole('button', { name: '登録' }).click();
    await expect(items.getByTestId('sync-item')).toContainText('E2E 朝食付きプラン');

    await items.getByRole('button', { name: '名前を変更' }).click();
    await items.getByRole('textbox', { name: '外部サイトでの名前' }).fill('E2E 朝食付き（改）');
    const renamed = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/api\/sync-item\/\d+$/.test(r.url()),
    );
    await items.getByRole('button', { name: '保存' }).click();
    expect((await renamed).status()).toBe(200);
    await expect(items.getByTestId('sync-item')).toContainText('E2E 朝食付き（改）');

    await items.getByRole('button', { name: '同期情報を削除' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('同期情報「E2E 朝食付き（改）」を削除します。');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(items.getByTestId('sync-item')).toHaveCount(0);
  });
});

test('the sync logs: newest first with facility and result, filtered by result, a row marked read', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/m/sync/logs');
  const list = page.getByTestId('sync-log-list');
  await expect(list.getByRole('heading', { name: '同期ログ' })).toBeVisible();
  const rows = list.getByTestId('sync-log-row');
  await expect(rows.first()).toBeVisible();

  await list.getByRole('combobox', { name: '結果' }).click();
  await page.getByRole('option', { name: '失敗' }).click();
  await expect(rows.first()).toContainText('失敗');
  await expect(rows.filter({ hasText: '成功' })).toHaveCount(0);
  await shot(page, 'sync-logs');

  const unread = rows.filter({ hasText: '未読' }).first();
  const message = (await unread.locator('td').nth(3).textContent()) ?? '';
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/admin\/logs\/sync\/\d+$/.test(r.url()),
  );
  await unread.getByRole('switch', { name: '既読にする' }).click();
  expect((await patched).status()).toBe(200);
  await expect(rows.filter({ hasText: message }).first()).toContainText('既読');
});
