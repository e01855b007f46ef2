import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingHistoryItem } from '../../contract/booking';
import { HistorySection } from '../../resources/bookings/HistorySection';
import { buildBooking, demoPlans, demoRooms, withCatalogue, bookingMethodsStub } from './BookingPanel.fixtures';
import { renderInAdmin, stubMethods } from './helpers';

const stubs = stubMethods({
  bookingMethods: { ...bookingMethodsStub(), getBookingHistory: vi.fn() },
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

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

/** Polyglot's warnings of a key ja.ts lacks (the 履歴 asked for app.booking.audit.fields.plan_id). */
const missingKeys = () =>
  warn.mock.calls.map((args) => String(args[0])).filter((text) => text.includes('Missing translation'));
const warn = vi.spyOn(console, 'warn');

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
    expect(rows[1]).toContain('オプションの追加');
    expect(rows[2]).toContain('予約の変更');
    expect(rows[2]).toContain('合計金額: 30,000円 → 33,000円');
    expect(rows[3]).toContain('プラン: 朝食付き → なし、合計金額: 45,000円 → 40,000円');
  });

  it('reads an added option with its own labels: オプション名, 数量, 単価, 日数, コメント, 支払済み', async () => {
    const option = { type: 'booking_option', id: 41 };
    const rows = await historyRows([
      row({
        action: 'create',
        target: option,
        changes: {
          days: { from: null, to: 1 },
          name: { from: null, to: '夕食グレードアップ' },
          paid: { from: null, to: false },
          unit: { from: null, to: 2 },
          price: { from: null, to: 3000 },
          comment: { from: null, to: '誕生日のケーキ' },
        },
      }),
      row({
        action: 'update',
        target: option,
        changes: { unit: { from: 2, to: 3 }, paid: { from: false, to: true } },
      }),
      row({
        action: 'delete',
        target: option,
        changes: { name: { from: '夕食グレードアップ', to: null }, price: { from: 3000, to: null } },
      }),
    ]);
    expect(rows[0]).toContain('オプションの追加');
    expect(rows[0]).toContain(
      'オプション名: 夕食グレードアップ、数量: 2、単価: 3,000円、日数: 1、コメント: 誕生日のケーキ、支払済み: なし',
    );
    expect(rows[0]).not.toMatch(/泊数|宿泊者名|入金額/);
    expect(rows[1]).toContain('オプションの変更');
    expect(rows[1]).toContain('数量: 2 → 3、支払済み: なし → あり');
    expect(rows[2]).toContain('オプションの削除');
    expect(rows[2]).toContain('オプション名: 夕食グレードアップ、単価: 3,000円');
    expect(missingKeys()).toEqual([]);
  });

  it('reads a cancel as キャンセル: なし → あり with the fee in yen', async () => {
    const rows = await historyRows([
      row({
        action: 'cancel',
        changes: { cancel_fee: { from: null, to: 45000 }, delete_flg: { from: 0, to: 1 } },
      }),
      row({ action: 'cancel', changes: { delete_flg: { from: 0, to: 1 } } }),
    ]);
    expect(rows[0]).toContain('予約のキャンセル');
    expect(rows[0]).toContain('キャンセル: なし → あり、キャンセル料: 45,000円');
    expect(rows[0]).not.toContain('0 → 1');
    expect(rows[1]).toContain('予約のキャンセル');
    expect(rows[1]).toContain('キャンセル: なし → あり');
    expect(rows[1]).not.toContain('キャンセル料');
  });

  it('heads a refund 返金の登録 with 返金額 and the paid amount it takes back', async () => {
    const rows = await historyRows([
      row({
        action: 'refund',
        target: { type: 'refund', id: 5 },
        changes: { price: { from: 50000, to: 32900 }, refund_amount: { from: null, to: 17100 } },
      }),
    ]);
    expect(rows[0]).toContain('返金の登録');
    expect(rows[0]).not.toContain('返金の返金');
    expect(rows[0]).toContain('返金額: 17,100円、予約の入金合計: 50,000円 → 32,900円');
  });

  it('names the payment a refund is made from (対象の入金); an older refund without one still reads', async () => {
    const rows = await historyRows([
      row({
        action: 'refund',
        target: { type: 'refund', id: 6 },
        changes: {
          price: { from: 50000, to: 20000 },
          payment: { from: null, to: { id: 31, amount: 50000, pay_type: 1, payment_exe_date: '2026-11-03' } },
          refund_amount: { from: null, to: 30000 },
        },
      }),
      row({
        action: 'refund',
        target: { type: 'refund', id: 5 },
        changes: { price: { from: 60000, to: 50000 }, refund_amount: { from: null, to: 10000 } },
      }),
    ]);
    expect(rows[0]).toContain('返金の登録');
    expect(rows[0]).toContain(
      '返金額: 30,000円、対象の入金: 2026年11月3日 銀行振込 50,000円、予約の入金合計: 50,000円 → 20,000円',
    );
    expect(rows[1]).toContain('返金額: 10,000円、予約の入金合計: 60,000円 → 50,000円');
    expect(rows[1]).not.toContain('対象の入金');
  });

  it('reads a payment registered and voided: 入金額, 支払方法 by name, 入金日 as a date or 仮決済', async () => {
    const payment = { type: 'payment', id: 31 };
    const rows = await historyRows([
      row({
        action: 'void',
        target: payment,
        changes: {
          price: { from: 13000, to: 10000 },
          amount: { from: 3000, to: null },
          pay_type: { from: 1, to: null },
          payment_exe_date: { from: '2026-11-05', to: null },
        },
      }),
      row({
        action: 'create',
        target: payment,
        changes: {
          price: { from: 0, to: 10000 },
          amount: { from: null, to: 10000 },
          pay_type: { from: null, to: 4 },
          payment_exe_date: { from: null, to: null },
        },
      }),
    ]);
    expect(rows[0]).toContain('入金の取消');
    expect(rows[0]).toContain(
      '入金額: 3,000円、支払方法: 銀行振込、入金日: 2026年11月5日、予約の入金合計: 13,000円 → 10,000円',
    );
    expect(rows[1]).toContain('入金の登録');
    expect(rows[1]).toContain('入金額: 10,000円、支払方法: 請求書払い、入金日: 仮決済、予約の入金合計: 0円 → 10,000円');
  });

  it("reads a booking's creation and changes with the booking's labels and values", async () => {
    const rows = await historyRows([
      row({
        changes: {
          days: { from: 1, to: 2 },
          room_id: { from: 2, to: 3 },
          start_date: { from: '2026-12-24', to: '2026-12-25' },
          person_number: { from: 2, to: 3 },
        },
      }),
      row({
        action: 'create',
        changes: {
          name: { from: null, to: '佐藤 花子' },
          price: { from: null, to: 0 },
          plan_id: { from: null, to: 11 },
          room_id: { from: null, to: 2 },
          price_sub: { from: null, to: 12000 },
        },
      }),
    ]);
    expect(rows[0]).toContain('予約の変更');
    expect(rows[0]).toContain(
      '部屋タイプ: 和室 → 洋室ツイン、チェックイン: 2026年12月24日 → 2026年12月25日、泊数: 1泊 → 2泊、人数: 2人 → 3人',
    );
    expect(rows[1]).toContain('予約の登録');
    expect(rows[1]).toContain(
      '部屋タイプ: 和室、プラン: 素泊まり、宿泊者名: 佐藤 花子、合計金額: 12,000円、入金額: 0円',
    );
    expect(missingKeys()).toEqual([]);
  });
});
