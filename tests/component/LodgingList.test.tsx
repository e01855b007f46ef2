import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LodgingListPage } from '../../resources/bookings/LodgingListPage';
import { buildBooking } from './BookingPanel.fixtures';
import { renderInAdmin, screenWidth, storeDemoAccommodations, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: { listBooks: vi.fn() },
});
const mocked = vi.mocked(stubs.bookingMethods);

const books = [
  buildBooking({ id: 7, accommodation_id: 1, start_date: '2026-12-24', created_at: '2026-11-20T10:15:00+09:00' }),
  buildBooking({
    id: 3,
    accommodation_id: 2,
    start_date: '2025-08-10',
    via: 0,
    person_number: 2,
    delete_flg: 1,
    deleted_at: '2025-08-01T12:00:00+09:00',
    created_at: '2025-06-01T09:00:00+09:00',
  }),
];

beforeEach(() => {
  storeDemoAccommodations();
  mocked.listBooks.mockResolvedValue(books);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The page reads the route's :mail, encoded in the path as the panel's link encodes it.
const render = () =>
  renderInAdmin(
    <Routes>
      <Route path="books/:mail" element={<LodgingListPage />} />
    </Routes>,
    { path: '/m/books/taro%40example.com' },
  );

describe('Lodging list', () => {
  it('loads the guest’s stays with the cancelled ones and heads them with the period', async () => {
    screenWidth(1280);
    render();
    expect(await screen.findByRole('heading', { name: '2025年8月10日〜2026年12月24日 宿泊一覧' })).toBeInTheDocument();
    expect(mocked.listBooks).toHaveBeenCalledWith({ mail: 'taro@example.com', with_deleted: true });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '宿泊施設',
      '宿泊日',
      '宿泊者',
      '人数',
      '予約発生日',
      '予約経路',
      'キャンセル',
      'キャンセル日',
      '詳細',
    ]);
    const [first, second] = screen.getAllByTestId('lodging-row');
    expect(within(first!).getByText('やどばん本館')).toBeInTheDocument();
    expect(within(first!).getByText('2026年12月24日')).toBeInTheDocument();
    expect(within(first!).getByText('管理画面')).toBeInTheDocument();
    expect(within(first!).queryByText('キャンセル済み')).not.toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: '詳細' })).toHaveAttribute('href', '/m/accommodation/1/book/7');
    expect(within(second!).getByText('海辺の離れ')).toBeInTheDocument();
    expect(within(second!).getByText('キャンセル済み')).toBeInTheDocument();
    expect(within(second!).getByText('2025年8月1日')).toBeInTheDocument();
    expect(within(second!).getByText('公式')).toBeInTheDocument();
    expect(within(second!).getByText('2人')).toBeInTheDocument();
  });

  it('hides guests, cancel date and detail below the sm breakpoint', async () => {
    screenWidth(400);
    render();
    await screen.findAllByTestId('lodging-row');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['宿泊施設', '宿泊日', '宿泊者', '予約発生日', '予約経路', 'キャンセル']);
    expect(screen.queryByRole('link', { name: '詳細' })).not.toBeInTheDocument();
  });

  it('says so when the guest has no stay', async () => {
    screenWidth(1280);
    mocked.listBooks.mockResolvedValue([]);
    render();
    expect(await screen.findByText('宿泊履歴がありません。')).toBeInTheDocument();
  });
});
