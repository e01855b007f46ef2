import { STAY_STATUSES } from './stay';
import { isValidDate } from './dates';
import {
  controlCharacterMessage,
  isPhoneNumber,
  isPlainText,
  MAX_PHONE_LENGTH,
  normalisePhone,
  phoneMessage,
  phoneNumber,
  plainText,
  tooLongMessage,
} from './fieldRules';
import { isoDate, MAX_ID } from './params';
import { z } from './zod';
import { defineEntity } from './entity';
import { VIA_CODES, viaLabel } from './enums';
import { TAX_CLASSES } from './consumptionTax';
import { resourceApi } from './resourceApi';

/** A booking as the API answers it (GET /admin/books, /admin/books/{id}). */
export const bookingPaymentSchema = z.object({
  id: z.number().int(),
  payment_exe_date: z.string().nullable(),
  book_id: z.number().int(),
  amount: z.number().int(),
  pay_type: z.number().int(),
  mail: z.number().int(),
  transaction_id: z.string().nullable(),
});

export const bookingOptionSchema = z.object({
  id: z.number().int(),
  option_id: z.number().int().nullable(),
  unit: z.number().int(),
  days: z.number().int(),
  comment: z.string().nullable(),
  /** ISO 8601 with +09:00, or null while unsettled. */
  paid_at: z.string().nullable(),
  name: z.string(),
  price: z.number().int(),
  supplier: z.string().nullable(),
  /** Copied from the catalogue (issue 31): 10, 8 or exempt. */
  tax_class: z.enum(TAX_CLASSES).optional(),
});

/** Money given back for a cancelled booking (PATCH /admin/payments/refund). */
export const bookingRefundSchema = z.object({
  id: z.number().int(),
  book_id: z.number().int(),
  /** The payment refunded from; null for a refund recorded before refunds named one. */
  payment_id: z.number().int().nullable(),
  amount: z.number().int(),
  /** ISO 8601 with +09:00. */
  created_at: z.string(),
});

export const bookingSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  room_id: z.number().int(),
  plan_id: z.number().int().nullable(),
  name: z.string(),
  mail: z.string().nullable(),
  address: z.string().nullable(),
  tel: z.string().nullable(),
  job: z.number().int(),
  mini_memo: z.string().nullable(),
  memo: z.string().nullable(),
  start_date: z.string(),
  /** Check-out day: start_date + days. */
  end_date: z.string(),
  days: z.number().int(),
  person_number: z.number().int(),
  /** Amount paid, yen: the payments with a payment date (not 仮決済) less the refunds. */
  price: z.number().int(),
  /** Total amount, yen. */
  price_sub: z.number().int(),
  payment_limit_date: z.string().nullable(),
  /** Its first 3 characters are the confirmation number (confirmationNumber()). */
  uid: z.string(),
  via: z.number().int(),
  /** The booking site's own reservation number (IK73355684) of a channel booking: what its guest quotes. */
  external_id: z.string().nullable().optional(),
  sync: z.number().int(),
  /** 1: a channel booking (via 1) kept although it overbooked a night (issue 21). */
  overbooked: z.number().int().optional(),
  /** 1: a channel booking kept although it took its minpaku house past 180 days a year (issue 30). */
  minpaku_over: z.number().int().optional(),
  /** Guests under 12 among person_number, and a school trip: who 宿泊税 and 入湯税 exempt (issue 31). */
  children_under_12: z.number().int().optional(),
  school_trip: z.boolean().optional(),
  /** What 宿泊税 and 入湯税 add to the bill, yen: their total when collected apart from the price, else 0. */
  tax_due: z.number().int().optional(),
  delete_flg: z.number().int(),
  /** When it was cancelled (ISO 8601, +09:00). */
  deleted_at: z.string().nullable(),
  /** Cancellation fee chosen when cancelling, yen. */
  cancel_fee: z.number().int().nullable(),
  status: z.number().int(),
  /** The front desk's state of the stay (contract/stay.ts), with the instants of arrival and departure. */
  stay_status: z.enum(STAY_STATUSES).optional(),
  checked_in_at: z.string().nullable().optional(),
  checked_out_at: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  room_name: z.string(),
  plan_name: z.string().nullable(),
  plan_icon: z.string().nullable(),
  payments: z.array(bookingPaymentSchema),
  options: z.array(bookingOptionSchema),
  refunds: z.array(bookingRefundSchema),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * The guest's bill, yen: the total (the stay and its options) and the taxes collected apart from it
 * (issue 31). The panel's balance and the unpaid lists compare what was paid with it.
 */
export const billOf = (b: Pick<Booking, 'price_sub' | 'tax_due'>) => b.price_sub + (b.tax_due ?? 0);
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;
export type BookingOption = z.infer<typeof bookingOptionSchema>;
export type BookingRefund = z.infer<typeof bookingRefundSchema>;

export const bookingListSchema = z.object({ books: z.array(bookingSchema) });

export function confirmationNumber(uid: string): string {
  return uid.slice(0, 3);
}

/** The rules of spec section 5 "Booking create", in the spec's order, with its messages. */
export const bookingCreateMessages = {
  days: '宿泊日数が入力されていません',
  /**
   * Added under the 泊数 field (not in the message box, which keeps the spec's sentence) when a number
   * of 0 or less was typed: the field is filled, so "not entered" alone would puzzle (issue 32).
   */
  daysAtLeastOne: '（1泊以上で入力してください）',
  children: '12歳未満の人数は0人以上、人数以下の整数で入力してください',
  schoolTrip: '修学旅行等かどうかは、はい（true）かいいえ（false）で指定してください',
  sendMail: 'メールを送信するかどうかは、はい（true）かいいえ（false）で指定してください',
  personMissing: '人数が入力されていません',
  priceMissing: '金額が入力されていません',
  name: '宿泊者名が入力されていません',
  personInvalid: '人数が正しくありません',
  /** Not in the spec (it is silent on 0): a party of no one. */
  personTooFew: '人数は1以上で入力してください',
  priceInvalid: '金額が正しくありません',
  room: '部屋タイプを選択してください',
  plan: 'プランを正しく選択してください',
  startDate: 'チェックイン日を正しく入力してください',
  daysTooMany: '宿泊日数は90泊以内で入力してください',
  mail: 'メールアドレスの形式が正しくありません',
  accommodation: '施設を選択してください',
  roomOfOtherAccommodation: 'この施設の部屋タイプを選択してください',
  planOfOtherAccommodation: 'この施設のプランを選択してください',
  personOverPlan: '人数がプランの最大人数を超えています',
  priceMissingForNight: 'プランの料金が設定されていない日があります',
  /** 409: a cancelled booking is read-only; only a refund and mail remain. */
  cancelled: 'キャンセル済みの予約は変更できません（返金とメール送信のみ行えます）',
  alreadyCancelled: 'この予約はすでにキャンセルされています',
  /** 400: a booking without a plan has no prices to add up: its total is given. */
  priceSubRequired: 'プランなしの予約は合計金額を入力してください',
  priceSubInvalid: '合計金額は0円以上1億円以下の整数で入力してください',
} as const;

export const MAX_STAY_DAYS = 90;

/** The most characters each text of a booking takes (the create and update bodies, the panel's hints). */
export const BOOKING_TEXT_MAX = {
  name: 100,
  tel: MAX_PHONE_LENGTH,
  mail: 254,
  address: 200,
  mini_memo: 200,
  memo: 4000,
} as const;
type BookingText = keyof typeof BOOKING_TEXT_MAX;

/** What a text too long says, in the panel's words (its labels). */
export const bookingTooLongMessages: Record<BookingText, string> = {
  name: tooLongMessage('宿泊者名', BOOKING_TEXT_MAX.name),
  tel: tooLongMessage('電話番号', BOOKING_TEXT_MAX.tel),
  mail: tooLongMessage('メールアドレス', BOOKING_TEXT_MAX.mail),
  address: tooLongMessage('住所', BOOKING_TEXT_MAX.address),
  mini_memo: tooLongMessage('簡易メモ', BOOKING_TEXT_MAX.mini_memo),
  memo: tooLongMessage('メモ', BOOKING_TEXT_MAX.memo),
};

/** A value as a form or a JSON body gives it: a number, a numeric string, or nothing. */
type Loose = string | number | null | undefined;

const isBlank = (v: Loose) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const asNumber = (v: Loose) => (typeof v === 'number' ? v : Number(String(v).trim()));
const isInteger = (v: Loose) => !isBlank(v) && Number.isInteger(asNumber(v));
/** A row id: a whole number PostgreSQL's integer holds. */
const isId = (v: Loose) => isInteger(v) && asNumber(v) > 0 && asNumber(v) <= MAX_ID;

/** The largest amount of a booking (yen): far above any stay, far below what the column holds. */
export const MAX_AMOUNT = 100_000_000;
/** The largest party of one booking. */
export const MAX_PEOPLE = 999;

export interface BookingCreateInput {
  accommodation_id?: Loose;
  start_date?: string | null;
  days?: Loose;
  person_number?: Loose;
  room_id?: Loose;
  plan_id?: Loose;
  name?: string | null;
  address?: string | null;
  tel?: string | null;
  mail?: string | null;
  mini_memo?: string | null;
  price?: Loose;
  /** The total of a booking without a plan (with a plan it comes from the plan's prices). */
  price_sub?: Loose;
  children_under_12?: Loose;
  school_trip?: boolean;
  /** false: the booking-completed mail is not sent (a booking taken by phone; issue 32). */
  send_mail?: boolean;
}

/** The create form's free text, all of it one-line (the memo is written once the booking exists). */
const BOOKING_CREATE_TEXT = ['name', 'tel', 'mail', 'address', 'mini_memo'] as const;

export interface BookingRuleError {
  field: string;
  message: string;
}

/**
 * Every rule a new booking breaks, checked in the order of spec section 5: one message per field
 * (the first that field breaks), in that order. The console marks each field with its message and
 * shows the first in the message box; the server answers the first with 400, all in `errors`.
 */
export function bookingCreateErrors(input: BookingCreateInput): BookingRuleError[] {
  const m = bookingCreateMessages;
  const found: BookingRuleError[] = [];
  const broken = (field: string, message: string) => {
    if (!found.some((e) => e.field === field)) found.push({ field, message });
  };
  if (isBlank(input.days) || !(asNumber(input.days) > 0)) broken('days', m.days);
  if (isBlank(input.person_number) || asNumber(input.person_number) < 0) broken('person_number', m.personMissing);
  if (isBlank(input.price)) broken('price', m.priceMissing);
  if (isBlank(input.name ?? null)) broken('name', m.name);
  if (!isInteger(input.person_number)) broken('person_number', m.personInvalid);
  if (!isInteger(input.price) || asNumber(input.price) < 0) broken('price', m.priceInvalid);
  if (isBlank(input.room_id) || !isId(input.room_id)) broken('room_id', m.room);
  if (!isBlank(input.plan_id) && !isId(input.plan_id)) broken('plan_id', m.plan);
  if (!isBlank(input.accommodation_id) && !isId(input.accommodation_id)) broken('accommodation_id', m.accommodation);
  // Beyond the spec's list (it is silent on these): what the server needs to store the booking at all.
  if (asNumber(input.price) > MAX_AMOUNT) broken('price', m.priceInvalid);
  // A party of 0 has no price (a plan prices per person): say so rather than "no price that night".
  if (asNumber(input.person_number) < 1) broken('person_number', m.personTooFew);
  if (asNumber(input.person_number) > MAX_PEOPLE) broken('person_number', m.personInvalid);
  if (!isInteger(input.days) || asNumber(input.days) > MAX_STAY_DAYS) broken('days', m.daysTooMany);
  if (!input.start_date || !isValidDate(input.start_date)) broken('start_date', m.startDate);
  for (const field of BOOKING_CREATE_TEXT) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    const stored = field === 'tel' ? normalisePhone(value) : value;
    if (stored.length > BOOKING_TEXT_MAX[field]) broken(field, bookingTooLongMessages[field]);
    if (!isPlainText(value)) broken(field, controlCharacterMessage);
  }
  if (input.tel && input.tel.trim() !== '' && !isPhoneNumber(input.tel)) broken('tel', phoneMessage);
  if (input.mail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.mail.trim())) broken('mail', m.mail);
  if (
    !isBlank(input.price_sub) &&
    !(isInteger(input.price_sub) && asNumber(input.price_sub) >= 0 && asNumber(input.price_sub) <= MAX_AMOUNT)
  ) {
    broken('price_sub', m.priceSubInvalid);
  }
  if (
    !isBlank(input.children_under_12) &&
    !(
      isInteger(input.children_under_12) &&
      asNumber(input.children_under_12) >= 0 &&
      asNumber(input.children_under_12) <= asNumber(input.person_number)
    )
  ) {
    broken('children_under_12', m.children);
  }
  // Without a plan there are no prices to add up: an empty total is not 0円, 0 must be typed (issue 19).
  if (isBlank(input.plan_id) && isBlank(input.price_sub)) broken('price_sub', m.priceSubRequired);
  return found;
}

/** The create body with its numeric fields as numbers (spec: plan id null when empty). */
export function normaliseBookingCreate(input: BookingCreateInput) {
  const text = (v: string | null | undefined) => (isBlank(v) ? null : String(v).trim());
  return {
    accommodation_id: asNumber(input.accommodation_id),
    start_date: String(input.start_date),
    days: asNumber(input.days),
    person_number: asNumber(input.person_number),
    room_id: asNumber(input.room_id),
    plan_id: isBlank(input.plan_id) ? null : asNumber(input.plan_id),
    name: String(input.name).trim(),
    address: text(input.address),
    tel: isBlank(input.tel) ? null : normalisePhone(String(input.tel)),
    mail: text(input.mail)?.toLowerCase() ?? null,
    mini_memo: text(input.mini_memo),
    price: asNumber(input.price),
    via: 101 as const,
    ...(isBlank(input.children_under_12) ? {} : { children_under_12: asNumber(input.children_under_12) }),
    ...(input.school_trip === undefined ? {} : { school_trip: input.school_trip }),
    ...(isBlank(input.price_sub) ? {} : { price_sub: asNumber(input.price_sub) }),
    ...(input.send_mail === false ? { send_mail: false } : {}),
  };
}
export type BookingCreate = ReturnType<typeof normaliseBookingCreate>;

const loose = z.union([z.number(), z.string().max(20), z.null()]).optional();
const text = (field: BookingText) =>
  z.string().max(BOOKING_TEXT_MAX[field], bookingTooLongMessages[field]).check(plainText()).nullable().optional();

/** The create body as the route accepts it; bookingCreateErrors() then applies the spec's rules. */
export const bookingCreateBodySchema = z.object({
  accommodation_id: loose,
  start_date: z.string().max(10).nullable().optional(),
  days: loose,
  person_number: loose,
  room_id: loose,
  plan_id: loose,
  name: text('name'),
  address: text('address'),
  tel: phoneNumber({ tooLong: bookingTooLongMessages.tel }).nullable().optional(),
  mail: text('mail'),
  mini_memo: text('mini_memo'),
  price: loose,
  price_sub: loose,
  children_under_12: loose,
  school_trip: z.boolean({ error: bookingCreateMessages.schoolTrip }).optional(),
  via: z.union([z.literal(101), z.literal('101')]).optional(),
  /** false leaves the booking-completed mail unsent (the form's メールを送信する, issue 32); sent by default. */
  send_mail: z.boolean({ error: bookingCreateMessages.sendMail }).optional(),
});

/** PATCH /admin/books/{id}: any subset. A lone room_id or plan_id is applied at once by the console. */
export const bookingUpdateBodySchema = z
  .object({
    room_id: z.coerce
      .number({ error: bookingCreateMessages.room })
      .int(bookingCreateMessages.room)
      .positive(bookingCreateMessages.room)
      .max(MAX_ID, bookingCreateMessages.room),
    plan_id: z.union([
      z.coerce
        .number({ error: bookingCreateMessages.plan })
        .int(bookingCreateMessages.plan)
        .positive(bookingCreateMessages.plan)
        .max(MAX_ID, bookingCreateMessages.plan),
      z.null(),
      z.literal('').transform(() => null),
    ]),
    name: z
      .string()
      .trim()
      .min(1, bookingCreateMessages.name)
      .max(BOOKING_TEXT_MAX.name, bookingTooLongMessages.name)
      .check(plainText()),
    mail: z
      .string()
      .trim()
      .max(BOOKING_TEXT_MAX.mail, bookingTooLongMessages.mail)
      .check(plainText())
      .transform((v) => v.toLowerCase())
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), bookingCreateMessages.mail)
      .transform((v) => v || null)
      .nullable(),
    address: z.string().max(BOOKING_TEXT_MAX.address, bookingTooLongMessages.address).check(plainText()).nullable(),
    tel: phoneNumber({ tooLong: bookingTooLongMessages.tel }).nullable(),
    job: z.coerce.number().int().min(0).max(8),
    mini_memo: z
      .string()
      .max(BOOKING_TEXT_MAX.mini_memo, bookingTooLongMessages.mini_memo)
      .check(plainText())
      .nullable(),
    memo: z
      .string()
      .max(BOOKING_TEXT_MAX.memo, bookingTooLongMessages.memo)
      .check(plainText({ multiline: true }))
      .nullable(),
    start_date: isoDate(bookingCreateMessages.startDate),
    days: z.coerce
      .number({ error: bookingCreateMessages.days })
      .int(bookingCreateMessages.days)
      .min(1, bookingCreateMessages.days)
      .max(MAX_STAY_DAYS, bookingCreateMessages.daysTooMany),
    person_number: z.coerce
      .number({ error: bookingCreateMessages.personInvalid })
      .int(bookingCreateMessages.personInvalid)
      .min(1, bookingCreateMessages.personTooFew)
      .max(MAX_PEOPLE, bookingCreateMessages.personInvalid),
    price_sub: z.coerce
      .number({ error: bookingCreateMessages.priceSubInvalid })
      .int(bookingCreateMessages.priceSubInvalid)
      .min(0, bookingCreateMessages.priceSubInvalid)
      .max(MAX_AMOUNT, bookingCreateMessages.priceSubInvalid),
    payment_limit_date: isoDate().nullable(),
    children_under_12: z.coerce
      .number({ error: bookingCreateMessages.children })
      .int(bookingCreateMessages.children)
      .min(0, bookingCreateMessages.children)
      .max(MAX_PEOPLE, bookingCreateMessages.children),
    school_trip: z.boolean({ error: bookingCreateMessages.schoolTrip }),
  })
  .partial();
export type BookingUpdate = z.infer<typeof bookingUpdateBodySchema>;

/**
 * Cancellation fee presets: the spec's 50% and 10% of the total (section 9), rounded, and the whole
 * total, which the house's own FAQ asks for on the day (当日100%). Any other amount is typed.
 */
export const cancelFeePresets = [50, 10, 100] as const;
export function cancelFee(priceSub: number, percent: number): number {
  return Math.round((priceSub * percent) / 100);
}

export const cancelFeeMessages = {
  required: 'キャンセル料を入力してください',
  /** A fee is a whole number of yen from 0 up to the booking's total. */
  range: (priceSub: number) =>
    `キャンセル料は0円以上${priceSub.toLocaleString('ja-JP')}円（合計金額）以下の整数で入力してください`,
  invalid: 'キャンセル料は0円以上の整数で入力してください',
} as const;

/** The message for a fee that is not a whole number of yen within 0..the total; null when it is. */
export function cancelFeeError(fee: number, priceSub: number): string | null {
  return Number.isInteger(fee) && fee >= 0 && fee <= priceSub ? null : cancelFeeMessages.range(priceSub);
}

/** DELETE /admin/books/{id} query: mail=1 asks for the cancel mail; cancel_fee is kept, yen (0..total). */
export const bookingCancelQuerySchema = z.object({
  mail: z.enum(['0', '1', 'true', 'false']).optional(),
  cancel_fee: z.coerce
    .number({ error: cancelFeeMessages.invalid })
    .int(cancelFeeMessages.invalid)
    .min(0, cancelFeeMessages.invalid)
    .max(MAX_AMOUNT, cancelFeeMessages.invalid)
    .optional(),
});

/** GET /admin/books query (spec section 7). Dates yyyy-MM-dd; flags 'true'/'1'. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const day = isoDate();

/** The search box of the booking search (q): its longest text and the messages of the search. */
export const BOOK_SEARCH_MAX = 100;
/** Shorter texts have no trigram: they match the start of a name or of the confirmation number only. */
export const BOOK_SEARCH_PARTIAL_MIN = 3;
/** A search (q) answers at most this many bookings, the latest made first: a caller is one guest. */
export const BOOK_SEARCH_LIMIT = 200;
export const bookSearchMessages = {
  tooLong: `検索語は${BOOK_SEARCH_MAX}文字以内で入力してください`,
  /** As the price creator says of its period (priceRuleMessages.order), in the search's words. */
  order: '宿泊日（まで）は宿泊日（から）以降の日付を指定してください',
} as const;

export const bookingListQuerySchema = z
  .object({
    accommodation_id: z.coerce.number().int().positive().optional(),
    stay_start_date: day.optional(),
    stay_end_date: day.optional(),
    with_consecutive: flag,
    sync: z.enum(['0', '1']).transform(Number).optional(),
    /** 1: only the channel bookings flagged overbooked (the dashboard's list). */
    overbooked: z.enum(['0', '1']).transform(Number).optional(),
    not_paid_only: flag,
    with_deleted: flag,
    mail: z.string().max(254).check(plainText()).optional(),
    /**
     * One box for a guest who calls: part of the name (kana or kanji as typed, spaces ignored),
     * part of the mail, the phone with or without hyphens, or the confirmation number (the start of
     * uid). Across all dates unless a stay period is given. See server/db/queries/bookingSearch.ts.
     */
    q: z.string().trim().max(BOOK_SEARCH_MAX, bookSearchMessages.tooLong).check(plainText()).optional(),
    created_at_from: day.optional(),
    created_at_to: day.optional(),
    /** csv: every matching booking as a file (the one writer; server/services/bookingCsv.ts). */
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.stay_start_date && v.stay_end_date && v.stay_end_date < v.stay_start_date) {
      ctx.addIssue({ code: 'custom', path: ['stay_end_date'], message: bookSearchMessages.order });
    }
  });
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** A calendar comment of a day. */
export const calendarCommentSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  target_date: z.string(),
  comment: z.string(),
});
export type CalendarComment = z.infer<typeof calendarCommentSchema>;
export const commentMessages = {
  tooLong: 'コメントは1000文字以内で入力してください',
  date: '日付を正しく入力してください',
} as const;
export const calendarCommentCreateSchema = z.object({
  target_date: isoDate(commentMessages.date),
  comment: z
    .string()
    .max(1000, commentMessages.tooLong)
    .check(plainText({ multiline: true })),
});
export const calendarCommentUpdateSchema = calendarCommentCreateSchema.pick({ comment: true });

/** The day's state of one room type (GET /admin/books/date/{date}). */
export const roomDayStatusSchema = z.object({
  accommodation_id: z.number().int(),
  room_id: z.number().int(),
  room_name: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  over: z.boolean(),
});
export const dayStatusSchema = z.object({ date: z.string(), rooms: z.array(roomDayStatusSchema) });

/**
 * Bookings as a react-admin resource (`books`): the booking search lists them with these columns
 * and the filters of `bookingListQuerySchema`; a record is edited in the booking panel, whose rules
 * are the create and update schemas above.
 */
export const bookingEntity = defineEntity({
  resource: 'books',
  api: resourceApi.books,
  table: 'bookings',
  record: bookingSchema,
  create: bookingCreateBodySchema,
  update: bookingUpdateBodySchema,
  listQuery: bookingListQuerySchema,
  fields: {
    accommodation_id: { input: 'reference', reference: 'accommodations', column: { format: 'reference' } },
    start_date: { input: 'date', column: { format: 'date', sortable: true } },
    days: { input: 'integer', unit: 'resources.books.units.days', column: { format: 'count', sortable: true } },
    name: { input: 'text', required: true, column: { sortable: true } },
    person_number: {
      input: 'integer',
      unit: 'resources.books.units.person_number',
      column: { format: 'count', hiddenWhenNarrow: true },
    },
    room_id: { input: 'reference', reference: 'rooms', column: { format: 'reference', display: 'room_name' } },
    price_sub: { input: 'yen', column: { format: 'yen', sortable: true } },
    price: { input: 'yen', column: { format: 'yen', hiddenWhenNarrow: true } },
    created_at: {
      input: 'date',
      readOnlyInEdit: true,
      column: { format: 'date', sortable: true, hiddenWhenNarrow: true },
    },
    via: {
      input: 'select',
      readOnlyInEdit: true,
      choices: VIA_CODES.map((code) => ({ id: code, name: viaLabel(code) })),
      column: { format: 'choice', hiddenWhenNarrow: true },
    },
    external_id: { input: 'text', readOnlyInEdit: true, column: { hiddenWhenNarrow: true } },
    delete_flg: { input: 'switch', readOnlyInEdit: true, column: { format: 'mark' } },
  },
  recordRepresentation: 'name',
});

/** One change of a booking or of what belongs to it (GET /admin/books/{id}/history). */
export const bookingHistoryItemSchema = z.object({
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  /** create, update, cancel, delete, refund */
  action: z.string(),
  /** booking, payment, refund, booking_option */
  target: z.object({ type: z.string(), id: z.number().int() }),
  /** field: { from, to } */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type BookingHistoryItem = z.infer<typeof bookingHistoryItemSchema>;
export const bookingHistorySchema = z.object({ history: z.array(bookingHistoryItemSchema) });
