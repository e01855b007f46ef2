import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { optionMessages } from '../../contract/option';
import OptionList from '../../resources/options/OptionList';
import { memoryProvider, renderView } from './crudHarness';
import { storeDemoAccommodations } from './helpers';
import { buildOption } from './option.fixtures';

const catalogue = () =>
  memoryProvider({
    options: [
      buildOption(),
      buildOption({
        id: 2,
        name: '花束',
        price: 5500,
        unit: '束',
        unit_max: null,
        description: null,
        supplier_id: 7,
        supplier: '花いろ生花店',
        room_id: 11,
        room_name: '和室8畳',
        is_stay_type: 0,
        notice: 1,
        display_order: 1,
      }),
      buildOption({ id: 3, name: '駐車場', price: 1000, unit: '台', display_order: 2 }),
      buildOption({ id: 4, name: 'レンタサイクル', price: 800, unit: '台', display_order: 3 }),
    ],
    rooms: [
      { id: 11, name: '和室8畳', max_num: 2, plans: [] },
      { id: 12, name: '洋室ツイン', max_num: 3, plans: [] },
    ],
    supplier: [
      { id: 7, name: '花いろ生花店', mail: 'a@example.com' },
      { id: 8, name: '湖畔アクティビティ', mail: 'b@example.com' },
    ],
  });

function renderOptions(db: ReturnType<typeof memoryProvider>) {
  storeDemoAccommodations();
  renderView(<OptionList />, db.provider, { path: '/m/accommodation/1/option', route: '/m/accommodation/:id/option' });
  return userEvent.setup();
}

const rowNames = () =>
  screen.getAllByTestId('reorder-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const dialog = () => within(screen.getByRole('dialog'));

/** A drag of the row at `from` dropped on the row at `to`, as the browser sends it. */
function drag(from: number, to: number) {
  const rows = screen.getAllByTestId('reorder-row');
  const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
  fireEvent.dragStart(within(rows[from]!).getByTestId('reorder-drag'), { dataTransfer });
  fireEvent.dragOver(rows[to]!, { dataTransfer });
  fireEvent.drop(rows[to]!, { dataTransfer });
}

describe('options, generated from their description', () => {
  it('shows the columns of the spec in Japanese', async () => {
    const db = catalogue();
    renderOptions(db);
    const first = await rowOf('貸切風呂');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '並び順',
      '名前',
      '金額',
      '消費税',
      '最大数',
      '説明',
      'パートナー',
      '部屋',
      '通知',
      '当日',
      '編集',
      '削除',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(first).slice(1, 10)).toEqual([
      '貸切風呂',
      '12,000円',
      '10%',
      '3個',
      '45分',
      '公式',
      'すべて',
      '',
      '○',
    ]);
    expect(cells(await rowOf('花束')).slice(1, 10)).toEqual([
      '花束',
      '5,500円',
      '10%',
      '—',
      '',
      '花いろ生花店',
      '和室8畳',
      '○',
      '',
    ]);
    expect(db.callsOf('getList', 'options')[0]!.params).toMatchObject({ meta: { accommodationId: 1 } });
  });

  it("names the reduced rate of drinks without alcohol from the room's fridge (issue 31)", async () => {
    const db = memoryProvider({
      options: [buildOption({ name: '冷蔵庫のお茶', price: 150, unit: '本', tax_class: '8' })],
      rooms: [],
      supplier: [],
    });
    renderOptions(db);
    const cells = within(await rowOf('冷蔵庫のお茶'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 4)).toEqual(['冷蔵庫のお茶', '150円', '8%（軽減税率）']);
  });

  it('reorders by drag at once and saves display_order of the moved items only, without reading the list again', async () => {
    const db = catalogue();
    renderOptions(db);
    await rowOf('貸切風呂');
    // 駐車場 (index 2) dropped on 花束 (index 1): the two swap, the others keep their place.
    drag(2, 1);
    expect(rowNames()).toEqual(['貸切風呂', '駐車場', '花束', 'レンタサイクル']);
    await waitFor(() => expect(db.callsOf('reorder')).toHaveLength(1));
    expect(db.callsOf('reorder')[0]!.params.changes).toEqual([
      { id: 3, display_order: 1 },
      { id: 2, display_order: 2 },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: '「駐車場」を上へ移動' })).toBeEnabled());
    expect(db.callsOf('getList', 'options')).toHaveLength(1);
    expect(rowNames()).toEqual(['貸切風呂', '駐車場', '花束', 'レンタサイクル']);
  });

  it('moves with the keyboard buttons too, from the order as it now shows', async () => {
    const db = catalogue();
    const user = renderOptions(db);
    await rowOf('貸切風呂');
    expect(screen.getByRole('button', { name: '「貸切風呂」を上へ移動' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「レンタサイクル」を下へ移動' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '「貸切風呂」を下へ移動' }));
    expect(rowNames()).toEqual(['花束', '貸切風呂', '駐車場', 'レンタサイクル']);
    await waitFor(() => expect(screen.getByRole('button', { name: '「貸切風呂」を下へ移動' })).toBeEnabled());
    // The next move starts from the order as it shows: only the two that change place are sent.
    await user.click(screen.getByRole('button', { name: '「貸切風呂」を下へ移動' }));
    expect(rowNames()).toEqual(['花束', '駐車場', '貸切風呂', 'レンタサイクル']);
    await waitFor(() => expect(db.callsOf('reorder')).toHaveLength(2));
    expect(db.callsOf('reorder')[1]!.params.changes).toEqual([
      { id: 3, display_order: 1 },
      { id: 1, display_order: 2 },
    ]);
  });

  it('shows the error and reads the list again when a reorder save fails', async () => {
    const db = catalogue();
    renderOptions(db);
    await rowOf('貸切風呂');
    db.refuseNext('reorder', 404, { message: '対象のデータが見つかりません。' });
    drag(3, 0);
    expect(rowNames()).toEqual(['レンタサイクル', '貸切風呂', '花束', '駐車場']);
    expect(await screen.findByText('対象のデータが見つかりません。')).toBeInTheDocument();
    await waitFor(() => expect(db.callsOf('getList', 'options')).toHaveLength(2));
    await waitFor(() => expect(rowNames()).toEqual(['貸切風呂', '花束', '駐車場', 'レンタサイクル']));
  });

  it('checks the overlay with the contract messages, then creates it', async () => {
    const db = catalogue();
    const user = renderOptions(db);
    await rowOf('貸切風呂');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    expect(dialog().getByText('オプションの新規作成')).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: '送信' }));
    expect(await dialog().findByText(optionMessages.name)).toBeInTheDocument();
    expect(dialog().getByText(optionMessages.price)).toBeInTheDocument();
    expect(dialog().getByText(optionMessages.unit)).toBeInTheDocument();
    expect(db.callsOf('create')).toHaveLength(0);

    await user.type(dialog().getByRole('textbox', { name: '名前' }), '朝食');
    await user.type(dialog().getByRole('textbox', { name: '金額' }), '-5');
    await user.type(dialog().getByRole('textbox', { name: '単位' }), '名');
    await user.type(dialog().getByRole('spinbutton', { name: '最大数' }), '0');
    await user.click(dialog().getByRole('button', { name: '送信' }));
    expect(await dialog().findByText(optionMessages.priceRange)).toBeInTheDocument();
    expect(dialog().getByText(optionMessages.unitMax)).toBeInTheDocument();
    expect(dialog().queryByText(optionMessages.name)).toBeNull();
    expect(db.callsOf('create')).toHaveLength(0);

    await user.clear(dialog().getByRole('textbox', { name: '金額' }));
    await user.type(dialog().getByRole('textbox', { name: '金額' }), '1500');
    await user.clear(dialog().getByRole('spinbutton', { name: '最大数' }));
    await user.click(dialog().getByRole('combobox', { name: 'パートナー' }));
    await user.click(await screen.findByRole('option', { name: '湖畔アクティビティ' }));
    await user.click(dialog().getByRole('combobox', { name: '部屋' }));
    await user.click(await screen.findByRole('option', { name: '洋室ツイン' }));
    await user.click(dialog().getByRole('switch', { name: '予約時にパートナーへ通知する' }));
    await user.click(dialog().getByRole('button', { name: '送信' }));
    await waitFor(() => expect(db.callsOf('create')).toHaveLength(1));
    expect(db.callsOf('create')[0]!.params).toMatchObject({
      data: {
        name: '朝食',
        price: 1500,
        unit: '名',
        unit_max: null,
        supplier_id: 8,
        room_id: 12,
        user_selection: 0,
        is_stay_type: 0,
        notice: 1,
      },
      meta: { accommodationId: 1 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('オプションを作成しました。')).toBeInTheDocument();
  });

  it('keeps what was typed and shows the server sentence beside its field when a save is refused', async () => {
    const db = catalogue();
    db.refuseNext('update', 400, {
      message: '入力内容に誤りがあります。',
      errors: { name: optionMessages.nameTooLong },
    });
    const user = renderOptions(db);
    await user.click(within(await rowOf('貸切風呂')).getByRole('button', { name: '編集' }));
    const name = dialog().getByRole('textbox', { name: '名前' });
    await waitFor(() => expect(name).toHaveValue('貸切風呂'));
    await user.clear(name);
    await user.type(name, '貸切露天風呂');
    await user.click(dialog().getByRole('button', { name: '送信' }));
    expect(await dialog().findByText(optionMessages.nameTooLong)).toBeInTheDocument();
    expect(await screen.findByTestId('message-box')).toHaveTextContent(optionMessages.nameTooLong);
    expect(name).toHaveValue('貸切露天風呂');
  });

  it('edits with partner and room read-only and sends only what changed', async () => {
    const db = catalogue();
    const user = renderOptions(db);
    await user.click(within(await rowOf('花束')).getByRole('button', { name: '編集' }));
    expect(dialog().getByText('オプションの編集')).toBeInTheDocument();
    const partner = dialog().getByRole('combobox', { name: 'パートナー' });
    const room = dialog().getByRole('combobox', { name: '部屋' });
    await waitFor(() => expect(partner).toHaveTextContent('花いろ生花店'));
    expect(partner).toHaveAttribute('aria-disabled', 'true');
    expect(room).toHaveAttribute('aria-disabled', 'true');
    expect(room).toHaveTextContent('和室8畳');
    expect(dialog().getByRole('textbox', { name: '金額' })).toHaveValue('5,500');
    expect(dialog().getByRole('switch', { name: '予約時にパートナーへ通知する' })).toBeChecked();

    await user.clear(dialog().getByRole('textbox', { name: '金額' }));
    await user.type(dialog().getByRole('textbox', { name: '金額' }), '6000');
    await user.click(dialog().getByRole('button', { name: '送信' }));
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params).toMatchObject({ id: 2, data: expect.objectContaining({ price: 6000 }) });
    expect(await screen.findByText('オプションを保存しました。')).toBeInTheDocument();
    expect(await within(await rowOf('花束')).findByText('6,000円')).toBeInTheDocument();
  });

  it('deletes after the confirmation', async () => {
    const db = catalogue();
    const user = renderOptions(db);
    await user.click(within(await rowOf('駐車場')).getByRole('button', { name: '削除' }));
    expect(dialog().getByText('オプション「駐車場」を削除します。よろしいですか？')).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.callsOf('delete')).toHaveLength(0);

    await user.click(within(await rowOf('駐車場')).getByRole('button', { name: '削除' }));
    await user.click(dialog().getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(db.callsOf('delete')).toHaveLength(1));
    expect(await screen.findByText('オプションを削除しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('駐車場')).toBeNull());
  });

  it('says when the catalogue is empty, and when it could not be loaded', async () => {
    renderOptions(memoryProvider({ options: [] }));
    expect(
      await screen.findByText('オプションがまだありません。「新規作成」から追加してください。'),
    ).toBeInTheDocument();
  });

  it('says when the catalogue could not be loaded', async () => {
    const db = catalogue();
    db.refuseNext('getList', 0, { message: '通信エラーが発生しました。' });
    renderOptions(db);
    expect(
      await screen.findByText('オプションを読み込めませんでした。時間をおいて画面を更新してください。'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('reorder-row')).toBeNull();
  });
});
