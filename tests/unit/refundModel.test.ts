import { describe, expect, it } from 'vitest';
import type { Booking } from '../../contract/booking';
import { refundAmountError, refundLimit, refundLimitOf, refundLimitText } from '../../contract/payment';
import {
  defaultRefundAmount,
  parseAmount,
  refundChoices,
  refundInputError,
  type RefundBooking,
} from '../../resources/bookings/refund/refundModel';

describe('refund form (spec 5 "Refund amount"; issues 19 and 32)', () => {
  /** A cancelled booking holding `price` (dated payments less refunds), with its cancellation fee. */
  const paid = (
    price: number,
    cancel_fee: number | null,
    more: Partial<Pick<Booking, 'payments' | 'refunds'>> = {},
  ): RefundBooking => ({
    price,
    cancel_fee,
    delete_flg: 1,
    price_sub: 60000,
    tax_due: 0,
    payments: [],
    refunds: [],
    ...more,
  });
  const payment = (amount: number, payment_exe_date: string | null) => ({
    id: 1,
    book_id: 31,
    amount,
    pay_type: 1,
    mail: 0,
    transaction_id: null,
    payment_exe_date,
  });

  it('offers what was received less refunds and the cancel fee, at least 1', () => {
    expect(defaultRefundAmount(paid(30000, 3000))).toBe(27000);
    expect(defaultRefundAmount(paid(30000, null))).toBe(30000);
    expect(defaultRefundAmount(paid(5000, 5000))).toBe(1);
    expect(defaultRefundAmount(paid(5000, 9000))).toBe(1);
    // A provisional settlement (no payment date) is not money received (issue 19): the stored paid
    // amount (price) counts the dated payment only.
    const provisional = paid(30000, 17100, { payments: [payment(30000, '2026-11-01'), payment(20000, null)] });
    expect(defaultRefundAmount(provisional)).toBe(12900);
  });

  it('reads typed amounts, separators allowed, anything else not a number', () => {
    expect(parseAmount('27000')).toBe(27000);
    expect(parseAmount('27,000')).toBe(27000);
    expect(parseAmount(' 12 ')).toBe(12);
    expect(parseAmount('')).toBeNaN();
    expect(parseAmount('1.5')).toBeNaN();
    expect(parseAmount('abc')).toBeNaN();
  });

  it('refuses refunds of 0, above the limit, or of nothing typed (spec 5 "Refund amount", issue 19)', () => {
    const limit = refundLimitOf(paid(30000, null));
    const message = '返金額は1円以上30,000円以下で入力してください';
    expect(refundInputError('0', limit)).toBe(message);
    expect(refundInputError('-5', limit)).toBe(message);
    expect(refundInputError('', limit)).toBe(message);
    expect(refundInputError('30001', limit)).toBe('返金できるのは30,000円までです（入金30,000円）');
    expect(refundInputError('1', limit)).toBeNull();
    expect(refundInputError('30000', limit)).toBeNull();
    expect(refundInputError('1', refundLimitOf(paid(0, null)))).toBe('この予約には返金できる入金がありません');
  });

  it('limits a refund to what was received less the cancellation fee, naming the maximum', () => {
    const limit = refundLimitOf(paid(50000, 17100));
    expect(limit).toEqual({ received: 50000, refunded: 0, fee: 17100, bill: null, max: 32900 });
    const over = '返金できるのは32,900円までです（入金50,000円 − キャンセル料17,100円）';
    expect(refundLimitText(limit)).toBe(over);
    expect(refundInputError('32901', limit)).toBe(over);
    expect(refundInputError('50000', limit)).toBe(over);
    expect(refundInputError('32900', limit)).toBeNull();
    // After a first refund the rest: price is what the house still holds.
    const after = refundLimitOf(
      paid(40000, 17100, { refunds: [{ id: 1, book_id: 31, payment_id: null, amount: 10000, created_at: '' }] }),
    );
    expect(refundLimitText(after)).toBe(
      '返金できるのは22,900円までです（入金50,000円 − 返金済み10,000円 − キャンセル料17,100円）',
    );
    // Fee as large as the money received: nothing to give back, and why.
    expect(refundInputError('1', refundLimitOf(paid(5000, 5000)))).toBe(
      '返金できる金額はありません（入金5,000円 − キャンセル料5,000円）',
    );
    // Only a provisional settlement: nothing received, the paid amount 0.
    const onlyProvisional = paid(0, null, { payments: [payment(20000, null)] });
    expect(refundInputError('1', refundLimitOf(onlyProvisional))).toBe('この予約には返金できる入金がありません');
  });

  it('refunds from a payment: the latest dated one with money left, capped by what is left of it (issue 19)', () => {
    const pm = (id: number, amount: number, date: string | null) => ({ ...payment(amount, date), id });
    const booking = paid(50000, 10000, {
      payments: [pm(1, 30000, '2026-11-01'), pm(2, 40000, '2026-11-03'), pm(3, 5000, null)],
      refunds: [{ id: 1, book_id: 31, payment_id: 2, amount: 20000, created_at: '' }],
    });
    const { targets, initial } = refundChoices(booking);
    // Dated payments only, latest first, each with what was refunded from it.
    expect(targets.map((t) => [t.id, t.refunded])).toEqual([
      [2, 20000],
      [1, 0],
    ]);
    expect(initial?.id).toBe(2);
    // The booking may give back 40,000 (70,000 − 20,000 − 10,000); payment 2 has 20,000 left.
    expect(defaultRefundAmount(booking)).toBe(20000);
    expect(defaultRefundAmount(booking, targets[1])).toBe(30000);
    const limit = refundLimitOf(booking);
    expect(refundInputError('20001', limit, targets[0])).toBe(
      'この入金から返金できるのは20,000円までです（入金40,000円 − 返金済み20,000円）',
    );
    expect(refundInputError('20000', limit, targets[0])).toBeNull();
    expect(refundInputError('30000', limit, targets[1])).toBeNull();
    // The booking's own limit still comes first.
    expect(refundInputError('40001', limit, targets[1])).toBe(
      '返金できるのは40,000円までです（入金70,000円 − 返金済み20,000円 − キャンセル料10,000円）',
    );
    expect(refundInputError('1', limit, null)).toBe('返金する入金を選択してください');
    // Refunded in full: the next payment is offered.
    const spent = { ...booking, refunds: [{ id: 1, book_id: 31, payment_id: 2, amount: 40000, created_at: '' }] };
    expect(refundChoices({ ...spent, price: 30000 }).initial?.id).toBe(1);
  });

  it("limits a live booking's refund to its excess over the bill, never more (issue 32)", () => {
    // 70,000円 received on a 62,000円 stay with 1,000円 of taxes collected apart: 7,000円 too much.
    const live: RefundBooking = {
      ...paid(70000, null, { payments: [payment(70000, '2026-11-01')] }),
      delete_flg: 0,
      price_sub: 62000,
      tax_due: 1000,
    };
    const limit = refundLimitOf(live);
    expect(limit).toEqual({ received: 70000, refunded: 0, fee: 0, bill: 63000, max: 7000 });
    const over = '返金できるのは過入金の7,000円までです（入金70,000円 − 請求額63,000円）';
    expect(refundLimitText(limit)).toBe(over);
    expect(refundInputError('7001', limit)).toBe(over);
    expect(refundInputError('0', limit)).toBe('返金額は1円以上7,000円以下で入力してください');
    expect(refundInputError('7000', limit)).toBeNull();
    expect(defaultRefundAmount(live)).toBe(7000);
    // A cancellation fee left on a live booking is not what it keeps: its bill is.
    expect(refundLimitOf({ ...live, cancel_fee: 5000 }).max).toBe(7000);
    // Part of it given back: the rest, with the refund named.
    const after = refundLimit({ received: 70000, refunded: 3000, fee: null }, live);
    expect(refundLimitText(after)).toBe(
      '返金できるのは過入金の4,000円までです（入金70,000円 − 返金済み3,000円 − 請求額63,000円）',
    );
    // Paid no more than the bill: nothing to give back, and why.
    const exact = refundLimit({ received: 63000, refunded: 0, fee: null }, live);
    expect(exact.max).toBe(0);
    expect(refundAmountError(1, exact)).toBe('過入金がないため返金できません（入金63,000円、請求額63,000円）');
    // The same booking cancelled keeps its fee instead (today's rule).
    expect(refundLimitOf({ ...live, delete_flg: 1, cancel_fee: 5000 }).max).toBe(65000);
  });
});
