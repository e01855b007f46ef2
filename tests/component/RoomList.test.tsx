import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookingsInUseLines } from '../../contract/bookingsInUse';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { roomMessages } from '../../contract/room';
import RoomList from '../../resources/rooms/RoomList';
import { memoryProvider, renderView } from './crudHarness';
import { storeDemoAccommodations } from './helpers';

const plan = (id: number, name: string) => ({ id, name, start_at: null, end_at: null, is_active: 1, max_num: 4 });
const rooms = () =>
  memoryProvider({
    rooms: [
      { id: 4, name: '和室8畳', max_num: 4, plans: [{ id: 11, name: '素泊まり', start_at: null }] },
      { id: 5, name: '洋室ツイン', max_num: 2, plans: [] },
    ],
    plans: [plan(11, '素泊まり'), plan(12, '1泊2食付き')],
  });

function renderRooms(db: ReturnType<typeof memoryProvider>) {
  storeDemoAccommodations();
  renderView(<RoomList />, db.provider, { path: '/m/accommodation/1/room', route: '/m/accommodation/:id/room' });
  return userEvent.setup();
}

const panel = () => screen.getByTestId('rooms-panel');
const nameInput = () => within(panel()).getByRole('textbox', { name: '部屋名' });

async function openSettings(user: ReturnType<typeof userEvent.setup>, name: string) {
  const row = (await screen.findByText(name)).closest('tr')!;
  await user.click(within(row as HTMLElement).getByRole('button', { name: '設定' }));
  await waitFor(() => expect(nameInput()).toHaveValue(name));
}

describe('rooms, generated from their description', () => {
  it('lists name, number of rooms and attached plans, reading the accommodation of the address', async () => {
    const db = rooms();
    renderRooms(db);
    const row = (await screen.findByText('和室8畳')).closest('tr')!;
    expect(row).toHaveTextContent('4室');
    expect(row).toHaveTextContent('素泊まり');
    expect(db.callsOf('getList', 'rooms')[0]!.params.meta).toMatchObject({ accommodationId: 1 });
  });

  it('saves only a changed field when it is left, and says 保存しました', async () => {
    const db = rooms();
    const user = renderRooms(db);
    await openSettings(user, '和室8畳');
    await user.click(nameInput());
    await user.tab();
    expect(db.callsOf('update')).toHaveLength(0);

    await user.clear(nameInput());
    await user.type(nameInput(), '和室8畳 山側');
    await user.tab();
    await waitFor(() => expect(db.callsOf('update')).toHaveLength(1));
    expect(db.callsOf('update')[0]!.params).toMatchObject({
      id: 4,
      data: { name: '和室8畳 山側' },
      meta: { accommodationId: 1 },
    });
    expect(await screen.findByTestId('message-box')).toHaveTextContent('保存しました。');
    // The list follows through react-admin's cache.
    expect(await screen.findAllByText('和室8畳 山側')).not.toHaveLength(0);
  });

  it('keeps a value the server refuses, marked with its message, until it is undone', async () => {
    const db = rooms();
    db.refuseNext('update', 400, {
      message: '入力内容に誤りがあります。',
      errors: { name: '同じ名前の部屋があります。' },
    });
    const user = renderRooms(db);
    await openSettings(user, '和室8畳');
    await user.clear(nameInput());
    await user.type(nameInput(), '洋室ツイン');
    await user.tab();
    expect(await within(panel()).findByText('同じ名前の部屋があります。')).toBeInTheDocument();
    expect(await screen.findByTestId('message-box')).toHaveTextContent('同じ名前の部屋があります。');
    expect(nameInput()).toHaveValue('洋室ツイン');

    await user.click(within(panel()).getByRole('button', { name: '「部屋名」を元に戻す' }));
    expect(nameInput()).toHaveValue('和室8畳');
    expect(within(panel()).queryByText('同じ名前の部屋があります。')).not.toBeInTheDocument();
  });

  it('does not send a blank name or 0 rooms of an existing room: the rule shows under the field', async () => {
    const db = rooms();
    const user = renderRooms(db);
    await openSettings(user, '和室8畳');
    await user.clear(nameInput());
    await user.tab();
    expect(await within(panel()).findByText('部屋名を入力してください。')).toBeInTheDocument();
    const count = within(panel()).getByRole('spinbutton', { name: '部屋数' });
    await user.clear(count);
    await user.type(count, '0');
    await user.tab();
    expect(await within(panel()).findByText('部屋数を入力してください。')).toBeInTheDocument();
    expect(count).toHaveValue(0);
    expect(db.callsOf('update')).toHaveLength(0);
  });

  it('refuses a name holding ESC or U+202E under the field, on create and on edit, and saves nothing', async () => {
    const db = rooms();
    const user = renderRooms(db);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    await user.click(nameInput());
    await user.paste('離れ\u202e');
    await user.type(within(panel()).getByRole('spinbutton', { name: '部屋数' }), '1');
    await user.click(within(panel()).getByRole('button', { name: '作成' }));
    expect(await within(panel()).findByText(controlCharacterMessage)).toBeInTheDocument();
    expect(db.callsOf('create')).toHaveLength(0);

    await openSettings(user, '和室8畳');
    await user.click(nameInput());
    await user.paste('\u001b[2J');
    await user.tab();
    expect(await within(panel()).findByText(controlCharacterMessage)).toBeInTheDocument();
    expect(db.callsOf('update')).toHaveLength(0);
  });

  it('creates a room with 作成 after its rules, says so, and opens it', async () => {
    const db = rooms();
    const user = renderRooms(db);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    expect(within(panel()).getByText('プランは部屋を作成した後に追加できます。')).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: '作成' }));
    expect(await within(panel()).findByText('部屋名を入力してください。')).toBeInTheDocument();
    expect(db.callsOf('create')).toHaveLength(0);

    await user.type(nameInput(), '離れ');
    await user.type(within(panel()).getByRole('spinbutton', { name: '部屋数' }), '1');
    await user.click(within(panel()).getByRole('button', { name: '作成' }));
    await waitFor(() => expect(db.callsOf('create')).toHaveLength(1));
    expect(db.callsOf('create')[0]!.params).toMatchObject({
      data: { name: '離れ', max_num: 1 },
      meta: { accommodationId: 1 },
    });
    expect(await screen.findByTestId('message-box')).toHaveTextContent('部屋が作成されました。');
    expect(await screen.findByRole('heading', { name: '部屋の設定' })).toBeInTheDocument();
    expect(await screen.findAllByText('離れ')).not.toHaveLength(0);
  });

  it('attaches a plan not yet attached and detaches one with ×, reading the room again', async () => {
    const db = rooms();
    const user = renderRooms(db);
    await openSettings(user, '和室8畳');
    await user.click(within(panel()).getByRole('combobox', { name: '追加するプラン' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['選択してください', '1泊2食付き']);
    await user.click(options[1]!);
    await user.click(within(panel()).getByRole('button', { name: '追加' }));
    await waitFor(() => expect(db.callsOf('attachPlan')).toHaveLength(1));
    expect(db.callsOf('attachPlan')[0]!.params).toEqual({ roomId: 4, planId: 12 });
    expect(await within(screen.getByTestId('room-plans')).findByText('1泊2食付き')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('room-plans')).getByLabelText('素泊まりを外す'));
    await waitFor(() => expect(db.callsOf('detachPlan')).toHaveLength(1));
    await waitFor(() =>
      expect(within(screen.getByTestId('room-plans')).queryByText('素泊まり')).not.toBeInTheDocument(),
    );
  });

  it('asks before deleting, says it was deleted; a room with bookings stays with the reason', async () => {
    const db = rooms();
    const message = 'この部屋タイプには予約があるため削除できません。';
    db.refuseNext('delete', 409, { message });
    const user = renderRooms(db);
    const row = (await screen.findByText('洋室ツイン')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('部屋「洋室ツイン」を削除します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The refusal stays in a dialog of its own until closed (issue 19), not a toast that fades.
    const refused = await screen.findByRole('dialog', { name: '削除できません' });
    expect(refused).toHaveTextContent(message);
    await user.click(within(refused).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('洋室ツイン')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('部屋が削除されました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('洋室ツイン')).not.toBeInTheDocument());
  });

  it('offers, when a room in use is refused, to unpublish its plans: asks, sends each published plan, says so', async () => {
    const db = memoryProvider({
      rooms: [
        {
          id: 4,
          name: '和室8畳',
          max_num: 4,
          plans: [
            { id: 11, name: '素泊まり', start_at: null },
            { id: 12, name: '1泊2食付き', start_at: null },
            { id: 13, name: '旧プラン', start_at: null },
          ],
        },
      ],
      plans: [plan(11, '素泊まり'), plan(12, '1泊2食付き'), { ...plan(13, '旧プラン'), is_active: 0 }],
    });
    const message = roomMessages.inUse(
      2,
      bookingsInUseLines(2, [
        { id: 7, uid: 'a1b2c3d4e5f60718', start_date: '2026-12-01', end_date: '2026-12-03', name: '山田 太郎' },
      ]),
    );
    db.refuseNext('delete', 409, { message });
    const user = renderRooms(db);
    const row = (await screen.findByText('和室8畳')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    const refused = await screen.findByRole('dialog', { name: '削除できません' });
    expect(refused).toHaveTextContent(message.split('\n')[0]!);
    await user.click(within(refused).getByRole('button', { name: 'このタイプのプランをすべて非公開にする' }));
    const asked = await screen.findByRole('dialog', { name: 'プランを非公開にする' });
    expect(asked).toHaveTextContent(
      '「和室8畳」のプラン3件「素泊まり」「1泊2食付き」「旧プラン」をすべて非公開にします。ほかの部屋タイプでも販売されなくなります。予約はそのまま残ります。よろしいですか？',
    );
    // Nothing is sent before the confirmation.
    expect(db.callsOf('update')).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByText('「和室8畳」のプランを2件非公開にしました。予約はそのまま残っています。'),
    ).toBeInTheDocument();
    // One update per published plan, through the plans' own path (each leaves its audit row).
    expect(db.callsOf('update').map((c) => [c.resource, c.params.id, c.params.data])).toEqual([
      ['plans', 11, { is_active: 0 }],
      ['plans', 12, { is_active: 0 }],
    ]);
    expect(db.callsOf('update')[0]!.params.meta).toMatchObject({ accommodationId: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('和室8畳')).toBeInTheDocument();
    expect(db.callsOf('delete')).toHaveLength(1);
  });
});
