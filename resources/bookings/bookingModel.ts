import {
  bookingCreateErrors,
  bookingCreateMessages,
  bookingUpdateBodySchema,
  normaliseBookingCreate,
  type Booking,
  type BookingCreate,
  type BookingCreateInput,
  type BookingRuleError,
  type BookingUpdate,
} from '../../contract/booking';
import { addDays, isoDatePattern } from '../../contract/dates';
import { fieldErrors } from '../../contract/entity';

/**
 * The booking panel's form as its inputs hold it (every value a string) and the rules that turn
 * it into API bodies. Pure: tested without React (tests/unit/bookingModel.test.ts).
 */
export interface BookingFormValues {
  room_id: string;
  plan_id: string;
  start_date: string;
  days: string;
  person_number: string;
  name: string;
  mail: string;
  tel: string;
  address: string;
  job: string;
  mini_memo: string;
  memo: string;
  /** Amount paid: entered for a new booking only (it becomes a provisional payment). */
  price: string;
  /** The total: given by staff only while the booking has no plan (a plan adds up its prices). */
  price_sub: string;
}
export type BookingField = keyof BookingFormValues;

/** Saved on blur for an existing booking. */
export const TEXT_FIELDS = ['name', 'mail', 'tel', 'address', 'mini_memo', 'memo'] as const;
/** Saved on blur; the server recomputes the total and may refuse (409): then the old value comes back. */
export const STAY_FIELDS = ['start_date', 'days', 'person_number'] as const;
/** Selects: sent at once on an existing booking. */
export const SELECT_FIELDS = ['room_id', 'plan_id', 'job'] as const;

/** The spec's default stay is one night. */
export const DEFAULT_DAYS = 1;

export function emptyBookingForm(startDate: string): BookingFormValues {
  return {
    room_id: '',
    plan_id: '',
    start_date: startDate,
    days: String(DEFAULT_DAYS),
    person_number: '',
    name: '',
    mail: '',
    tel: '',
    address: '',
    job: '0',
    mini_memo: '',
    memo: '',
    price: '',
    price_sub: '',
  };
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function bookingToForm(b: Booking): BookingFormValues {
  return {
    room_id: str(b.room_id),
    plan_id: str(b.plan_id),
    start_date: b.start_date,
    days: str(b.days),
    person_number: str(b.person_number),
    name: b.name,
    mail: str(b.mail),
    tel: str(b.tel),
    address: str(b.address),
    job: str(b.job),
    mini_memo: str(b.mini_memo),
    memo: str(b.memo),
    price: str(b.price),
    price_sub: str(b.price_sub),
  };
}

const wholeNumber = (v: string): number | null => (/^\s*\d+\s*$/.test(v) ? Number(v) : null);
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The PATCH body that saves one field, or null when the value cannot be sent: a stay that is not
 * at least one night (spec: check-out after check-in, else ignored), a date or head count that is
 * not one. Text is trimmed and an empty text clears the field (the memo keeps its line breaks).
 */
export function fieldPatch(field: BookingField, value: string): BookingUpdate | null {
  switch (field) {
    case 'name':
      return { name: value.trim() };
    case 'mail':
    case 'tel':
    case 'address':
    case 'mini_memo':
      return { [field]: orNull(value) };
    case 'memo':
      return { memo: value.trim() === '' ? null : value };
    case 'job':
      return wholeNumber(value) === null ? null : { job: Number(value) };
    case 'room_id': {
      const id = wholeNumber(value);
      return id ? { room_id: id } : null;
    }
    case 'plan_id':
      return { plan_id: value === '' ? null : Number(value) };
    case 'start_date':
      return isoDatePattern.test(value) ? { start_date: value } : null;
    case 'days': {
      const days = wholeNumber(value);
      return days !== null && days > 0 ? { days } : null;
    }
    case 'person_number': {
      const n = wholeNumber(value);
      return n === null ? null : { person_number: n };
    }
    case 'price_sub': {
      const total = wholeNumber(value);
      return total === null ? null : { price_sub: total };
    }
    case 'price':
      return null;
  }
}

/** A cancelled booking is read-only but for the staff memo (spec: refund and mail remain). */
export const EDITABLE_WHEN_CANCELLED: readonly BookingField[] = ['memo'];

/** True when picking this plan value leaves a plan: the total must then be given with it. */
export function leavesPlan(saved: BookingFormValues, planValue: string): boolean {
  return planValue === '' && saved.plan_id !== '';
}

/** What a field would store: two values that store the same thing are no change. */
function stored(field: BookingField, value: string): unknown {
  const patch = fieldPatch(field, value);
  return patch ? Object.values(patch)[0] : value;
}

export function isFieldChanged(field: BookingField, before: BookingFormValues, after: BookingFormValues): boolean {
  return stored(field, before[field]) !== stored(field, after[field]);
}

/** Every field whose stored value differs. */
export function changedFields(before: BookingFormValues, after: BookingFormValues): BookingField[] {
  return (Object.keys(after) as BookingField[]).filter((f) => isFieldChanged(f, before, after));
}

/** Check-out day (yyyy-MM-dd) = check-in + nights, or null while the stay is not one. */
export function checkOutDate(startDate: string, days: string | number): string | null {
  const nights = typeof days === 'number' ? days : wholeNumber(days);
  if (!isoDatePattern.test(startDate) || nights === null || !(nights > 0)) return null;
  return addDays(startDate, nights);
}

export function createInput(accommodationId: number, form: BookingFormValues): BookingCreateInput {
  return {
    accommodation_id: accommodationId,
    start_date: form.start_date,
    days: form.days,
    person_number: form.person_number,
    room_id: form.room_id,
    plan_id: form.plan_id,
    name: form.name,
    address: form.address,
    tel: form.tel,
    mail: form.mail,
    mini_memo: form.mini_memo,
    price: form.price,
    // Only a booking without a plan gives its total.
    price_sub: form.plan_id === '' ? form.price_sub : '',
  };
}

/** Each field's message: what the panel shows under the field it marks. */
export type BookingFieldErrors = Partial<Record<BookingField, string>>;

/**
 * The spec's create rules (contract) first; the body only when none is broken. `errors` holds every
 * field broken (each marked at once), `error` the first in the spec's order (the message box).
 */
export function prepareCreate(
  accommodationId: number,
  form: BookingFormValues,
):
  | { error: BookingRuleError; errors: BookingFieldErrors; body?: undefined }
  | { error?: undefined; errors?: undefined; body: BookingCreate } {
  const input = createInput(accommodationId, form);
  const broken = bookingCreateErrors(input);
  if (!broken[0]) return { body: normaliseBookingCreate(input) };
  const errors: BookingFieldErrors = Object.fromEntries(broken.map((e) => [e.field, e.message]));
  if (errors.days === bookingCreateMessages.days && typedNoNight(form.days)) {
    errors.days = `${bookingCreateMessages.days}${bookingCreateMessages.daysAtLeastOne}`;
  }
  return { error: broken[0], errors };
}

/** 泊数 holds a number, 0 or less: typed, not missing (the spec's one sentence says both). */
function typedNoNight(days: string): boolean {
  const value = days.trim();
  return value !== '' && Number.isFinite(Number(value)) && Number(value) <= 0;
}

/**
 * The message of the update rules (the contract's PATCH schema) for one field's patch, or null when
 * it may be sent: a head count of 0 or a mail without @ is refused before any call.
 */
export function patchError(patch: BookingUpdate): string | null {
  return Object.values(fieldErrors(bookingUpdateBodySchema, patch))[0] ?? null;
}

/** First and last stay day of a guest's bookings (the lodging list's heading), or null when none. */
export function stayPeriod(books: Pick<Booking, 'start_date'>[]): { from: string; to: string } | null {
  const days = books.map((b) => b.start_date).sort();
  return days.length ? { from: days[0]!, to: days[days.length - 1]! } : null;
}
