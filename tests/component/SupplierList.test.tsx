import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supplierMessages } from '../../contract/supplier';
import SupplierList from '../../resources/suppliers/SupplierList';
import { memoryProvider, renderView } from './crudHarness';

const partners = () =>
  memoryProvider({
    supplier: [
      { id: 1, name: '花いろ生花店', mail: 'order@hanairo.example.com' },
      { id: 2, name: '町家レンタサイクル', mail: 'rent@machiya.example.com' },
    ],
  });

describe('partners, generated from their description', () => {
  it('lists name and e-mail with edit and delete', async () => {
    const db = partners();
    renderView(<SupplierList />, db.provider);
    expect(await screen.findByText('花いろ生花店')).toBeInTheDocument();
    expect(screen.getByText('rent@machiya.example.com')).toBeInTheDocument();
    for (const header of ['名前', 'メールアドレス', '編集', '削除']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
  });

  it('refuses an empty overlay with the spec messages on the fields and in the message box, sending nothing', async () => {
    const db = partners();
    const user = userEvent.setup();
    renderView(<SupplierList />, db.provider);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const dialog = await screen.findByRole('dialog', { name: 'パートナー作成' });
    await user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await within(dialog).findByText(supplierMessages.name)).toBeInTheDocument();
    expect(within(dialog).getByText(supplierMessages.mail)).toBeInTheDocument();
    expect(await screen.findByTestId('message-box')).toHaveTextContent(supplierMessages.name);
    expect(db.callsOf('create')).toHaveLength(0);
  });

  it('creates a partner, says so and shows it in the list', async () => {
    const db = partners();
    const user = userEvent.setup();
    renderView(<SupplierList />, db.provider);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const dialog = await screen.findByRole('dialog', { name: 'パートナー作成' });
    await user.type(within(dialog).getByRole('textbox', { name: '名前' }), '湯けむり観光');
    await user.type(within(dialog).getByRole('textbox', { name: 'メールアドレス' }), 'info@yukemuri.example.jp');
    await user.click(within(dialog).getByRole('button', { name: '作成' }));
    await waitFor(() => expect(db.callsOf('create')).toHaveLength(1));
    expect(db.callsOf('create')[0]!.params.data).toMatchObject({
      name: '湯けむり観光',
      mail: 'info@yukemuri.example.jp',
    });
    expect(await screen.findByTestId('message-box')).toHaveTextContent('パートナーを作成しました。');
    expect(await screen.findByText('湯けむり観光')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits in the overlay titled パートナー編集 with 更新, sending the changed field', async () => {
    const db = partners();
    const user = userEvent.setup();
    renderView(<SupplierList />, db.provider);
    await user.click((await screen.findAllByRole('button', { name: '編集' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'パートナー編集' });
    const name = within(dialog).getByRole('textbox', { name: '名前' });
    await waitFor(() => expect(name).toHaveValue('花いろ生花店'));
    await user.clear(name);
    await user.type(name, '花いろ生花店 本店');
    await user.click(within(dialog).getByRole('button', { name: '更新' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params).toMatchObject({
      id: 1,
      data: expect.objectContaining({ name: '花いろ生花店 本店' }),
    });
    expect(await screen.findByText('花いろ生花店 本店')).toBeInTheDocument();
  });

  it('keeps the overlay and what was typed when the server refuses, with its message on the field', async () => {
    const db = partners();
    db.refuseNext('create', 400, {
      message: '入力内容に誤りがあります。',
      errors: { mail: 'メールアドレスは254文字以内で入力してください' },
    });
    const user = userEvent.setup();
    renderView(<SupplierList />, db.provider);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const dialog = await screen.findByRole('dialog', { name: 'パートナー作成' });
    await user.type(within(dialog).getByRole('textbox', { name: '名前' }), '湯けむり観光');
    await user.type(within(dialog).getByRole('textbox', { name: 'メールアドレス' }), 'x@y.jp');
    await user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await within(dialog).findByText('メールアドレスは254文字以内で入力してください')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '名前' })).toHaveValue('湯けむり観光');
    expect(await screen.findByTestId('message-box')).toHaveTextContent('メールアドレスは254文字以内で入力してください');
  });

  it('deletes after the confirmation, and says the refusal of a partner in use', async () => {
    const db = partners();
    db.refuseNext('delete', 409, { message: supplierMessages.inUse(2) });
    const user = userEvent.setup();
    renderView(<SupplierList />, db.provider);
    await user.click((await screen.findAllByRole('button', { name: '削除' }))[0]!);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    const refused = await screen.findByRole('dialog', { name: '削除できません' });
    expect(refused).toHaveTextContent(supplierMessages.inUse(2));
    await user.click(within(refused).getByRole('button', { name: '閉じる' }));
    expect(screen.getByText('花いろ生花店')).toBeInTheDocument();

    await user.click((await screen.findAllByRole('button', { name: '削除' }))[0]!);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('花いろ生花店')).not.toBeInTheDocument());
    expect(db.callsOf('delete')).toHaveLength(2);
  });

  it('tells staff the page is for administrators and reads nothing', async () => {
    const db = partners();
    renderView(<SupplierList />, db.provider, { isAdmin: false });
    expect(await screen.findByText('管理者専用の画面です')).toBeInTheDocument();
    expect(db.callsOf('getList')).toHaveLength(0);
  });
});
