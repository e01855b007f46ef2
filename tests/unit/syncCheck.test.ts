import { describe, expect, it } from 'vitest';
import {
  mapExternalDayCode,
  mapExternalDayStatus,
  monthDates,
  monthsOffsetOf,
  parseSyncResult,
  showSyncCheckRows,
  syncCheckMonth,
  syncCheckMonthChoices,
  syncCheckStatusOf,
  syncCheckStatusLabels,
} from '../../contract/syncCheck';
import { nightResult } from '../../server/channel/checks/syncCheck';
import { syncCheckView } from '../../resources/sync/check/syncCheckModel';

describe('mapExternalDayStatus (spec 4 "External day status mapping")', () => {
  it('keeps 0, makes 1, 2 and 9 into 1, and anything else unknown', () => {
    expect(mapExternalDayStatus('0,1,2,9,3,5,,x, 1 ')).toEqual([
      0,
      1,
      1,
      1,
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      1,
    ]);
    expect(mapExternalDayStatus('')).toEqual([]);
    expect(mapExternalDayCode(0)).toBe(0);
    expect(mapExternalDayCode(9)).toBe(1);
    expect(mapExternalDayCode(-1)).toBe('unknown');
    expect(mapExternalDayCode('01')).toBe('unknown');
  });
});

describe('the month choices (spec 9: 6 months starting next month)', () => {
  it('offers the next 6 months, labelled yyyy年M月, with their offsets 1..6', () => {
    expect(syncCheckMonthChoices('2026-11-25')).toEqual([
      { year: 2026, month: 12, offset: 1, label: '2026年12月' },
      { year: 2027, month: 1, offset: 2, label: '2027年1月' },
      { year: 2027, month: 2, offset: 3, label: '2027年2月' },
      { year: 2027, month: 3, offset: 4, label: '2027年3月' },
      { year: 2027, month: 4, offset: 5, label: '2027年4月' },
      { year: 2027, month: 5, offset: 6, label: '2027年5月' },
    ]);
  });

  it('counts from the month of today, whatever its day (the 31st too)', () => {
    expect(syncCheckMonth(1, '2027-01-31')).toMatchObject({ year: 2027, month: 2 });
    expect(syncCheckMonth(0, '2027-01-31')).toMatchObject({ year: 2027, month: 1 });
    expect(monthsOffsetOf(2027, 2, '2027-01-31')).toBe(1);
    expect(monthsOffsetOf(2026, 12, '2027-01-01')).toBe(-1);
  });

  it('knows the days of a month', () => {
    expect(monthDates(2028, 2)).toHaveLength(29);
    expect(monthDates(2027, 2).at(-1)).toBe('2027-02-28');
  });
});

describe('the row rule (spec 2 "Sync check")', () => {
  const today = '2026-11-25';
  const result = (errorDays: number[], days = 30) =>
    Array.from({ length: days }, (_, i) => (errorDays.includes(i + 1) ? '1' : '0')).join(',');

  it('shows nothing for an ok check', () => {
    expect(showSyncCheckRows({ status: 'ok', result: result([]), year: 2026, month: 12 }, today)).toBe(false);
  });

  it('shows a check without error days that is not ok (error, unknown)', () => {
    expect(showSyncCheckRows({ status: 'error', result: '', year: 2026, month: 12 }, today)).toBe(true);
    expect(showSyncCheckRows({ status: null, result: '', year: 2026, month: 11 }, today)).toBe(true);
    expect(showSyncCheckRows({ status: 'error', result: '', year: 2026, month: 10 }, today)).toBe(true);
  });

  it('shows a future month with errors', () => {
    expect(showSyncCheckRows({ status: 'ng', result: result([1]), year: 2026, month: 12 }, today)).toBe(true);
  });

  it('shows the month in progress until its last error day has passed', () => {
    const ng = (days: number[]) => ({ status: 'ng', result: result(days), year: 2026, month: 11 });
    expect(showSyncCheckRows(ng([3, 26]), today)).toBe(true);
    expect(showSyncCheckRows(ng([3, 25]), today)).toBe(true);
    expect(showSyncCheckRows(ng([3, 24]), today)).toBe(false);
    expect(showSyncCheckRows({ status: 'ng', result: result([30], 31), year: 2026, month: 10 }, today)).toBe(false);
  });
});

describe('the result of a night and the status', () => {
  it('is 1 when the site sells a night we are full, 2 when its count differs, else 0', () => {
    const site = (availability: number | null, stop_sell = false) => ({
      date: '2026-12-01',
      availability: availability as number,
      stop_sell,
    });
    expect(nightResult(site(2), 0, false)).toBe(1);
    expect(nightResult(site(1), -1, false)).toBe(1);
    expect(nightResult(site(2, true), 0, false)).toBe(2);
    expect(nightResult(site(0), 0, false)).toBe(0);
    expect(nightResult(site(0), -2, false)).toBe(0);
    expect(nightResult(site(3), 3, false)).toBe(0);
    expect(nightResult(site(2), 3, false)).toBe(2);
    expect(nightResult(site(0), 3, true)).toBe(0);
    expect(nightResult(site(null), 0, false)).toBe(0);
    expect(nightResult(undefined, 2, false)).toBe(2);
  });

  it('reads stored results and statuses', () => {
    expect(parseSyncResult('0,1,2,7')).toEqual([0, 1, 2, 2]);
    expect(parseSyncResult('')).toEqual([]);
    expect(syncCheckStatusOf('ng')).toBe('ng');
    expect(syncCheckStatusOf('what')).toBe('unknown');
    expect(syncCheckStatusOf(undefined)).toBe('unknown');
  });
});

describe("the sync check page's view of a month", () => {
  const answer = (status: 'ok' | 'ng' | 'error', result: string) => ({
    check: [
      {
        id: 1,
        accommodation_id: 1,
        room_id: 7,
        year: 2026,
        month: 12,
        result,
        status,
        created_at: '2026-11-25T00:00:00Z',
      },
    ],
    rooms: [{ id: 7, name: '和室', max_num: 3, channel_code: 'R7' }],
    ours: [
      {
        room_id: 7,
        booked: Array.from({ length: 31 }, (_, i) => (i === 1 ? 3 : 0)),
        left: Array.from({ length: 31 }, (_, i) => (i === 1 ? 0 : 3)),
      },
    ],
    plan: { id: 5, name: 'プラン', ikyu_id: 'P5', room_id: 7, room_ids: [7] },
  });

  it("joins our stock, the site's mapped status and the result per day, and applies the row rule", () => {
    const result = Array.from({ length: 31 }, (_, i) => (i === 1 ? '1' : '0')).join(',');
    const view = syncCheckView(answer('ng', result), '1,2,0,9,3', 2026, 12, '2026-11-25');
    expect(view).toMatchObject({ roomId: 7, status: 'ng', showRows: true, hasErrors: true });
    expect(view.days).toHaveLength(31);
    expect(view.days[1]).toEqual({ date: '2026-12-02', booked: 3, left: 0, site: 1, result: 1 });
    expect(view.days.slice(0, 5).map((d) => d.site)).toEqual([1, 1, 0, 1, 'unknown']);
    expect(view.days[10]!.site).toBe('unknown');
  });

  it('lists nothing for an ok month, and every day when the check failed or is missing', () => {
    const ok = syncCheckView(answer('ok', Array(31).fill('0').join(',')), null, 2026, 12, '2026-11-25');
    expect(ok.showRows).toBe(false);
    const failed = syncCheckView(answer('error', ''), null, 2026, 12, '2026-11-25');
    expect(failed).toMatchObject({ status: 'error', showRows: true, hasErrors: false });
    expect(failed.days[0]!.result).toBeNull();
    const none = syncCheckView({ ...answer('ok', ''), check: [] }, null, 2026, 12, '2026-11-25');
    expect(none).toMatchObject({ check: null, status: 'unknown', showRows: true });
  });

  it('never calls a month 正常 while the site cannot be read (issue 32): a stored ok becomes 確認できません', () => {
    const fine = answer('ok', Array(31).fill('0').join(','));
    const unread = syncCheckView(fine, null, 2026, 12, '2026-11-25', true);
    expect(unread).toMatchObject({ status: 'unreadable', unreadable: true });
    expect(syncCheckStatusLabels[unread.status]).toBe('確認できません');
    expect(syncCheckView(fine, null, 2026, 12, '2026-11-25')).toMatchObject({ status: 'ok', unreadable: false });
    // A failed check keeps saying so.
    expect(syncCheckView(answer('error', ''), null, 2026, 12, '2026-11-25', true).status).toBe('error');
  });
});
