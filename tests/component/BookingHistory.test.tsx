import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingHistoryItem } from '../../contract/booking';
import { bookingMethods as api } from '../../dataProvider/methods/bookings';
import { HistorySection } from '../../resources/bookings/HistorySection';
import { buildBooking, demoPlans, demoRooms, withCatalogue } from './BookingPanel.fixtures';
import { renderInAdmin } from './helpers';

vi.mock('../../dataProvider/methods/bookings', async () => ({
  bookingMethods: { ...(await import('./BookingPanel.fixtures')).bookingMethodsStub(), getBookingHistory: vi.fn() },
}));
const mocked = withCatalogue(vi.mocked(api));

const row = (overrides: Partial<BookingHistoryItem>): BookingHistoryItem => ({
  at: '2026-11-25T10:00:00+09:00',
  user_id: 1,
  user_name: '管理者 太郎',
  action: 'update',
  target: { type: 'booking', id: 7 },
  changes: {},
  ...overrides,
});

/** The 履歴 section opened, its rows' text, newest first. */
async function historyRows(items: BookingHistoryItem[]) {
  mocked.getBookingHistory.mockResolvedValue(items);
  renderInAdmin(<HistorySection booking={buildBooking()} />, { path: '/m/accommodation/1/book/7' });
  fireEvent.click(await screen.findByRole('button', { name: '履歴を表示' }));
  return (await screen.findAllByTestId('history-row')).map((r) => r.textContent);
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
});

describe('HistorySection', () => {
  it("names a deleted plan by the name its removal kept, and the option's move of the total in yen", async () => {
    const rows = await historyRows([
      // The plan deleted: it is no longer in the accommodation's plans.
      row({
        changes: { plan_id: { from: 99, to: null }, plan_name: { from: '監査の朝食プラン', to: null } },
      }),
      row({ action: 'create', target: { type: 'booking_option', id: 41 }, changes: { unit: { from: null, to: 2 } } }),
      row({ changes: { price_sub: { from: 30000, to: 33000 } } }),
      // Staff leaving a plan that still exists.
      row({ changes: { plan_id: { from: 12, to: null }, price_sub: { from: 45000, to: 40000 } } }),
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('予約の変更');
    expect(rows[0]).toContain('管理者 太郎');
    expect(rows[0]).toContain('プラン: 監査の朝食プラン → なし');
    expect(rows[0]).not.toContain('plan_name');
    expect(rows[1]).toContain('オプションの登録');
    expect(rows[2]).toContain('予約の変更');
    expect(rows[2]).toContain('合計金額: 30,000円 → 33,000円');
    expect(rows[3]).toContain('プラン: 朝食付き → なし、合計金額: 45,000円 → 40,000円');
  });
});
