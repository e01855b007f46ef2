import { describe, expect, it } from 'vitest';
import {
  caretAfterFormat,
  formatYenText,
  normaliseYenText,
  yenDigits,
  yenNumber,
  yenTextOf,
} from '../../src/components/yenText';

describe('money input text', () => {
  it('reads amounts as staff type them, half- or full-width, with or without separators and 円', () => {
    for (const typed of [
      '165000',
      '165,000',
      '１６５０００',
      '１６５，０００',
      '165,000円',
      ' 165 000 ',
      '１６５、０００',
    ]) {
      expect(yenNumber(typed)).toBe(165000);
      expect(yenDigits(typed)).toBe('165000');
      expect(formatYenText(typed)).toBe('165,000');
    }
    expect(normaliseYenText('－５')).toBe('-5');
  });

  it('shows separators, drops leading zeros, keeps 0 typed on purpose, and empty as empty', () => {
    expect(formatYenText('1234567')).toBe('1,234,567');
    expect(formatYenText('007')).toBe('7');
    expect(formatYenText('0')).toBe('0');
    expect(yenNumber('0')).toBe(0);
    expect(formatYenText('')).toBe('');
    expect(yenNumber('')).toBeNull();
    expect(yenNumber(',')).toBeNull();
    expect(yenDigits('')).toBe('');
    expect(yenTextOf(165000)).toBe('165,000');
    expect(yenTextOf('12000')).toBe('12,000');
    expect(yenTextOf(null)).toBe('');
  });

  it('keeps what is not a whole amount as typed, for the form rule to name it', () => {
    expect(formatYenText('-5')).toBe('-5');
    expect(yenNumber('-5')).toBe(-5);
    expect(yenNumber('1.5')).toBe(1.5);
    expect(formatYenText('12a')).toBe('12a');
    expect(yenNumber('12a')).toBeNaN();
    expect(yenDigits('12a')).toBe('12a');
  });

  it('keeps the caret after the same digits once separators are added', () => {
    // 16500|0 → typed a 0 before the last digit: 165,00|0.
    expect(caretAfterFormat('165000', 5, '165,000')).toBe(6);
    // 1,650|00 with a 9 typed after 650: 1,650,9|00.
    expect(caretAfterFormat('1,650900', 6, '1,650,900')).toBe(7);
    expect(caretAfterFormat('１２３４', 4, '1,234')).toBe(5);
    expect(caretAfterFormat('1234', 0, '1,234')).toBe(0);
  });
});
