import { describe, expect, it } from 'vitest';
import type { BookingPayment } from '../../contract/booking';
import { bookingOptionMessages } from '../../contract/option';
import { overpaidAfter, overpaidOf, paymentMessages } from '../../contract/payment';
import {
  balanceOf,
  bookingOptionToForm,
  canDeletePayment,
  emptyBookingOptionForm,
  emptyPaymentForm,
  isOptionPaid,
  isProvisional,
  moneyRows,
  optionPaidPatch,
  paymentExcess,
  preparePayment,
  prepareBookingOption,
  type PaymentFormValues,
} from '../../resources/bookings/paymentModel';
import { buildPayment } from '../component/BookingPanel.fixtures';

const payment = (overrides: Partial<BookingPayment> = {}) =>
  buildPayment({ id: 1, payment_exe_date: '2026-12-01', ...overrides });

const paymentForm = (overrides: Partial<PaymentFormValues> = {}): PaymentFormValues => ({
  payment_exe_date: '2026-12-01',
  amount: '12000',
  pay_type: '1',
  mail: false,
  ...overrides,
});

describe('the payment form', () => {
  it('starts on today, the amount still due, bank transfer (the first pay type) and no mail', () => {
    expect(emptyPaymentForm('2026-11-30', { price: 10000, price_sub: 45000 })).toEqual({
      payment_exe_date: '2026-11-30',
      amount: '35000',
      pay_type: '1',
      mail: false,
    });
  });

  it('leaves the amount empty when nothing is due', () => {
    expect(emptyPaymentForm('2026-11-30', { price: 45000, price_sub: 45000 }).amount).toBe('');
    expect(balanceOf({ price: 50000, price_sub: 45000 })).toBe(0);
  });

  it('sends the payment with numbers, a null date for a provisional settlement and mail as 0/1', () => {
    expect(preparePayment(7, paymentForm({ mail: true }))).toEqual({
      body: { payment_exe_date: '2026-12-01', book_id: 7, amount: 12000, pay_type: 1, mail: 1 },
    });
    expect(preparePayment(7, paymentForm({ payment_exe_date: null, pay_type: '4' })).body).toEqual({
      payment_exe_date: null,
      book_id: 7,
      amount: 12000,
      pay_type: 4,
      mail: 0,
    });
  });

  it.each(['', ' '])('refuses the missing amount %j: nothing to send', (amount) => {
    expect(preparePayment(7, paymentForm({ amount }))).toEqual({
      error: { field: 'amount', message: paymentMessages.amount },
    });
  });

  it.each(['0', 'abc'])('refuses the typed amount %j with what is wrong, not "enter the amount"', (amount) => {
    expect(preparePayment(7, paymentForm({ amount }))).toEqual({
      error: { field: 'amount', message: '金額は1円以上100,000,000円以下の整数で入力してください' },
    });
  });

  it.each(['', '0'])('refuses the pay type %j', (pay_type) => {
    expect(preparePayment(7, paymentForm({ pay_type }))).toEqual({
      error: { field: 'pay_type', message: paymentMessages.payType },
    });
  });

  it('checks the amount first, then the pay type (both missing: the amount is named)', () => {
    expect(preparePayment(7, paymentForm({ amount: '', pay_type: '' })).error?.field).toBe('amount');
  });

  it('refuses a negative or fractional amount with the range message of the contract', () => {
    expect(preparePayment(7, paymentForm({ amount: '-500' })).error).toEqual({
      field: 'amount',
      message: paymentMessages.amountRange,
    });
    expect(preparePayment(7, paymentForm({ amount: '1000.5' })).error?.message).toBe(paymentMessages.amountRange);
  });
});

describe('a payment beyond the bill (issue 32)', () => {
  const booking = { price: 0, price_sub: 62000, tax_due: 0 };

  it('is what the paid amount holds beyond the bill, the total and the taxes collected apart', () => {
    expect(overpaidOf({ price: 70000, price_sub: 62000, tax_due: 0 })).toBe(8000);
    expect(overpaidOf({ price: 70000, price_sub: 62000, tax_due: 1000 })).toBe(7000);
    expect(overpaidOf({ price: 62000, price_sub: 62000, tax_due: 0 })).toBe(0);
    expect(overpaidOf({ price: 10000, price_sub: 62000, tax_due: 0 })).toBe(0);
  });

  it('counts a dated payment, never a provisional settlement (not money received, issue 19)', () => {
    expect(overpaidAfter(booking, { amount: 70000, payment_exe_date: '2026-12-01' })).toBe(8000);
    expect(overpaidAfter(booking, { amount: 70000, payment_exe_date: null })).toBe(0);
    expect(overpaidAfter({ ...booking, price: 65000 }, { amount: 1000, payment_exe_date: '2026-12-01' })).toBe(4000);
  });

  it('reads the typed amount: nothing over while it is exactly owed, empty or not a whole number', () => {
    expect(paymentExcess(booking, paymentForm({ amount: '70000' }))).toBe(8000);
    expect(paymentExcess(booking, paymentForm({ amount: '62000' }))).toBe(0);
    expect(paymentExcess(booking, paymentForm({ amount: '70000', payment_exe_date: null }))).toBe(0);
    for (const amount of ['', 'abc', '-70000', '70000.5']) {
      expect(paymentExcess(booking, paymentForm({ amount }))).toBe(0);
    }
  });
});

describe('payment rows', () => {
  it('offers delete only without a transaction_id', () => {
    expect(canDeletePayment(payment())).toBe(true);
    expect(canDeletePayment(payment({ transaction_id: 'ch_123' }))).toBe(false);
  });

  it('calls a payment without a date a provisional settlement', () => {
    expect(isProvisional(payment({ payment_exe_date: null }))).toBe(true);
    expect(isProvisional(payment())).toBe(false);
  });

  it('lists the payments, then the refunds', () => {
    const refund = { id: 3, book_id: 7, payment_id: null, amount: 2000, created_at: '2026-12-05T10:00:00+09:00' };
    const rows = moneyRows({ payments: [payment(), payment({ id: 2 })], refunds: [refund] });
    expect(rows.map((r) => (r.kind === 'payment' ? `p${r.payment.id}` : `r${r.refund.id}`))).toEqual([
      'p1',
      'p2',
      'r3',
    ]);
  });
});

describe('the booking option form', () => {
  const catalogue = [
    { id: 5, unit: '個', unit_max: 3 },
    { id: 6, unit: '名', unit_max: null },
  ];

  it('starts with no option, quantity 1 and one day', () => {
    expect(emptyBookingOptionForm()).toEqual({ option_id: '', unit: '1', days: '1', comment: '' });
  });

  it('sends option, quantity, days and comment as numbers (an empty comment as null, empty days as 1)', () => {
    expect(prepareBookingOption({ option_id: '6', unit: '2', days: '', comment: ' ' }, catalogue)).toEqual({
      body: { option_id: 6, unit: 2, days: 1, comment: null },
    });
    expect(prepareBookingOption({ option_id: '5', unit: '3', days: '2', comment: '夕食18時' }, catalogue)).toEqual({
      body: { option_id: 5, unit: 3, days: 2, comment: '夕食18時' },
    });
  });

  it('asks to select an option first', () => {
    expect(prepareBookingOption({ option_id: '', unit: '', days: '1', comment: '' }, catalogue)).toEqual({
      error: { field: 'option_id', message: 'オプションを選択してください' },
    });
  });

  it.each(['', '0', 'x'])('asks for the quantity when it is %j', (unit) => {
    expect(prepareBookingOption({ option_id: '6', unit, days: '1', comment: '' }, catalogue)).toEqual({
      error: { field: 'unit', message: '数量を入力してください' },
    });
  });

  it("keeps the quantity within the option's maximum", () => {
    expect(prepareBookingOption({ option_id: '5', unit: '4', days: '1', comment: '' }, catalogue).error).toEqual({
      field: 'unit',
      message: bookingOptionMessages.unitOverMax(3, '個'),
    });
  });

  it('refuses days out of range', () => {
    expect(prepareBookingOption({ option_id: '6', unit: '1', days: '0', comment: '' }, catalogue).error).toEqual({
      field: 'days',
      message: bookingOptionMessages.days,
    });
  });

  it('lets an option whose catalogue entry is gone keep it when edited, sending no option_id', () => {
    const original = {
      id: 9,
      option_id: null,
      unit: 1,
      days: 1,
      comment: null,
      paid_at: null,
      name: '旧オプション',
      price: 500,
      supplier: null,
    };
    const form = { ...bookingOptionToForm(original), unit: '2' };
    expect(prepareBookingOption(form, catalogue, original)).toEqual({ body: { unit: 2, days: 1, comment: null } });
    expect(prepareBookingOption(form, catalogue).error?.message).toBe(bookingOptionMessages.option);
  });
});

describe('the option paid toggle', () => {
  const now = new Date('2026-12-01T03:04:05.000Z');

  it('is unsettled while paid_at is empty', () => {
    expect(isOptionPaid({ paid_at: null })).toBe(false);
    expect(isOptionPaid({ paid_at: '2026-12-01T12:04:05+09:00' })).toBe(true);
  });

  it('sends paid_at now to mark paid, null to go back, and the mail choice as 0/1', () => {
    expect(optionPaidPatch(true, true, now)).toEqual({ paid_at: '2026-12-01T03:04:05.000Z', mail: 1 });
    expect(optionPaidPatch(false, false, now)).toEqual({ paid_at: null, mail: 0 });
  });
});
