import { describe, expect, it } from 'vitest';
import {
  corporateCheckDigit,
  invoiceMessages,
  rateTotals,
  registrationNumberProblem,
  taxInside,
  type ChargeLine,
} from '../../contract/consumptionTax';

describe('consumption tax per rate, rounded once per document', () => {
  // Atami, 2 adults, 1 night: the stay, two 10 % options, two 8 % ones, 入湯税 and 宿泊税 outside the tax.
  const lines: ChargeLine[] = [
    { amount: 30_000, tax_class: '10' },
    { amount: 1_000, tax_class: '10' },
    { amount: 1_000, tax_class: '10' },
    { amount: 150 * 2, tax_class: '8' },
    { amount: 1_080, tax_class: '8' },
    { amount: 150 * 2, tax_class: 'exempt' },
    { amount: 200 * 2, tax_class: 'exempt' },
  ];

  it('the worked example: 10 %対象 32,000 (2,909), 8 %対象 1,380 (102), 対象外 700', () => {
    expect(rateTotals(lines, 'floor')).toEqual({
      '10': { amount: 32_000, tax: 2_909 },
      '8': { amount: 1_380, tax: 102 },
      exempt: 700,
    });
  });

  it('never line by line: that would give 2,907', () => {
    const perLine = lines
      .filter((l) => l.tax_class === '10')
      .reduce((sum, l) => sum + taxInside(l.amount, 10, 'floor'), 0);
    expect(perLine).toBe(2_907);
    expect(rateTotals(lines, 'floor')['10'].tax).not.toBe(perLine);
  });

  it('切上げ gives 2,910 and 103; 四捨五入 rounds to the nearest yen', () => {
    expect(rateTotals(lines, 'ceil')).toMatchObject({ '10': { tax: 2_910 }, '8': { tax: 103 } });
    expect(rateTotals(lines, 'round')).toMatchObject({ '10': { tax: 2_909 }, '8': { tax: 102 } });
    // Exact quotients stay as they are under every method: 1,188 at 8 % is 88, 165 at 10 % is 15.
    expect([taxInside(1_188, 8, 'floor'), taxInside(1_188, 8, 'round'), taxInside(1_188, 8, 'ceil')]).toEqual([
      88, 88, 88,
    ]);
    expect(taxInside(165, 10, 'ceil')).toBe(15);
    // 17 x 10 / 110 = 1.545...: floor 1, round 2, ceil 2.
    expect([taxInside(17, 10, 'floor'), taxInside(17, 10, 'round'), taxInside(17, 10, 'ceil')]).toEqual([1, 2, 2]);
  });
});

describe('the registration number (T and 13 digits; a corporation’s is its 法人番号)', () => {
  it('computes the 法人番号 check digit: 7 for 123456789012', () => {
    expect(corporateCheckDigit('123456789012')).toBe(7);
  });

  it('T7123456789012 passes, T1123456789012 is refused for a corporation', () => {
    expect(registrationNumberProblem('T7123456789012', true)).toBeNull();
    expect(registrationNumberProblem('T1123456789012', true)).toBe(invoiceMessages.checkDigit);
  });

  it('an individual’s number is checked for its shape only', () => {
    expect(registrationNumberProblem('T1123456789012', false)).toBeNull();
    for (const bad of ['7123456789012', 'T712345678901', 'T71234567890123', 't7123456789012', 'T712345678901X']) {
      expect(registrationNumberProblem(bad, false), bad).toBe(invoiceMessages.registrationNumber);
    }
  });
});
