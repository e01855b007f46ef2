import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../contract/entity';
import {
  pettyCashBodyOf,
  pettyCashRangeOf,
  defaultPettyCashRange,
  pettyCashCsvText,
  pettyCashFormSchema,
  type PettyCashList,
} from '../../contract/pettyCash';
import { pettyCashRows, pettyCashTotals } from '../../resources/pettyCash/pettyCashModel';

const entry = (id: number, paid_date: string, amount: number, balance: number, intended_use: string) => ({
  id,
  accommodation_id: 1,
  paid_date,
  amount,
  direction: amount < 0 ? 1 : 0,
  balance_check: 0,
  intended_use,
  user_id: 2,
  user_name: 'スタッフ 花子',
  balance,
  created_at: '2026-12-01T09:00:00.000+09:00',
});

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
      '\uFEFF日付,金額,残高,用途,記入者\r\n' +
        '2026-11-30,,10000,前期繰越,\r\n' +
        `2026-12-03,-1200,8800,"'=cmd|切手",スタッフ 花子\r\n` +
        '2026-12-04,5000,13800,釣り銭,スタッフ 花子\r\n',
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
});
