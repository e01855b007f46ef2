import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '../../contract/room';
import * as api from '../../dataProvider/catalogueApi';
import { HttpError } from '../../dataProvider/http';
import { RoomList } from '../../resources/rooms';
import { AppNotification } from '../../src/components/AppNotification';
import { renderInAdmin } from './helpers';

vi.mock('../../dataProvider/catalogueApi', () => ({
  listRooms: vi.fn(),
  getRoom: vi.fn(),
  createRoom: vi.fn(),
  updateRoom: vi.fn(),
  deleteRoom: vi.fn(),
  attachPlan: vi.fn(),
  detachPlan: vi.fn(),
  listPlans: vi.fn(),
}));
const mocked = vi.mocked(api);

const plan = (id: number, name: string) => ({
  id,
  name,
  start_at: null,
  end_at: null,
  is_active: 1,
  max_num: 4,
  price: 10000,
  icon: null,
  check_in: null,
  check_out: null,
  ikyu_id: null,
});
const washitsu: Room = { id: 4, name: '和室8畳', max_num: 4, plans: [{ id: 11, name: '素泊まり', start_at: null }] };
const twin: Room = { id: 5, name: '洋室ツイン', max_num: 2, plans: [] };

function renderRooms() {
  renderInAdmin(
    <>
      <RoomList accommodationId={1} />
      <AppNotification />
    </>,
    { path: '/m/accommodation/1/room' },
  );
}

const input = (label: RegExp) => within(screen.getByTestId('room-panel')).getByLabelText(label) as HTMLInputElement;

async function openSettings(name: string) {
  const row = (await screen.findByText(name)).closest('tr')!;
  fireEvent.click(within(row as HTMLElement).getByRole('button', { name: '設定' }));
  await waitFor(() => expect(input(/部屋名/).value).toBe(name));
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listRooms.mockResolvedValue([washitsu, twin]);
  mocked.listPlans.mockResolvedValue([plan(11, '素泊まり'), plan(12, '1泊2食付き')]);
  mocked.getRoom.mockImplementation(async (_a, id) => (id === 4 ? washitsu : twin));
  mocked.updateRoom.mockImplementation(async (_a, id, patch) => ({ ...(id === 4 ? washitsu : twin), ...patch }));
});

describe('RoomList', () => {
  it('lists the rooms with their number of rooms and attached plans', async () => {
    renderRooms();
    const rows = await screen.findAllByTestId('room-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('和室8畳');
    expect(rows[0]).toHaveTextContent('4室');
    expect(rows[0]).toHaveTextContent('素泊まり');
  });

  it('sends only the changed name on blur, then reloads the list', async () => {
    renderRooms();
    await openSettings('和室8畳');
    fireEvent.blur(input(/部屋名/));
    fireEvent.blur(input(/部屋数/));
    expect(mocked.updateRoom).not.toHaveBeenCalled();

    fireEvent.change(input(/部屋名/), { target: { value: '和室8畳 山側' } });
    fireEvent.blur(input(/部屋名/));
    await waitFor(() => expect(mocked.updateRoom).toHaveBeenCalledWith(1, 4, { name: '和室8畳 山側' }));
    expect(mocked.updateRoom).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(mocked.listRooms).toHaveBeenCalledTimes(2));
  });

  it('keeps what was typed and shows the message when the save is refused', async () => {
    mocked.updateRoom.mockRejectedValue(
      new HttpError('入力内容に誤りがあります。', 400, {
        code: 'validation',
        message: '入力内容に誤りがあります。',
        errors: { name: '同じ名前の部屋があります。' },
      }),
    );
    renderRooms();
    await openSettings('和室8畳');
    fireEvent.change(input(/部屋名/), { target: { value: '洋室ツイン' } });
    fireEvent.blur(input(/部屋名/));
    // Under the field, and the call's message in the message box.
    expect(await screen.findByText('同じ名前の部屋があります。')).toBeInTheDocument();
    expect(await screen.findByText('入力内容に誤りがあります。')).toBeInTheDocument();
    expect(input(/部屋名/).value).toBe('洋室ツイン');
  });

  it('does not send a blank name of an existing room', async () => {
    renderRooms();
    await openSettings('和室8畳');
    fireEvent.change(input(/部屋名/), { target: { value: ' ' } });
    fireEvent.blur(input(/部屋名/));
    expect(await screen.findAllByText('部屋名を入力してください。')).not.toHaveLength(0);
    expect(mocked.updateRoom).not.toHaveBeenCalled();
  });

  it('refuses a new room without a name and sends nothing', async () => {
    renderRooms();
    fireEvent.click(await screen.findByRole('button', { name: '新規作成' }));
    fireEvent.change(input(/部屋数/), { target: { value: '2' } });
    fireEvent.blur(input(/部屋名/));
    fireEvent.click(screen.getByRole('button', { name: '作成' }));
    expect(await screen.findAllByText('部屋名を入力してください。')).not.toHaveLength(0);
    expect(mocked.createRoom).not.toHaveBeenCalled();
    expect(mocked.updateRoom).not.toHaveBeenCalled();
  });

  it('creates a new room with the 作成 button, says so and reloads the list', async () => {
    mocked.createRoom.mockResolvedValue({ id: 9, name: '離れ', max_num: 1, plans: [] });
    mocked.getRoom.mockResolvedValue({ id: 9, name: '離れ', max_num: 1, plans: [] });
    renderRooms();
    fireEvent.click(await screen.findByRole('button', { name: '新規作成' }));
    fireEvent.change(input(/部屋名/), { target: { value: '離れ' } });
    fireEvent.change(input(/部屋数/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '作成' }));
    await waitFor(() => expect(mocked.createRoom).toHaveBeenCalledWith(1, { name: '離れ', max_num: 1 }));
    expect(await screen.findByText('部屋が作成されました。')).toBeInTheDocument();
    await waitFor(() => expect(mocked.listRooms).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('heading', { name: '部屋の設定' })).toBeInTheDocument();
  });

  it('attaches a plan not yet attached and reloads the room; × detaches', async () => {
    mocked.attachPlan.mockResolvedValue({
      ...washitsu,
      plans: [...washitsu.plans, { id: 12, name: '1泊2食付き', start_at: null }],
    });
    renderRooms();
    await openSettings('和室8畳');
    const select = screen.getByLabelText('追加するプラン') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['選択してください', '1泊2食付き']);
    fireEvent.change(select, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '追加' }));
    await waitFor(() => expect(mocked.attachPlan).toHaveBeenCalledWith(1, 4, 12));
    await waitFor(() => expect(mocked.getRoom).toHaveBeenCalledTimes(2));

    fireEvent.click(within(screen.getByTestId('room-plans')).getByLabelText('素泊まりを外す'));
    await waitFor(() => expect(mocked.detachPlan).toHaveBeenCalledWith(1, 4, 11));
    await waitFor(() => expect(mocked.getRoom).toHaveBeenCalledTimes(3));
  });

  it('asks before deleting a room, then says it was deleted', async () => {
    mocked.deleteRoom.mockResolvedValue();
    renderRooms();
    const row = (await screen.findByText('洋室ツイン')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('部屋「洋室ツイン」を削除します。よろしいですか？');
    expect(mocked.deleteRoom).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.deleteRoom).toHaveBeenCalledWith(1, 5));
    expect(await screen.findByText('部屋が削除されました。')).toBeInTheDocument();
  });

  it('shows why a room with bookings cannot be deleted', async () => {
    const message = 'この部屋タイプには予約があるため削除できません。';
    mocked.deleteRoom.mockRejectedValue(new HttpError(message, 409, { code: 'conflict', message }));
    renderRooms();
    const row = (await screen.findByText('洋室ツイン')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
