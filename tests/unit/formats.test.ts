import { describe, expect, it } from 'vitest';
import { dateTimeJa, tokyoMinute } from '../../contract/dates';
import {
  formatDate,
  formatYearMonth,
  formatDateTime,
  formatFileSize,
  formatYenAxis,
  formatPeople,
  formatYen,
  parseApiDate,
  toApiDate,
  todayInTokyo,
} from '../../i18n/formats';

describe('formatYen', () => {
  it('adds thousands separators and 円', () => {
    expect(formatYen(12345)).toBe('12,345円');
    expect(formatYen(1234567)).toBe('1,234,567円');
    expect(formatYen(0)).toBe('0円');
    expect(formatYen(-1200)).toBe('-1,200円');
    expect(formatYen('8000')).toBe('8,000円');
  });

  it('gives an empty text for missing or unreadable amounts', () => {
    expect(formatYen(null)).toBe('');
    expect(formatYen(undefined)).toBe('');
    expect(formatYen('')).toBe('');
    expect(formatYen('abc')).toBe('');
  });
});

describe('formatFileSize', () => {
  it('says a small file in bytes, not 0.0MB (issue 32), and larger ones in KB and MB', () => {
    expect(formatFileSize(100)).toBe('100バイト');
    expect(formatFileSize(999)).toBe('999バイト');
    expect(formatFileSize(2_400)).toBe('2.4KB');
    expect(formatFileSize(1_250_000)).toBe('1.3MB');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('formatPeople', () => {
  it('writes counts of people with 人', () => {
    expect(formatPeople(3)).toBe('3人');
    expect(formatPeople('2')).toBe('2人');
    expect(formatPeople(null)).toBe('');
  });
});

describe('dates in Asia/Tokyo', () => {
  it('shows an API date as yyyy年M月d日 without shifting it', () => {
    expect(formatDate('2024-03-05')).toBe('2024年3月5日');
    expect(formatDate('2024-12-31')).toBe('2024年12月31日');
  });

  it('takes the Tokyo calendar day of a UTC instant that is already the next day there', () => {
    // 2024-03-31 15:30 UTC is 2024-04-01 00:30 in Tokyo.
    const instant = '2024-03-31T15:30:00Z';
    expect(toApiDate(instant)).toBe('2024-04-01');
    expect(formatDate(instant)).toBe('2024年4月1日');
    expect(formatDateTime(instant)).toBe('2024年4月1日 0:30');
    expect(todayInTokyo(new Date(instant))).toBe('2024-04-01');
  });

  it('keeps the same day for an instant before Tokyo midnight', () => {
    expect(todayInTokyo(new Date('2024-03-31T14:59:59Z'))).toBe('2024-03-31');
  });

  it('formats mail date-times with hour and minute', () => {
    expect(formatDateTime('2024-01-09T08:05:00+09:00')).toBe('2024年1月9日 8:05');
    expect(formatDateTime('2024-01-09T13:45:00+09:00')).toBe('2024年1月9日 13:45');
  });

  it('takes the Tokyo wall time of an instant to the minute and says it as the console does', () => {
    expect(tokyoMinute(new Date('2026-12-31T15:05:59Z'))).toBe('2027-01-01T00:05');
    expect(tokyoMinute('2024-01-09T08:05:00+09:00')).toBe('2024-01-09T08:05');
    expect(dateTimeJa('2027-01-01T00:05')).toBe('2027年1月1日 0:05');
    expect(dateTimeJa(tokyoMinute('2024-01-09T13:45:00+09:00'))).toBe(formatDateTime('2024-01-09T13:45:00+09:00'));
  });

  it('says Tokyo time in a browser of another zone (Los Angeles)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(new Date('2030-12-01T01:00:00Z').getHours()).toBe(17);
      expect(formatDateTime('2030-12-01T10:00:00+09:00')).toBe('2030年12月1日 10:00');
      expect(formatDate('2030-12-01T01:00:00Z')).toBe('2030年12月1日');
      expect(toApiDate('2030-11-30T16:00:00Z')).toBe('2030-12-01');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('gives an empty text for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('parses API dates strictly', () => {
    expect(parseApiDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseApiDate('2023-02-29')).toBeNull();
    expect(parseApiDate('2024/02/01')).toBeNull();
  });
});

describe('formatYearMonth', () => {
  it('names the month a calendar shows, and nothing for what is no date', () => {
    expect(formatYearMonth('2026-11-15')).toBe('2026年11月');
    expect(formatYearMonth('2027-01-03')).toBe('2027年1月');
    expect(formatYearMonth('')).toBe('');
    expect(formatYearMonth(null)).toBe('');
    expect(formatYearMonth('2027/01/03')).toBe('');
  });
});

describe('formatYenAxis (issue 32: the analysis chart cut 1,000,000 to 1,000,00…)', () => {
  it('says 万 from 10,000 on, and yen below', () => {
    expect(formatYenAxis(1_000_000)).toBe('100万円');
    expect(formatYenAxis(15_000)).toBe('1.5万円');
    expect(formatYenAxis(12_345_678)).toBe('1,234.6万円');
    expect(formatYenAxis(9_800)).toBe('9,800円');
    expect(formatYenAxis(0)).toBe('0円');
  });
});
