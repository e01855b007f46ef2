import { describe, expect, it } from 'vitest';
import { bookingCreateMessages } from '../../contract/booking';
import {
  bookingToForm,
  changedFields,
  checkOutDate,
  emptyBookingForm,
  fieldPatch,
  isFieldChanged,
  leavesPlan,
  prepareCreate,
  stayPeriod,
  type BookingFormValues,
} from '../../resources/bookings/bookingModel';
import { buildBooking } from '../component/BookingPanel.fixtures';

const newForm = (values: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...emptyBookingForm('2026-12-24'),
  room_id: '2',
  person_number: '2',
  price: '0',
  name: '山田 花子',
  ...values,
});

describe('booking form ⇄ booking', () => {
  it('turns a booking into string values, empty for nulls', () => {
    const form = bookingToForm(buildBooking());
    expect(form).toMatchObject({ room_id: '2', plan_id: '', days: '2', person_number: '3', job: '2', address: '' });
  });

  it('starts a new booking at one night with no plan', () => {
    expect(emptyBookingForm('2026-12-24')).toMatchObject({ start_date: '2026-12-24', days: '1', plan_id: '' });
  });
});

describe('which fields changed', () => {
  const before = bookingToForm(buildBooking());
  it('ignores values that store the same thing', () => {
    expect(changedFields(before, { ...before, name: ' 山田 太郎 ', address: '  ', days: '02' })).toEqual([]);
  });
  it('finds the fields whose stored value differs', () => {
    expect(changedFields(before, { ...before, name: '山田 次郎', room_id: '3' })).toEqual(['room_id', 'name']);
    expect(isFieldChanged('tel', before, { ...before, tel: '' })).toBe(true);
  });
});

describe('the PATCH of one field', () => {
  it('sends text trimmed, an empty text as null, the memo as written', () => {
    expect(fieldPatch('name', ' 山田 次郎 ')).toEqual({ name: '山田 次郎' });
    expect(fieldPatch('tel', '')).toEqual({ tel: null });
    expect(fieldPatch('memo', '一行目\n二行目 ')).toEqual({ memo: '一行目\n二行目 ' });
  });
  it('sends numbers as numbers and an empty plan as null', () => {
    expect(fieldPatch('room_id', '3')).toEqual({ room_id: 3 });
    expect(fieldPatch('plan_id', '')).toEqual({ plan_id: null });
    expect(fieldPatch('plan_id', '5')).toEqual({ plan_id: 5 });
    expect(fieldPatch('job', '6')).toEqual({ job: 6 });
    expect(fieldPatch('person_number', '4')).toEqual({ person_number: 4 });
  });
  it('ignores a stay of no night, a broken date or head count (spec: check-out after check-in)', () => {
    expect(fieldPatch('days', '0')).toBeNull();
    expect(fieldPatch('days', '')).toBeNull();
    expect(fieldPatch('days', '1.5')).toBeNull();
    expect(fieldPatch('start_date', '')).toBeNull();
    expect(fieldPatch('person_number', '-1')).toBeNull();
    expect(fieldPatch('days', '3')).toEqual({ days: 3 });
  });
});

describe('check-out', () => {
  it('is check-in plus the nights, across months and years', () => {
    expect(checkOutDate('2026-12-30', '3')).toBe('2027-01-02');
    expect(checkOutDate('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('is none while the stay is not at least one night', () => {
    expect(checkOutDate('2026-12-30', '0')).toBeNull();
    expect(checkOutDate('2026-12-30', '')).toBeNull();
    expect(checkOutDate('', '2')).toBeNull();
  });
});

describe('creating a booking', () => {
  it('applies the contract rules in the spec order before anything is sent', () => {
    expect(prepareCreate(1, newForm({ days: '0', person_number: '', name: '' })).error?.message).toBe(
      '宿泊日数が入力されていません',
    );
    expect(prepareCreate(1, newForm({ person_number: '', name: '' })).error?.message).toBe('人数が入力されていません');
    expect(prepareCreate(1, newForm({ price: '', name: '' })).error?.message).toBe('金額が入力されていません');
    expect(prepareCreate(1, newForm({ name: '', room_id: '' })).error?.message).toBe('宿泊者名が入力されていません');
    expect(prepareCreate(1, newForm({ room_id: '' })).error?.message).toBe('部屋タイプを選択してください');
  });

  it('keeps the spec sentence for 0 nights in the message box, and under 泊数 adds that 1 night is the least', () => {
    for (const days of ['0', '-2', ' 0 ']) {
      const refused = prepareCreate(1, newForm({ days }));
      // The message box: the spec's words, as they are.
      expect(refused.error).toEqual({ field: 'days', message: '宿泊日数が入力されていません' });
      expect(refused.errors?.days).toBe('宿泊日数が入力されていません（1泊以上で入力してください）');
    }
    // Nothing typed is "not entered": the sentence alone.
    expect(prepareCreate(1, newForm({ days: '' })).errors?.days).toBe('宿泊日数が入力されていません');
  });

  it('gives every broken field at once, the first in the spec order as the message', () => {
    const refused = prepareCreate(1, newForm({ plan_id: '4', person_number: '0', name: '', mail: 'hanako@' }));
    expect(refused.error?.message).toBe('宿泊者名が入力されていません');
    expect(refused.errors).toEqual({
      name: '宿泊者名が入力されていません',
      person_number: '人数は1以上で入力してください',
      mail: 'メールアドレスの形式が正しくありません',
    });
    // A party of 0 alone says what is wrong with it, not that a price is missing.
    expect(prepareCreate(1, newForm({ plan_id: '4', person_number: '0' })).error).toEqual({
      field: 'person_number',
      message: '人数は1以上で入力してください',
    });
  });

  it('sends numbers, a null plan, via 101 and the date as yyyy-MM-dd', () => {
    const { body } = prepareCreate(
      3,
      newForm({ plan_id: '', mail: ' Hanako@Example.com ', price: '5000', price_sub: '0' }),
    );
    expect(body).toEqual({
      accommodation_id: 3,
      start_date: '2026-12-24',
      days: 1,
      person_number: 2,
      room_id: 2,
      plan_id: null,
      name: '山田 花子',
      address: null,
      tel: null,
      mail: 'hanako@example.com',
      mini_memo: null,
      price: 5000,
      via: 101,
      price_sub: 0,
    });
  });

  it('asks for the total of a booking without a plan: empty is not 0円, 0 typed is (issue 19)', () => {
    for (const price_sub of ['', '   ']) {
      const { error } = prepareCreate(3, newForm({ plan_id: '', price_sub }));
      expect(error).toEqual({ field: 'price_sub', message: 'プランなしの予約は合計金額を入力してください' });
    }
    expect(prepareCreate(3, newForm({ plan_id: '', price_sub: '0' })).body?.price_sub).toBe(0);
    expect(prepareCreate(3, newForm({ plan_id: '4', price_sub: '' })).error).toBeUndefined();
  });

  it('sends the total only for a booking without a plan', () => {
    expect(prepareCreate(3, newForm({ plan_id: '', price_sub: '48000' })).body?.price_sub).toBe(48000);
    expect(prepareCreate(3, newForm({ plan_id: '4', price_sub: '48000' })).body).not.toHaveProperty('price_sub');
    expect(prepareCreate(3, newForm({ plan_id: '', price_sub: 'abc' })).error?.message).toBe(
      bookingCreateMessages.priceSubInvalid,
    );
  });
});

describe('leaving a plan', () => {
  it('is picking プランなし on a booking that had a plan', () => {
    const saved = newForm({ plan_id: '4' });
    expect(leavesPlan(saved, '')).toBe(true);
    expect(leavesPlan(saved, '5')).toBe(false);
    expect(leavesPlan(newForm({ plan_id: '' }), '')).toBe(false);
  });

  it('saves a total typed on a booking without a plan as a whole number of yen', () => {
    expect(fieldPatch('price_sub', '30000')).toEqual({ price_sub: 30000 });
    expect(fieldPatch('price_sub', '3万')).toBeNull();
  });
});

describe('stay period of a guest', () => {
  it('runs from the first to the last stay day, whatever the order', () => {
    const books = [{ start_date: '2026-08-01' }, { start_date: '2025-03-10' }, { start_date: '2026-12-24' }];
    expect(stayPeriod(books)).toEqual({ from: '2025-03-10', to: '2026-12-24' });
    expect(stayPeriod([])).toBeNull();
  });
});
