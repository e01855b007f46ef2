import { describe, expect, it } from 'vitest';
import { creatorRangeError, emptyRuleSet } from '../../contract/priceRule';
import {
  initialInputs,
  periodProblem,
  periodReady,
  previewRows,
  ruleFromInputs,
  rowClasses,
  visibleRange,
} from '../../resources/plans/prices/priceCreatorModel';

describe('price creator inputs', () => {
  it('open empty for a plan without a rule, and with the stored rule otherwise', () => {
    expect(initialInputs(3, null)).toEqual({
      base_price: '',
      unit_step: ['0', '0', '0'],
      week_step: ['0', '0', '0', '0', '0', '0', '0'],
      holiday_step: ['0', '0'],
    });
    const stored = { ...emptyRuleSet(2), base_price: 9000, unit_step: [0, 3000, 9999] };
    expect(initialInputs(2, stored)).toMatchObject({ base_price: '9000', unit_step: ['0', '3000'] });
  });

  it('need a base price; blank steps count 0, separators and 円 are read', () => {
    const inputs = initialInputs(2, null);
    expect(ruleFromInputs(inputs, true)).toEqual({ ok: false, errors: {}, missingBase: true });
    const typed = { ...inputs, base_price: '12,000円', unit_step: ['', '3000'] };
    expect(ruleFromInputs(typed, true)).toEqual({
      ok: true,
      rule: { base_price: 12000, unit_step: [0, 3000], week_step: [0, 0, 0, 0, 0, 0, 0], holiday_step: [0, 0] },
    });
  });

  it('name each bad input by its API field, and ignore holiday steps until holidays are loaded', () => {
    const inputs = { ...initialInputs(2, null), base_price: '-1', week_step: ['0', 'x', '0', '0', '0', '0', '1.5'] };
    const result = ruleFromInputs(inputs, true);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['base_price', 'week_step.1', 'week_step.6']);
      expect(result.errors.base_price).toBe('基本料金は0以上の整数（円）で入力してください');
    }
    const hidden = { ...initialInputs(1, null), base_price: '1000', holiday_step: ['x', '5000'] as [string, string] };
    expect(ruleFromInputs(hidden, false)).toMatchObject({ ok: true, rule: { holiday_step: [0, 0] } });
  });
});

describe('price creator period', () => {
  it('is ready for a start not after the end, within 366 days', () => {
    expect(periodProblem(null, '2027-01-01')).toBeNull();
    expect(periodReady(null, '2027-01-01')).toBe(false);
    expect(periodReady('2027-01-01', '2027-01-01')).toBe(true);
    expect(periodProblem('2027-01-02', '2027-01-01')).toBe('終了日は開始日以降の日付を指定してください');
    expect(creatorRangeError('2028-01-01', '2028-12-31')).toBeNull(); // 366 days, leap year
    expect(creatorRangeError('2027-01-01', '2028-01-02')).toBe('期間は366日以内で指定してください');
    expect(creatorRangeError('2027-02-30', '2027-03-01')).toBe('開始日を正しく入力してください（例：2026-04-01）');
  });

  it('previews a row per date with its weekday and holiday classes', () => {
    const holidays = new Map([['2027-05-03', '憲法記念日']]);
    const rule = {
      base_price: 10000,
      unit_step: [0, 5000],
      week_step: [0, 0, 0, 0, 0, 0, 0],
      holiday_step: [1000, 2000],
    };
    const rows = previewRows(rule, '2027-05-02', '2027-05-04', 2, holidays);
    expect(rows.map((r) => [r.label, rowClasses(r), r.prices])).toEqual([
      ['2027年5月2日(日)', 'day-0 holiday-eve', [12000, 17000]],
      ['2027年5月3日(月)', 'day-1 holiday', [11000, 16000]],
      ['2027年5月4日(火)', 'day-2', [10000, 15000]],
    ]);
    expect(rows[1]!.holidayName).toBe('憲法記念日');
  });
});

describe('preview window', () => {
  it('renders the rows in view and 15 around them, within the period', () => {
    expect(visibleRange(365, 0, 600, 28)).toEqual({ first: 0, last: 37 });
    expect(visibleRange(365, 28 * 200, 600, 28)).toEqual({ first: 185, last: 237 });
    expect(visibleRange(365, 28 * 400, 600, 28)).toEqual({ first: 385, last: 365 });
    expect(visibleRange(10, 0, 600, 28)).toEqual({ first: 0, last: 10 });
  });
});
