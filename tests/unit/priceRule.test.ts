import holidayJp from '@holiday-jp/holiday_jp';
import { describe, expect, it } from 'vitest';
import { parseCsvDate, parsePriceCsv } from '../../contract/price';
import { priceForDay, type PriceRuleSet } from '../../contract/priceRule';
import { nightPrice } from '../../server/db/seed/bookings';

const isHoliday = (date: string) => Object.prototype.hasOwnProperty.call(holidayJp.holidays, date);

// Fridays +1,000, Saturdays +2,000; a holiday +1,500, the day before one +2,500.
const rule: PriceRuleSet = {
  base_price: 10_000,
  unit_step: [0, 3_000, 6_000],
  week_step: [0, 0, 0, 0, 0, 1_000, 2_000],
  holiday_step: [1_500, 2_500],
};
const price = (date: string, unit = 1) => priceForDay(rule, date, unit, isHoliday);

describe('price for a day (spec 5)', () => {
  it('knows the holidays it is tested on', () => {
    for (const d of [
      '2026-01-01',
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-09-21',
      '2026-09-22',
      '2026-09-23',
    ]) {
      expect(isHoliday(d), d).toBe(true);
    }
    expect(isHoliday('2026-05-07')).toBe(false);
  });

  it('adds the holiday step on 元日 and the day-before step on New Year’s Eve', () => {
    expect(price('2026-01-01')).toBe(11_500); // Thursday, 元日
    expect(price('2026-01-01', 3)).toBe(17_500);
    expect(price('2025-12-31')).toBe(12_500); // Wednesday before 元日
    expect(price('2025-12-31', 2)).toBe(15_500);
    expect(price('2026-01-02')).toBe(11_000); // a plain Friday
  });

  it('counts Golden Week days as holidays, not as days before one, and takes the larger step', () => {
    expect(price('2026-05-02')).toBe(12_500); // Saturday before 憲法記念日: max(2,000, 2,500)
    expect(price('2026-05-04')).toBe(11_500); // みどりの日, also the eve of こどもの日: the holiday step
    expect(price('2026-05-05')).toBe(11_500);
    expect(price('2026-05-06')).toBe(11_500); // 振替休日
    expect(price('2026-05-07')).toBe(10_000); // Thursday, back to normal
    expect(price('2026-05-08')).toBe(11_000); // Friday
  });

  it('prices the 2026 Silver Week', () => {
    expect(price('2026-09-19')).toBe(12_000); // Saturday, Sunday after is no holiday
    expect(price('2026-09-20')).toBe(12_500); // Sunday before 敬老の日
    expect(price('2026-09-21', 2)).toBe(14_500);
    expect(price('2026-09-22')).toBe(11_500); // 国民の休日
    expect(price('2026-09-23')).toBe(11_500); // 秋分の日
    expect(price('2026-09-24')).toBe(10_000);
  });

  it('keeps a weekday step larger than the holiday step, and defaults missing steps to 0', () => {
    const saturdayHoliday = (d: string) => d === '2026-04-04';
    expect(priceForDay(rule, '2026-04-04', 1, saturdayHoliday)).toBe(12_000);
    expect(
      priceForDay({ base_price: 5_000, unit_step: [], week_step: [], holiday_step: [] }, '2026-01-01', 4, isHoliday),
    ).toBe(5_000);
  });

  it('is the seed’s rule', () => {
    const seedRule = {
      base: 9_000,
      perPerson: 4_000,
      week: [0, 0, 0, 0, 0, 500, 3_000],
      holiday: [2_000, 3_500],
    } as const;
    for (const [date, unit] of [
      ['2026-01-01', 1],
      ['2025-12-31', 2],
      ['2026-05-02', 3],
      ['2026-09-22', 4],
    ] as const) {
      expect(nightPrice(seedRule, date, unit)).toBe(
        priceForDay(
          {
            base_price: 9_000,
            unit_step: [0, 4_000, 8_000, 12_000],
            week_step: seedRule.week,
            holiday_step: seedRule.holiday,
          },
          date,
          unit,
          isHoliday,
        ),
      );
    }
    expect(nightPrice(seedRule, '2025-12-31', 2)).toBe(9_000 + 4_000 + 3_500);
  });
});

describe('price CSV rows', () => {
  it('reads quoted cells, Excel dates and thousands separators', () => {
    expect(parsePriceCsv('"2026-04-01", 2 ,"18,000"', 3).items).toEqual([
      { target_date: '2026-04-01', unit: 2, price: 18_000 },
    ]);
    expect(parseCsvDate('2026/4/1')).toBe('2026-04-01');
    expect(parseCsvDate('2026-02-30')).toBeNull();
    const parsed = parsePriceCsv('日付,人数,料金\r\n2026/4/1,2,"18,000"\r\n\r\n# memo\r\n2026-04-02,1,0\r\n', 3);
    expect(parsed).toEqual({
      items: [
        { target_date: '2026-04-01', unit: 2, price: 18_000 },
        { target_date: '2026-04-02', unit: 1, price: 0 },
      ],
      errors: [],
    });
  });

  it('names every bad row with its line', () => {
    const parsed = parsePriceCsv(
      [
        '日付,人数,料金',
        '2026-02-30,1,100',
        '2026-04-01,4,100',
        '2026-04-01,1,-5',
        '2026-04-01,1,abc',
        '2026-04-01,1',
        '2026-04-02,0,1',
        '2026-04-03,1,10',
        '2026-04-03,1,20',
      ].join('\n'),
      3,
    );
    expect(parsed.items).toEqual([{ target_date: '2026-04-03', unit: 1, price: 10 }]);
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 9]);
    expect(parsed.errors[0]!.reason).toContain('日付');
    expect(parsed.errors[1]!.reason).toContain('最大人数（3人）');
    expect(parsed.errors[2]!.reason).toContain('料金');
    expect(parsed.errors[4]!.reason).toContain('列の数');
    expect(parsed.errors[6]!.reason).toContain('8行目');
  });

  it('refuses an empty file', () => {
    expect(parsePriceCsv('日付,人数,料金\r\n', 2).errors).toEqual([{ line: 1, reason: '料金の行がありません' }]);
  });
});
