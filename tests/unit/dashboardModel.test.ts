import { describe, expect, it } from 'vitest';
import type { Booking } from '../../contract/booking';
import {
  isOverdue,
  splitTodayPlans,
  todayPlansQuery,
  unpaidBookings,
  unpaidQuery,
} from '../../src/pages/home/dashboardModel';

const today = '2026-04-10';

function stay(id: number, start: string, end: string, extra: Partial<Booking> = {}): Booking {
  return {
    id,
    accommodation_id: 1,
    room_id: 1,
    start_date: start,
    end_date: end,
    delete_flg: 0,
    price: 0,
    price_sub: 10000,
    ...extra,
  } as Booking;
}

describe('dashboard model', () => {
  it('asks for the stays that touch yesterday and today, so that check-outs are in the answer', () => {
    expect(todayPlansQuery(today)).toEqual({
      stay_start_date: '2026-04-09',
      stay_end_date: '2026-04-10',
      with_consecutive: true,
    });
    expect(todayPlansQuery('2026-03-01').stay_start_date).toBe('2026-02-28');
  });

  it("sorts today's live stays into check-outs, consecutive stays and check-ins", () => {
    const books = [
      stay(1, '2026-04-08', '2026-04-10'),
      stay(2, '2026-04-09', '2026-04-12'),
      stay(3, '2026-04-10', '2026-04-11'),
      stay(4, '2026-04-10', '2026-04-11', { delete_flg: 1 }),
      stay(5, '2026-04-05', '2026-04-09'),
      stay(6, '2026-04-10', '2026-04-12', { accommodation_id: 2, room_id: 0 }),
      stay(7, '2026-04-10', '2026-04-12', { room_id: 0 }),
    ];
    const plans = splitTodayPlans(books, today);
    expect(plans.checkOuts.map((b) => b.id)).toEqual([1]);
    expect(plans.stays.map((b) => b.id)).toEqual([2]);
    // By accommodation, then room type, then booking.
    expect(plans.checkIns.map((b) => b.id)).toEqual([7, 3, 6]);
  });

  it('asks for unpaid stays not over before today, up to a year ahead, and keeps the live ones with a balance', () => {
    expect(unpaidQuery(today)).toEqual({
      not_paid_only: true,
      stay_start_date: '2026-04-09',
      stay_end_date: '2027-04-10',
      with_consecutive: true,
    });
    const books = [
      stay(1, '2026-04-10', '2026-04-11'),
      stay(2, '2026-04-10', '2026-04-11', { price: 10000 }),
      stay(3, '2026-04-10', '2026-04-11', { delete_flg: 1 }),
      stay(4, '2026-04-08', '2026-04-10'),
      stay(5, '2026-04-07', '2026-04-09'),
      // Only a 仮決済 of the whole total: its paid amount is 0, so it still owes (issue 19).
      stay(6, '2026-04-10', '2026-04-11', {
        price: 0,
        payments: [
          { id: 9, book_id: 6, amount: 10000, payment_exe_date: null, pay_type: 1, mail: 0, transaction_id: null },
        ],
      }),
    ];
    expect(unpaidBookings(books, today).map((b) => b.id)).toEqual([1, 4, 6]);
  });

  it('calls a transfer deadline overdue from the day after it', () => {
    expect(isOverdue('2026-04-09', today)).toBe(true);
    expect(isOverdue('2026-04-10', today)).toBe(false);
    expect(isOverdue(null, today)).toBe(false);
  });
});
