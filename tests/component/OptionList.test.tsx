import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { optionMessages, type AccommodationOption } from '../../contract/option';
import * as catalogue from '../../dataProvider/catalogueApi';
import { HttpError } from '../../dataProvider/http';
import * as api from '../../dataProvider/optionsApi';
import * as partners from '../../dataProvider/suppliersApi';
import { OptionList } from '../../resources/options';
import { AppNotification } from '../../src/components/AppNotification';
import { renderInAdmin } from './helpers';

vi.mock('../../dataProvider/optionsApi', () => ({
  listOptions: vi.fn(),
  createOption: vi.fn(),
  updateOption: vi.fn(),
  deleteOption: vi.fn(),
}));
vi.mock('../../dataProvider/catalogueApi', () => ({ listRooms: vi.fn() }));
vi.mock('../../dataProvider/suppliersApi', () => ({ listSuppliers: vi.fn() }));
const mocked = vi.mocked(api);
const rooms = vi.mocked(catalogue);
const suppliers = vi.mocked(partners);

function buildOption(overrides: Partial<AccommodationOption> = {}): AccommodationOption {
  return {
    id: 1,
    accommodation_id: 1,
    name: '貸切風呂',
    price: 12000,
    unit: '個',
    unit_max: 3,
    description: '45分',
    supplier_id: null,
    supplier: null,
    room_id: null,
    room_name: null,
    user_selection: 1,
    is_stay_type: 1,
    notice: 0,
    display_order: 0,
    ...overrides,
  };
}
const bath = buildOption();
const flowers = buildOption({
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
});
const parking = buildOption({ id: 3, name: '駐車場', price: 1000, unit: '台', display_order: 2 });
const bikes = buildOption({ id: 4, name: 'レンタサイクル', price: 800, unit: '台', display_order: 3 });

function renderOptions() {
  renderInAdmin(
    <>
      <OptionList accommodationId={1} />
      <AppNotification />
    </>,
    { path: '/m/accommodation/1/option' },
  );
}

const rowNames = () =>
  screen.getAllByTestId('option-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const dialog = () => within(screen.getByRole('dialog'));

/** A drag of the row at `from` dropped on the row at `to`, as the browser sends it. */
function drag(from: number, to: number) {
  const rows = screen.getAllByTestId('option-row');
  const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
  fireEvent.dragStart(within(rows[from]!).getByTestId('option-drag'), { dataTransfer });
  fireEvent.dragOver(rows[to]!, { dataTransfer });
  fireEvent.drop(rows[to]!, { dataTransfer });
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listOptions.mockResolvedValue([bath, flowers, parking, bikes]);
  mocked.updateOption.mockImplementation(async (_a, id, patch) => ({ ...bath, id, ...patch }));
  mocked.createOption.mockImplementation(async () => buildOption({ id: 9 }));
  mocked.deleteOption.mockResolvedValue();
  rooms.listRooms.mockResolvedValue([
    { id: 11, name: '和室8畳', max_num: 2, plans: [] },
    { id: 12, name: '洋室ツイン', max_num: 3, plans: [] },
  ]);
  suppliers.listSuppliers.mockResolvedValue([
    { id: 7, name: '花いろ生花店', mail: 'a@example.com' },
    { id: 8, name: '湖畔アクティビティ', mail: 'b@example.com' },
  ]);
});

describe('OptionList', () => {
  it('shows the columns of the spec in Japanese', async () => {
    renderOptions();
    const first = await rowOf('貸切風呂');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '並び順',
      '名前',
      '金額',
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
    expect(cells(first).slice(1, 9)).toEqual(['貸切風呂', '12,000円', '3個', '45分', '公式', 'すべて', '', '○']);
    expect(cells(await rowOf('花束')).slice(1, 9)).toEqual([
      '花束',
      '5,500円',
      '—',
      '',
      '花いろ生花店',
      '和室8畳',
      '○',
      '',
    ]);
    expect(mocked.listOptions).toHaveBeenCalledWith(1);
  });

  it('reorders by drag at once and saves display_order of the moved items only', async () => {
    renderOptions();
    await rowOf('貸切風呂');
    // 駐車場 (index 2) dropped on 花束 (index 1): the two swap, the others keep their place.
    drag(2, 1);
    expect(rowNames()).toEqual(['貸切風呂', '駐車場', '花束', 'レンタサイクル']);
    await waitFor(() => expect(mocked.updateOption).toHaveBeenCalledTimes(2));
    expect(mocked.updateOption.mock.calls).toEqual([
      [1, 3, { display_order: 1 }],
      [1, 2, { display_order: 2 }],
    ]);
    // Saved: no reload, the order stays as dropped.
    await waitFor(() => expect(screen.getByRole('button', { name: '「駐車場」を上へ移動' })).toBeEnabled());
    expect(mocked.listOptions).toHaveBeenCalledTimes(1);
    expect(rowNames()).toEqual(['貸切風呂', '駐車場', '花束', 'レンタサイクル']);
  });

  it('moves with the keyboard buttons too, from the order as it now shows', async () => {
    renderOptions();
    await rowOf('貸切風呂');
    expect(screen.getByRole('button', { name: '「貸切風呂」を上へ移動' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「レンタサイクル」を下へ移動' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '「貸切風呂」を下へ移動' }));
    expect(rowNames()).toEqual(['花束', '貸切風呂', '駐車場', 'レンタサイクル']);
    await waitFor(() => expect(mocked.updateOption).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: '「貸切風呂」を下へ移動' })).toBeEnabled());
    // The next move starts from the saved order: only the two that change place are sent.
    fireEvent.click(screen.getByRole('button', { name: '「貸切風呂」を下へ移動' }));
    expect(rowNames()).toEqual(['花束', '駐車場', '貸切風呂', 'レンタサイクル']);
    await waitFor(() => expect(mocked.updateOption).toHaveBeenCalledTimes(4));
    expect(mocked.updateOption.mock.calls.slice(2)).toEqual([
      [1, 3, { display_order: 1 }],
      [1, 1, { display_order: 2 }],
    ]);
  });

  it('shows the error and reloads the list when a reorder save fails', async () => {
    renderOptions();
    await rowOf('貸切風呂');
    mocked.updateOption.mockRejectedValueOnce(
      new HttpError('対象のデータが見つかりません。', 404, {
        code: 'not_found',
        message: '対象のデータが見つかりません。',
      }),
    );
    drag(3, 0);
    expect(rowNames()).toEqual(['レンタサイクル', '貸切風呂', '花束', '駐車場']);
    expect(await screen.findByText('対象のデータが見つかりません。')).toBeInTheDocument();
    await waitFor(() => expect(mocked.listOptions).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(rowNames()).toEqual(['貸切風呂', '花束', '駐車場', 'レンタサイクル']));
  });

  it('checks the overlay with the contract messages, then creates and reloads', async () => {
    renderOptions();
    await rowOf('貸切風呂');
    fireEvent.click(screen.getByRole('button', { name: '新規作成' }));
    expect(dialog().getByText('オプションの新規作成')).toBeInTheDocument();
    fireEvent.click(dialog().getByRole('button', { name: '送信' }));
    expect(await dialog().findByText(optionMessages.name)).toBeInTheDocument();
    expect(dialog().getByText(optionMessages.price)).toBeInTheDocument();
    expect(dialog().getByText(optionMessages.unit)).toBeInTheDocument();
    expect(mocked.createOption).not.toHaveBeenCalled();

    fireEvent.change(dialog().getByLabelText(/名前/), { target: { value: '朝食' } });
    fireEvent.change(dialog().getByLabelText(/金額/), { target: { value: '-5' } });
    fireEvent.change(dialog().getByLabelText(/単位/), { target: { value: '名' } });
    fireEvent.change(dialog().getByLabelText(/最大数/), { target: { value: '0' } });
    fireEvent.click(dialog().getByRole('button', { name: '送信' }));
    expect(await dialog().findByText(optionMessages.priceRange)).toBeInTheDocument();
    expect(dialog().getByText(optionMessages.unitMax)).toBeInTheDocument();
    expect(dialog().queryByText(optionMessages.name)).toBeNull();
    expect(mocked.createOption).not.toHaveBeenCalled();

    fireEvent.change(dialog().getByLabelText(/金額/), { target: { value: '1500' } });
    fireEvent.change(dialog().getByLabelText(/最大数/), { target: { value: '' } });
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'パートナー' }));
    fireEvent.click(await screen.findByRole('option', { name: '湖畔アクティビティ' }));
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: '部屋' }));
    fireEvent.click(await screen.findByRole('option', { name: '洋室ツイン' }));
    fireEvent.click(dialog().getByLabelText('予約時にパートナーへ通知する'));
    fireEvent.click(dialog().getByRole('button', { name: '送信' }));
    await waitFor(() => expect(mocked.createOption).toHaveBeenCalledTimes(1));
    expect(mocked.createOption).toHaveBeenCalledWith(1, {
      name: '朝食',
      price: 1500,
      unit: '名',
      unit_max: null,
      description: null,
      supplier_id: 8,
      room_id: 12,
      user_selection: 0,
      is_stay_type: 0,
      notice: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('オプションを作成しました。')).toBeInTheDocument();
    expect(mocked.listOptions).toHaveBeenCalledTimes(2);
  });

  it('keeps what was typed and shows the server sentence beside its field when a save is refused', async () => {
    renderOptions();
    fireEvent.click(within(await rowOf('貸切風呂')).getByRole('button', { name: '編集' }));
    mocked.updateOption.mockRejectedValueOnce(
      new HttpError('入力内容に誤りがあります。', 400, {
        code: 'validation',
        message: '入力内容に誤りがあります。',
        errors: { name: optionMessages.nameTooLong },
      }),
    );
    fireEvent.change(dialog().getByLabelText(/名前/), { target: { value: '貸切露天風呂' } });
    fireEvent.click(dialog().getByRole('button', { name: '送信' }));
    expect(await dialog().findByText(optionMessages.nameTooLong)).toBeInTheDocument();
    expect(await screen.findByText('入力内容に誤りがあります。')).toBeInTheDocument();
    expect((dialog().getByLabelText(/名前/) as HTMLInputElement).value).toBe('貸切露天風呂');
    expect(mocked.listOptions).toHaveBeenCalledTimes(1);
  });

  it('edits with partner and room read-only and sends neither', async () => {
    renderOptions();
    fireEvent.click(within(await rowOf('花束')).getByRole('button', { name: '編集' }));
    expect(dialog().getByText('オプションの編集')).toBeInTheDocument();
    const partner = dialog().getByRole('combobox', { name: 'パートナー' });
    const room = dialog().getByRole('combobox', { name: '部屋' });
    expect(partner).toHaveAttribute('aria-disabled', 'true');
    expect(room).toHaveAttribute('aria-disabled', 'true');
    expect(partner).toHaveTextContent('花いろ生花店');
    expect(room).toHaveTextContent('和室8畳');
    expect((dialog().getByLabelText(/金額/) as HTMLInputElement).value).toBe('5500');
    expect(dialog().getByLabelText('予約時にパートナーへ通知する')).toBeChecked();

    fireEvent.change(dialog().getByLabelText(/金額/), { target: { value: '6000' } });
    fireEvent.click(dialog().getByRole('button', { name: '送信' }));
    await waitFor(() => expect(mocked.updateOption).toHaveBeenCalledTimes(1));
    expect(mocked.updateOption).toHaveBeenCalledWith(1, 2, {
      name: '花束',
      price: 6000,
      unit: '束',
      unit_max: null,
      description: null,
      user_selection: 1,
      is_stay_type: 0,
      notice: 1,
    });
    expect(await screen.findByText('オプションを更新しました。')).toBeInTheDocument();
    expect(mocked.listOptions).toHaveBeenCalledTimes(2);
  });

  it('deletes after the confirmation and reloads', async () => {
    renderOptions();
    fireEvent.click(within(await rowOf('駐車場')).getByRole('button', { name: '削除' }));
    expect(dialog().getByText('オプション「駐車場」を削除します。よろしいですか？')).toBeInTheDocument();
    fireEvent.click(dialog().getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocked.deleteOption).not.toHaveBeenCalled();

    fireEvent.click(within(await rowOf('駐車場')).getByRole('button', { name: '削除' }));
    fireEvent.click(dialog().getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.deleteOption).toHaveBeenCalledWith(1, 3));
    expect(await screen.findByText('オプションを削除しました。')).toBeInTheDocument();
    expect(mocked.listOptions).toHaveBeenCalledTimes(2);
  });

  it('says when the catalogue is empty', async () => {
    mocked.listOptions.mockResolvedValueOnce([]);
    renderOptions();
    expect(
      await screen.findByText('オプションがまだありません。「新規作成」から追加してください。'),
    ).toBeInTheDocument();
  });

  it('says when the catalogue could not be loaded', async () => {
    mocked.listOptions.mockRejectedValueOnce(new HttpError('通信エラー', 0));
    renderOptions();
    expect(
      await screen.findByText('オプションを読み込めませんでした。時間をおいて画面を更新してください。'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('option-row')).toBeNull();
  });
});
