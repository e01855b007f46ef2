import { expect, test } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, lookAt, signIn } from './support';

test('the front desk records a refusal on the law’s ground, corrects it, and cannot delete it for three years', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/m/refusals');
  await expect(page.getByText('宿泊の拒否は旅館業法5条の理由があるときに限られます。')).toBeVisible();
  await page.getByRole('button', { name: '記録する' }).click();
  const dialog = page.getByRole('dialog', { name: '宿泊拒否の記録' });
  // The moment is now, Tokyo time, unless the desk says otherwise.
  const yesterday = addDays(tokyoToday(), -1);
  const when = dialog.getByRole('group', { name: '拒否した日時' });
  await when.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${yesterday.replaceAll('-', '')}2140`);
  await dialog.getByLabel('施設').click();
  await page.getByRole('option', { name: '温泉旅館 さくら荘' }).click();
  await dialog.getByLabel('お客様の氏名').fill('拒否 三郎');
  // Facts left out: the form says what the law asks before anything is sent.
  await dialog.getByLabel('拒否の理由（旅館業法5条）').click();
  await page.getByRole('option', { name: '賭博その他の違法行為・風紀を乱す行為のおそれ（同2号）' }).click();
  await dialog.getByRole('button', { name: '記録' }).click();
  await expect(dialog.getByText('拒否の判断のもとになった事実を入力してください')).toBeVisible();
  await dialog.getByLabel('判断のもとになった事実').fill('ロビーで他のお客様に賭け事を持ちかけていた。');
  await lookAt(dialog, 'refusal-dialog');
  await dialog.getByRole('button', { name: '記録' }).click();
  await expect(page.getByText('宿泊拒否を記録しました。')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: '拒否 三郎' });
  const [y, m, d] = yesterday.split('-').map(Number) as [number, number, number];
  await expect(row).toContainText(`${y}年${m}月${d}日 21:40`);
  await expect(row).toContainText('温泉旅館 さくら荘');
  await expect(row).toContainText('違法行為');
  await lookAt(page, 'refusals');

  // A correction of the ground.
  await row.getByRole('button', { name: '編集' }).click();
  const edit = page.getByRole('dialog', { name: '宿泊拒否の記録の訂正' });
  await edit.getByLabel('拒否の理由（旅館業法5条）').click();
  await page.getByRole('option', { name: '過重な負担となる要求の繰り返し（同3号）' }).click();
  await edit.getByRole('button', { name: '訂正を保存' }).click();
  await expect(page.getByText('宿泊拒否の記録を訂正しました。')).toBeVisible();
  await expect(row).toContainText('過重な負担');

  // The law keeps it three years: a delete is refused with the date it may go.
  await row.getByRole('button', { name: '削除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /削除|OK|はい/ })
    .last()
    .click();
  await expect(
    page.getByText(`宿泊拒否の記録は3年間保存する必要があるため、${y + 3}年${m}月${d}日まで削除できません`),
  ).toBeVisible();
  await page.getByRole('dialog', { name: '削除できません' }).getByRole('button', { name: '閉じる' }).click();
  await expect(row).toBeVisible();

  // Its audit keeps both versions.
  const headers = await bearerOf(page.request);
  const list = await (await page.request.get('/api/admin/refusals', { headers })).json();
  expect(list.refusals.find((r: { guest_name: string }) => r.guest_name === '拒否 三郎').ground).toBe(
    'burdensome_demands',
  );
});
