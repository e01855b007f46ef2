import { describe, expect, it } from 'vitest';
import { fiscalYearOf, nextReportPeriod, reportPeriod } from '../../contract/minpaku';

describe("a minpaku house's year and reports (contract/minpaku.ts)", () => {
  it('gives a night to the fiscal year its date falls in: 04-01 to 03-31', () => {
    expect(fiscalYearOf('2027-03-31')).toBe(2026);
    expect(fiscalYearOf('2027-04-01')).toBe(2027);
    expect(fiscalYearOf('2026-12-31')).toBe(2026);
    expect(fiscalYearOf('2027-01-01')).toBe(2026);
  });

  it('reports two months, due the 15th of the month after them', () => {
    expect(reportPeriod(2026, 6)).toEqual({ from: '2026-06-01', to: '2026-08-01', due_date: '2026-08-15' });
    expect(reportPeriod(2026, 12)).toEqual({ from: '2026-12-01', to: '2027-02-01', due_date: '2027-02-15' });
    expect(reportPeriod(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-04-01', due_date: '2028-04-15' });
  });

  it('names the report due next: the first whose due date has not passed', () => {
    expect(nextReportPeriod('2026-11-29')).toEqual({ year: 2026, period: 10 });
    expect(nextReportPeriod('2026-12-15')).toEqual({ year: 2026, period: 10 });
    expect(nextReportPeriod('2026-12-16')).toEqual({ year: 2026, period: 12 });
    expect(nextReportPeriod('2027-01-10')).toEqual({ year: 2026, period: 12 });
    expect(nextReportPeriod('2027-02-16')).toEqual({ year: 2027, period: 2 });
  });
});
