import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { clearSession } from '../../dataProvider/tokenStore';
import DaySchedulePage from '../../resources/bookings/daySchedule/DaySchedulePage';
import { buildBooking } from './BookingPanel.fixtures';
import { renderInAdmin, storeDemoAccommodations, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: {
    listCalendarBooks: vi.fn(),
    listComments: vi.fn(),
    createComment: vi.fn(),
    updateComment: vi.fn(),
    deleteComment: vi.fn(),
    getDayStatus: vi.fn(),
  },
  guestRegisterMethods: { getRegisterStates: vi.fn() },
});
const mocked = vi.mocked(stubs.bookingMethods);

const DATE = '2026-04-10';
const comment = (id: number, text: string) => ({ id, accommodation_id: 1, target_date: DATE, comment: text });

function renderDay() {
  return renderInAdmin(
    <Routes>
      <Route path="accommodation/:id/book/:year/:month/:day" element={<DaySchedulePage />} />
    </Routes>,
    { path: '/m/accommodation/1/book/2026/4/10' },
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.clearAllMocks();
  storeDemoAccommodations();
  mocked.listComments.mockResolvedValue([]);
  mocked.listCalendarBooks.mockResolvedValue([
    buildBooking({
      id: 31,
      name: '佐藤 花子',
      room_name: '和室',
      start_date: '2026-04-09',
      end_date: '2026-04-11',
      person_number: 2,
      price: 24000,
      created_at: '2026-03-01T23:30:00+09:00',
      payment_limit_date: '2026-03-08',
    }),
    // Checks out that morning: not a guest of the night.
    buildBooking({ id: 32, name: '鈴木 一郎', start_date: '2026-04-08', end_date: '2026-04-10' }),
    buildBooking({ id: 33, name: '取消 済', start_date: '2026-04-10', end_date: '2026-04-11', delete_flg: 1 }),
  ]);
  vi.mocked(stubs.guestRegisterMethods.getRegisterStates).mockResolvedValue({
    states: [{ book_id: 31, status: 'incomplete', missing: 1 }],
  });
  mocked.getDayStatus.mockResolvedValue({
    date: DATE,
    rooms: [
      { accommodation_id: 1, room_id: 2, room_name: '和室', capacity: 4, booked: 1, over: false },
      { accommodation_id: 1, room_id: 3, room_name: '特別室', capacity: 1, booked: 2, over: true },
    ],
  });
});

afterEach(() => clearSession());

describe('day schedule', () => {
  it('shows the date, the room status and the guests of the night', async () => {
    renderDay();
    expect(screen.getByRole('heading', { name: '2026年4月10日(金)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前日' })).toHaveAttribute('href', '/m/accommodation/1/book/2026/4/9');
    expect(screen.getByRole('link', { name: '翌日' })).toHaveAttribute('href', '/m/accommodation/1/book/2026/4/11');
    expect(screen.getByRole('link', { name: 'カレンダーに戻る' })).toHaveAttribute('href', '/m/accommodation/1');
    const table = await screen.findByTestId('day-bookings', {}, { timeout: 5000 });
    // The register's badge of each guest of the night, once its state is read.
    await within(table).findByText('名簿 不足');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '施設部屋タイプチェックインチェックアウト宿泊者名簿・到着人数入金額予約日振込期限',
      '本館やどばん本館和室2026年4月9日2026年4月11日佐藤 花子名簿 不足2人24,000円2026年3月1日2026年3月8日',
    ]);
    expect(stubs.guestRegisterMethods.getRegisterStates).toHaveBeenCalledWith([31], expect.anything());
    const badges = await screen.findAllByTestId('day-status');
    expect(badges.map((b) => [b.textContent, b.dataset.over])).toEqual([
      ['和室 1/4', 'false'],
      ['特別室 2/1 超過', 'true'],
    ]);
    fireEvent.click(rows[1]!);
    expect(location()).toBe('/m/accommodation/1/book/31');
  });

  it('shows no empty comment box on a day without comments, and creates the one added when it is left', async () => {
    mocked.createComment.mockResolvedValue(comment(90, '夕食 18時'));
    mocked.updateComment.mockResolvedValue(comment(90, '夕食 19時'));
    renderDay();
    expect(await screen.findByTestId('day-no-comments')).toHaveTextContent('この日のコメントはありません。');
    expect(mocked.listComments).toHaveBeenCalledWith(1, DATE, DATE);
    expect(screen.queryByRole('textbox', { name: /コメント/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'コメントを追加' }));
    // One comment is コメント, not コメント 1, and it is ready to type in.
    const field = screen.getByRole('textbox', { name: 'コメント' });
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());
    // Pressed again with the new one still empty: no second box.
    fireEvent.click(screen.getByRole('button', { name: 'コメントを追加' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    fireEvent.change(field, { target: { value: '夕食 18時' } });
    fireEvent.blur(field);
    await waitFor(() => expect(mocked.createComment).toHaveBeenCalledWith(1, DATE, '夕食 18時'));
    expect(mocked.createComment).toHaveBeenCalledTimes(1);
    // Once created, a change is an update of that comment; an unchanged blur sends nothing.
    await waitFor(() => expect(field).toHaveAttribute('data-comment-id', '90'));
    fireEvent.blur(field);
    fireEvent.change(field, { target: { value: '夕食 19時' } });
    fireEvent.blur(field);
    await waitFor(() => expect(mocked.updateComment).toHaveBeenCalledWith(1, 90, '夕食 19時'));
    expect(mocked.createComment).toHaveBeenCalledTimes(1);
    // One more comment comes below the first, numbered from the first.
    fireEvent.click(screen.getByRole('button', { name: 'コメントを追加' }));
    const [first, second] = screen.getAllByRole('textbox');
    expect(first).toHaveAccessibleName('コメント 1');
    expect(first).toHaveValue('夕食 19時');
    expect(second).toHaveAccessibleName('コメント 2');
    expect(second).toHaveValue('');
    // Left empty, the new one goes away: no empty box stays behind.
    fireEvent.blur(second!);
    await waitFor(() => expect(screen.getAllByRole('textbox')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'コメント' })).toHaveValue('夕食 19時');
    expect(mocked.createComment).toHaveBeenCalledTimes(1);
  });

  it('deletes a stored comment after the confirmation', async () => {
    mocked.listComments.mockResolvedValue([comment(5, '送迎あり'), comment(6, '布団追加')]);
    mocked.deleteComment.mockResolvedValue(undefined);
    renderDay();
    await screen.findByDisplayValue('送迎あり');
    fireEvent.click(screen.getAllByRole('button', { name: 'コメントを削除' })[0]!);
    const dialog = screen.getByRole('dialog', { name: '削除の確認' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocked.deleteComment).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'コメントを削除' })[0]!);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.deleteComment).toHaveBeenCalledWith(1, 5));
    await waitFor(() => expect(screen.queryByDisplayValue('送迎あり')).toBeNull());
    expect(screen.getByDisplayValue('布団追加')).toBeInTheDocument();
  });
});
