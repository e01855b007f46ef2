import { describe, expect, it } from 'vitest';
import type { Booking } from '../../contract/booking';
import { weekday } from '../../contract/dates';
import { INITIAL_WEEKS } from '../../resources/bookings/calendar/calendarConstants';
import { dayLabel, fullDayLabel, WEEKDAY_LABELS } from '../../resources/bookings/calendar/calendarLabels';
import {
  describeDays,
  extensionDays,
  extensionWindow,
  groupByNight,
  initialWindow,
  mergeWindows,
  monthShown,
  weekStart,
  windowDates,
  windowWeeks,
} from '../../resources/bookings/calendar/calendarModel';
import { buildBooking } from '../component/BookingPanel.fixtures';

const stay = (id: number, start_date: string, end_date: string, more: Partial<Booking> = {}) =>
  buildBooking({ id, start_date, end_date, room_id: 1, ...more });

describe('calendar window', () => {
  it('starts on the Sunday of the week before today and holds 15 whole weeks', () => {
    // 2026-11-22 is a Sunday, 2026-11-25 a Wednesday.
    expect(weekStart('2026-11-25')).toBe('2026-11-22');
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    const w = initialWindow('2026-11-25');
    expect(w).toEqual({ from: '2026-11-15', to: '2027-02-27' });
    expect(windowDates(w)).toHaveLength(7 * INITIAL_WEEKS);
    expect(weekday(w.from)).toBe(0);
    expect(weekday(w.to)).toBe(6);
  });

  it('extends by 5 weeks in the grid and 35 days in the list, asking only for the new dates', () => {
    const w = { from: '2026-11-15', to: '2027-02-27' };
    expect(extensionDays('row')).toBe(35);
    expect(extensionDays('column')).toBe(35);
    expect(extensionWindow(w, 'before', 35)).toEqual({ from: '2026-10-11', to: '2026-11-14' });
    expect(extensionWindow(w, 'after', 35)).toEqual({ from: '2027-02-28', to: '2027-04-03' });
    expect(mergeWindows(w, extensionWindow(w, 'before', 35))).toEqual({ from: '2026-10-11', to: '2027-02-27' });
  });

  it('lays weeks out Sunday to Saturday, across months and years', () => {
    const weeks = windowWeeks({ from: '2026-12-27', to: '2027-01-09' });
    expect(weeks).toEqual([
      ['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'],
      ['2027-01-03', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09'],
    ]);
    expect(WEEKDAY_LABELS).toEqual(['日', '月', '火', '水', '木', '金', '土']);
  });

  it('labels days in Japanese', () => {
    expect(dayLabel('2026-11-22')).toBe('11月22日(日)');
    expect(fullDayLabel('2027-01-01')).toBe('2027年1月1日(金)');
  });
});

describe('bookings per night', () => {
  const window = { from: '2026-11-15', to: '2026-11-28' };

  it('puts a stay on each of its nights and not on its check-out day', () => {
    const nights = groupByNight([stay(1, '2026-11-20', '2026-11-23')], window);
    expect([...nights.keys()]).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(nights.get('2026-11-23')).toBeUndefined();
  });

  it('clips stays to the window and leaves cancelled bookings out', () => {
    const nights = groupByNight(
      [
        stay(1, '2026-11-10', '2026-11-16'),
        stay(2, '2026-11-27', '2026-12-02'),
        stay(3, '2026-11-18', '2026-11-19', { delete_flg: 1 }),
      ],
      window,
    );
    expect([...nights.keys()]).toEqual(['2026-11-15', '2026-11-27', '2026-11-28']);
    expect(nights.get('2026-11-18')).toBeUndefined();
  });

  it('orders a night by room type, then check-in', () => {
    const nights = groupByNight(
      [
        stay(1, '2026-11-20', '2026-11-21', { room_id: 2 }),
        stay(2, '2026-11-19', '2026-11-21'),
        stay(3, '2026-11-20', '2026-11-21'),
      ],
      window,
    );
    expect(nights.get('2026-11-20')!.map((b) => b.id)).toEqual([2, 3, 1]);
  });
});

describe('day states', () => {
  const rooms = [
    { id: 1, name: '和室', max_num: 2 },
    { id: 2, name: '特別室', max_num: 1 },
  ];
  const books = [
    stay(1, '2026-11-20', '2026-11-22'),
    stay(2, '2026-11-20', '2026-11-21'),
    stay(3, '2026-11-20', '2026-11-21', { room_id: 2 }),
    stay(4, '2026-11-21', '2026-11-22', { room_id: 2 }),
    stay(5, '2026-11-21', '2026-11-22', { room_id: 2 }),
  ];
  const dates = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
  const nights = groupByNight(books, { from: dates[0]!, to: dates[3]! });

  it('marks over, full, has-book and today with classes', () => {
    const days = describeDays(dates, nights, { rooms, roomNumber: 3, today: '2026-11-22', selectedId: null });
    expect(days.map((d) => d.state)).toEqual(['empty', 'full', 'over', 'empty']);
    expect(days[1]!.className).toBe('cal-day has-book full');
    expect(days[2]!.className).toBe('cal-day has-book over');
    expect(days[2]!.overRooms).toEqual([{ room: '特別室', excess: 1 }]);
    expect(days[3]!.className).toBe('cal-day today');
  });

  it('names the whole house when it is over but no one room type is', () => {
    const house = describeDays(dates, nights, { rooms, roomNumber: 2, today: '2026-11-22', selectedId: null });
    expect(house[1]!.state).toBe('over');
    expect(house[1]!.overRooms).toEqual([{ room: null, excess: 1 }]);
  });

  it('dims the days that do not hold the selected booking, and names holidays', () => {
    const days = describeDays(dates, nights, {
      rooms,
      roomNumber: 8,
      today: '2026-11-01',
      selectedId: 1,
      holidays: new Map([
        ['2026-11-23', '勤労感謝の日'],
        ['2026-11-22', '（例）'],
      ]),
    });
    expect(days.map((d) => d.className.includes('unselect'))).toEqual([true, false, false, true]);
    expect(days[1]!.state).toBe('has-book');
    expect(days[3]!.holiday).toBe('（例）');
    expect(days[3]!.className).toContain('holiday');
  });
});

describe('the month named above the rows', () => {
  it("is, in the grid, the month most of the top week is in; in the list, the top day's", () => {
    // The week of Sunday 2026-11-29 runs to 12-05: its Wednesday is in December.
    expect(monthShown('row', '2026-11-29')).toBe('2026-12-02');
    expect(monthShown('row', '2026-12-01')).toBe('2026-12-02');
    // The week of Sunday 2026-11-22: November.
    expect(monthShown('row', '2026-11-22').slice(0, 7)).toBe('2026-11');
    expect(monthShown('column', '2026-11-29')).toBe('2026-11-29');
  });
});
