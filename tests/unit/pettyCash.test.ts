import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../contract/entity';
import {
  pettyCashBodyOf,
  pettyCashCorrectionDate,
  pettyCashCorrectionSchema,
  pettyCashRangeOf,
  defaultPettyCashRange,
  pettyCashCsvText,
  pettyCashFormSchema,
  type PettyCashList,
} from '../../contract/pettyCash';
import { pettyCashRows, pettyCashTotals } from '../../resources/pettyCash/pettyCashModel';
import { pettyCashEntry } from '../support/pettyCashEntry';

const entry = (id: number, paid_date: string, amount: number, balance: number, intended_use: string) =>
  pettyCashEntry(id, paid_date, amount, balance, { intended_use });

const list: PettyCashList = {
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  carried_balance: 10_000,
  cashes: [entry(1, '2026-12-03', -1_200, 8_800, '=cmd|切手'), entry(2, '2026-12-04', 5_000, 13_800, '釣り銭')],
  balance: 13_800,
};

describe('petty cash rules', () => {
  it('defaults to next month in Tokyo, first to last day, across a year end', () => {
    expect(defaultPettyCashRange('2026-11-25')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
    expect(defaultPettyCashRange('2026-12-31')).toEqual({ start_date: '2027-01-01', end_date: '2027-01-31' });
    expect(defaultPettyCashRange('2027-01-31')).toEqual({ start_date: '2027-02-01', end_date: '2027-02-28' });
    expect(pettyCashRangeOf({ start_date: '2026-04-10' })).toEqual({
      start_date: '2026-04-10',
      end_date: '2026-04-30',
    });
    expect(pettyCashRangeOf({ end_date: '2026-04-10' })).toEqual({ start_date: '2026-04-01', end_date: '2026-04-10' });
  });

  it('negates the amount of money out (direction 1) and sends balance_check 0', () => {
    const form = { direction: 1 as const, paid_date: '2026-12-03', amount: 1_200, intended_use: '切手' };
    expect(pettyCashBodyOf(form)).toEqual({
      paid_date: '2026-12-03',
      amount: -1_200,
      balance_check: 0,
      intended_use: '切手',
    });
    expect(pettyCashBodyOf({ ...form, direction: 0 }).amount).toBe(1_200);
  });

  it('says what is wrong with the form on its field', () => {
    const good = { direction: 1, paid_date: '2026-12-03', amount: 1_200, intended_use: '切手' };
    expect(fieldErrors(pettyCashFormSchema, good)).toEqual({});
    expect(fieldErrors(pettyCashFormSchema, { ...good, amount: 0 }).amount).toBe('金額は1円以上で入力してください');
    expect(fieldErrors(pettyCashFormSchema, { ...good, amount: Number.NaN }).amount).toBe(
      '金額は整数で入力してください',
    );
    expect(fieldErrors(pettyCashFormSchema, { ...good, amount: 10_000_001 }).amount).toBe(
      '金額は1,000万円以内で入力してください',
    );
    expect(fieldErrors(pettyCashFormSchema, { ...good, amount: undefined }).amount).toBe('金額を入力してください');
    expect(fieldErrors(pettyCashFormSchema, { ...good, paid_date: 'invalid' }).paid_date).toBe(
      '日付を正しく入力してください',
    );
    expect(fieldErrors(pettyCashFormSchema, { ...good, paid_date: undefined }).paid_date).toBe(
      '日付を入力してください',
    );
  });

  it('writes the CSV with the carried balance first and formulas neutralised', () => {
    expect(pettyCashCsvText(list)).toBe(
      '\uFEFF日付,金額,残高,用途,記入者,No.,状態,訂正元,訂正理由\r\n' +
        '2026-11-30,,10000,前期繰越,,,,,\r\n' +
        `2026-12-03,-1200,8800,"'=cmd|切手",スタッフ 花子,1,,,\r\n` +
        '2026-12-04,5000,13800,釣り銭,スタッフ 花子,2,,,\r\n',
    );
  });

  it('puts each entry in the in or out column, after the carried row', () => {
    const rows = pettyCashRows(list, '前期繰越');
    expect(rows.map((r) => [r.kind, r.incoming, r.outgoing, r.balance, r.use])).toEqual([
      ['carried', null, null, 10_000, '前期繰越'],
      ['entry', null, 1_200, 8_800, '=cmd|切手'],
      ['entry', 5_000, null, 13_800, '釣り銭'],
    ]);
    expect(pettyCashTotals(list)).toEqual({ incoming: 5_000, outgoing: 1_200 });
  });

  describe('corrections (issue 32)', () => {
    // No.1 (1,200円 out) reversed by No.3 on the 10th; No.2 reversed by No.9 in another range.
    const corrected: PettyCashList = {
      ...list,
      cashes: [
        { ...entry(1, '2026-12-03', -1_200, 8_800, '切手'), corrected_by: 3, corrected_date: '2026-12-10' },
        { ...entry(2, '2026-12-04', 5_000, 13_800, '釣り銭'), corrected_by: 9, corrected_date: '2027-01-05' },
        {
          ...entry(3, '2026-12-10', 1_200, 15_000, '切手'),
          corrects_id: 1,
          corrects_date: '2026-12-03',
          correction_reason: '金額の入力誤り',
        },
      ],
      balance: 15_000,
    };

    it('dates a correction the day it is entered, never before the entry it reverses', () => {
      expect(pettyCashCorrectionDate('2026-11-03', '2026-12-07')).toBe('2026-12-07');
      expect(pettyCashCorrectionDate('2027-01-15', '2026-12-07')).toBe('2027-01-15');
    });

    it('requires a reason of at most 100 characters, and checks the entry as it should have been', () => {
      const errors = (body: unknown) => fieldErrors(pettyCashCorrectionSchema, body);
      expect(errors({ correction_reason: '金額の入力誤り' })).toEqual({});
      expect(errors({}).correction_reason).toBe('訂正理由を入力してください');
      expect(errors({ correction_reason: '  ' }).correction_reason).toBe('訂正理由を入力してください');
      expect(errors({ correction_reason: 'あ'.repeat(101) }).correction_reason).toBe(
        '訂正理由は100文字以内で入力してください',
      );
      expect(errors({ correction_reason: '誤り', reentry: { amount: 0, intended_use: '切手' } }).reentry).toBe(
        '金額は0円以外で入力してください',
      );
    });

    it('writes each entry with its number, state, the entry it reverses and why', () => {
      const lines = pettyCashCsvText(corrected).split('\r\n');
      expect(lines[0]).toBe('\uFEFF日付,金額,残高,用途,記入者,No.,状態,訂正元,訂正理由');
      expect(lines.slice(2, 5)).toEqual([
        '2026-12-03,-1200,8800,切手,スタッフ 花子,1,訂正済み,,',
        '2026-12-04,5000,13800,釣り銭,スタッフ 花子,2,訂正済み,,',
        '2026-12-10,1200,15000,切手,スタッフ 花子,3,訂正,1,金額の入力誤り',
      ]);
    });

    it('pairs the rows: each names the other, linked when it is on the page', () => {
      const rows = pettyCashRows(corrected, '前期繰越').slice(1);
      expect(rows.map((r) => [r.id, r.state, r.pair, r.reason])).toEqual([
        [1, 'corrected', { id: 3, date: '2026-12-10', shown: true }, null],
        [2, 'corrected', { id: 9, date: '2027-01-05', shown: false }, null],
        [3, 'correction', { id: 1, date: '2026-12-03', shown: true }, '金額の入力誤り'],
      ]);
      // Both are money: the reversal is money in, the totals hold the pair.
      expect(pettyCashTotals(corrected)).toEqual({ incoming: 6_200, outgoing: 1_200 });
    });
  });
});
