import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_TOTAL_LABEL,
  analyticsMessages,
  analyticsTable,
  defaultAnalyticsRange,
  monthRangeOf,
  type AnalyticsTotal,
} from '../../contract/analytics';
import {
  figureCells,
  initialRange,
  rangeDates,
  rangeErrors,
  shortDate,
} from '../../src/pages/analytics/analyticsModel';

const figures: AnalyticsTotal = {
  books: 1234,
  paid_books: 3,
  occupancy: 12,
  stay_amount: 80000,
  option_amount: 2000,
  room_night_occupancy: 4.7,
  adr: null,
  revpar: 533,
  room_nights: 7,
};

describe('guest analysis ranges', () => {
  it('opens next month (Tokyo), first to last day, or the month of the address', () => {
    expect(defaultAnalyticsRange('2026-11-25')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(defaultAnalyticsRange('2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(defaultAnalyticsRange('2028-01-31')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(initialRange({}, '2026-11-25')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(initialRange({ year: '2027', month: '2' })).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(initialRange({ year: '2027', month: '13' })).toBeNull();
    expect(initialRange({ year: 'abcd', month: '1' })).toBeNull();
    expect(monthRangeOf(2027, 0)).toBeNull();
  });

  it('refuses in the form what the server refuses, on its field', () => {
    expect(rangeErrors('2026-12-01', '2026-12-31')).toBeNull();
    expect(rangeErrors(null, '2026-12-31')).toEqual({ start_date: analyticsMessages.startRequired });
    expect(rangeErrors('2026-12-01', '2026-11-30')).toEqual({ end_date: analyticsMessages.order });
    expect(rangeErrors('2026-01-01', '2027-01-02')).toEqual({ end_date: analyticsMessages.tooLong });
    expect(rangeErrors('2028-01-01', '2028-12-31')).toBeNull();
  });

  it('lists the days of the chart', () => {
    expect(rangeDates({ start: '2027-02-27', end: '2027-03-02' }).map(shortDate)).toEqual([
      '2/27',
      '2/28',
      '3/1',
      '3/2',
    ]);
  });
});

describe('guest analysis table', () => {
  it('shows percents, yen with 円 and － for a figure that has none', () => {
    expect(figureCells(figures)).toEqual(['1,234', '3', '12%', '80,000円', '2,000円', '4.7%', '－', '533円']);
  });

  it('is the CSV table: a header, the facilities, then the totals row', () => {
    const table = analyticsTable({
      rows: [{ ...figures, accommodation_id: 1, name: '=宿', short_name: '宿', color: 'fff', days: [] }],
      total: figures,
    });
    expect(table.header[0]).toBe('施設名');
    expect(table.rows).toEqual([
      ['=宿', 1234, 3, 12, 80000, 2000, 4.7, null, 533],
      [ANALYTICS_TOTAL_LABEL, 1234, 3, 12, 80000, 2000, 4.7, null, 533],
    ]);
  });
});
