import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OptionList from '../../resources/options/OptionList';
import RoomList from '../../resources/rooms/RoomList';
import { memoryProvider, renderView } from './crudHarness';
import { storeDemoAccommodations } from './helpers';
import { buildOption } from './option.fixtures';

/**
 * Issue 19 (23): one way to create and edit per kind of form, the list's columns never hidden, and
 * every success said the same way (〇〇を作成しました。/〇〇を保存しました。) in the same colour.
 */

const rooms = () =>
  memoryProvider({
    rooms: [{ id: 4, name: '和室8畳', max_num: 4, plans: [] }],
    plans: [],
  });

const options = () =>
  memoryProvider({
    options: [buildOption()],
    rooms: [],
    supplier: [],
  });

function render(ui: ReactElement, db: ReturnType<typeof memoryProvider>, path: string, route: string) {
  storeDemoAccommodations();
  renderView(ui, db.provider, { path, route });
  return userEvent.setup();
}

const headers = (resource: string) =>
  within(screen.getByTestId(`${resource}-table`))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

/** The message box as staff see it: its sentence and its colour. */
async function successSaying(text: string) {
  const box = await screen.findByTestId('message-box');
  await waitFor(() => expect(box).toHaveTextContent(text));
  expect(box).toHaveClass('MuiAlert-filledSuccess');
}

describe('creating and editing in the generated lists', () => {
  it('opens the settings panel over the list, which keeps its columns, and says 部屋が作成されました in green', async () => {
    const db = rooms();
    const user = render(<RoomList />, db, '/m/accommodation/1/room', '/m/accommodation/:id/room');
    await screen.findByText('和室8畳');
    const before = headers('rooms');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    const panel = screen.getByTestId('rooms-panel');
    // A sheet from the right over the page, not a block beside the list (which squeezed its
    // columns) or under it (which scrolled away).
    const sheet = panel.closest('.MuiDrawer-paperAnchorRight') as HTMLElement;
    expect(sheet).not.toBeNull();
    expect(getComputedStyle(sheet).position).toBe('fixed');
    expect(panel.closest('[data-testid="rooms-list"]')).toBeNull();
    expect(headers('rooms')).toEqual(before);
    expect(before).toEqual(expect.arrayContaining(['部屋名', '部屋数', '設定', '削除']));

    await user.type(within(panel).getByRole('textbox', { name: '部屋名' }), '離れ');
    await user.type(within(panel).getByRole('spinbutton', { name: '部屋数' }), '1');
    await user.click(within(panel).getByRole('button', { name: '作成' }));
    await successSaying('部屋が作成されました。');
    // The list stays whole beside the record just created, open in the panel.
    expect(await screen.findByRole('heading', { name: '部屋の設定' })).toBeInTheDocument();
    expect(headers('rooms')).toEqual(before);
  });

  it('says オプションを保存しました after an edit in the overlay and オプションを削除しました, in the same green', async () => {
    const db = options();
    const user = render(<OptionList />, db, '/m/accommodation/1/option', '/m/accommodation/:id/option');
    const row = (await screen.findByText('貸切風呂')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '編集' }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: '名前' })).toHaveValue('貸切風呂'));
    await user.type(dialog.getByRole('textbox', { name: '名前' }), '（大）');
    await user.click(dialog.getByRole('button', { name: '送信' }));
    await successSaying('オプションを保存しました。');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const renamed = (await screen.findByText('貸切風呂（大）')).closest('tr') as HTMLElement;
    await user.click(within(renamed).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await successSaying('オプションを削除しました。');
  });
});
