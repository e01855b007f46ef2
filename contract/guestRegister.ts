import { isCountryCode, JAPAN } from './countries';
import { isValidDate } from './dates';
import { MAX_REGISTER_STATES } from './registerStates';
import { isPhoneNumber, normalisePhone, plainText, requiredMessage } from './fieldRules';
import { z } from './zod';

export { FIELD_MODE_LABELS, GENDER_LABELS, LICENCE_LABELS, REGISTER_FIELD_LABELS } from './registerLabels';

/**
 * The guest register (宿泊者名簿, issue 30): what each facility's licence asks of each guest, the
 * register settings of a facility and the guests of a booking. The rule of what is missing
 * (`registerStatus`) is the one home of the law's items: the server answers it with the guests,
 * the console shows it. Sources in docs/decisions.md "The guest register".
 */

/** 旅館業 (hotels, ryokan, 簡易宿所), 住宅宿泊事業 (minpaku), 特区民泊 (national strategic special zones). */
export const LICENCES = ['ryokan', 'minpaku', 'tokku'] as const;
export type Licence = (typeof LICENCES)[number];

/** Items a prefecture or city may add by ordinance (旅館業法施行規則4条の2③二), set per facility. */
export const EXTRA_FIELDS = [
  'gender',
  'age',
  'previous_stay',
  'next_destination',
  'arrival_time',
  'departure_time',
  'room',
] as const;
export type ExtraField = (typeof EXTRA_FIELDS)[number];

export const FIELD_MODES = ['off', 'optional', 'required'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;

/** A guest's items the register may miss, named as the API names them. */
export type RegisterField =
  'name' | 'address' | 'contact' | 'occupation' | 'nationality' | 'passport_number' | 'passport_copy' | ExtraField;

export const MAX_GUEST_AGE = 130;
export const MAX_GUESTS_PER_BOOKING = 99;
/** A passport number as the register keeps it: letters and digits, upper-case. */
export const PASSPORT_NUMBER = /^[A-Z0-9]{6,20}$/;
/** The largest passport copy kept, bytes. */
export const MAX_PASSPORT_BYTES = 5_000_000;
/** The types a passport copy may be, judged by its content. */
export const PASSPORT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export const registerMessages = {
  stateIds: '予約IDをカンマ区切りで指定してください',
  stateIdsTooMany: '予約IDは一度に500件までです',
  licence: '営業の種別を一覧から選んでください',
  notificationNumberTooLong: '届出番号・許可番号は50文字以内で入力してください',
  fieldMode: '項目の扱いは「使わない」「任意」「必須」から選んでください',
  name: '氏名を入力してください',
  nameTooLong: '氏名は100文字以内で入力してください',
  addressTooLong: '住所は200文字以内で入力してください',
  contactTooLong: '連絡先は200文字以内で入力してください',
  /** The phone rule (contract/fieldRules.ts) or a mail address. */
  contact: '連絡先は電話番号（数字・スペース・ハイフン・括弧・先頭の＋）かメールアドレスで入力してください',
  occupationTooLong: '職業は100文字以内で入力してください',
  nationality: '国籍は国・地域の一覧から選んでください',
  residenceCountry: '居住国は国・地域の一覧から選んでください',
  passportNumber: '旅券番号は6〜20文字の英数字で入力してください',
  gender: '性別は一覧から選んでください',
  age: `年齢は0〜${MAX_GUEST_AGE}の整数で入力してください`,
  previousStayTooLong: '前泊地は100文字以内で入力してください',
  nextDestinationTooLong: '行先地は100文字以内で入力してください',
  arrivalTime: '到着日時を正しく入力してください',
  departureTime: '出発日時を正しく入力してください',
  roomTooLong: '客室は50文字以内で入力してください',
  flag: 'はい（true）かいいえ（false）で指定してください',
  /** 409: the register of a cancelled booking holds no stay. */
  cancelled: 'キャンセル済みの予約の宿泊者名簿は変更できません',
  /** 409: more guests than a booking can hold. */
  tooManyGuests: `1件の予約に登録できる宿泊者は${MAX_GUESTS_PER_BOOKING}人までです`,
  /** 409: 旅館業法施行規則4条の2, 住宅宿泊事業法施行規則7条: kept 3 years. */
  keptAfterStay: '宿泊が終わった予約の宿泊者は、名簿の保存期間（3年）の間は削除できません',
  passportFile: '旅券の写しのファイルを選んでください',
  passportType: '旅券の写しはJPEG・PNGの画像かPDFにしてください',
  passportTooLarge: '旅券の写しは5MB（5,000,000バイト）以下にしてください',
} as const;

// ---- Settings -----------------------------------------------------------------------------------

const fieldMode = z.enum(FIELD_MODES, { error: registerMessages.fieldMode });
export type ExtraFields = Record<ExtraField, FieldMode>;

/** Every extra item off: a facility that has not set its register. */
export const NO_EXTRA_FIELDS: ExtraFields = Object.fromEntries(EXTRA_FIELDS.map((f) => [f, 'off'])) as ExtraFields;

/** A facility's register settings as the API answers them (GET /facility/{id}/register-settings). */
export const registerSettingsSchema = z.object({
  licence: z.enum(LICENCES),
  /** 届出番号 of a minpaku house, 許可番号 of a ryokan; null when not given. */
  notification_number: z.string().nullable(),
  extra_fields: z.object(
    Object.fromEntries(EXTRA_FIELDS.map((f) => [f, z.enum(FIELD_MODES)])) as Record<
      ExtraField,
      z.ZodEnum<{ off: 'off'; optional: 'optional'; required: 'required' }>
    >,
  ),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

/** PATCH: any of the three; `extra_fields` names only the items it changes. */
export const registerSettingsPatchSchema = z.object({
  licence: z.enum(LICENCES, { error: registerMessages.licence }).optional(),
  notification_number: z
    .string()
    .trim()
    .max(50, registerMessages.notificationNumberTooLong)
    .check(plainText())
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  extra_fields: z
    .object(
      Object.fromEntries(EXTRA_FIELDS.map((f) => [f, fieldMode.optional()])) as Record<
        ExtraField,
        z.ZodOptional<typeof fieldMode>
      >,
    )
    .optional(),
});
export type RegisterSettingsPatch = z.output<typeof registerSettingsPatchSchema>;

// ---- Guests -------------------------------------------------------------------------------------

/** A guest of a booking as the API answers it. */
export const guestSchema = z.object({
  id: z.number().int(),
  representative: z.boolean(),
  name: z.string(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  occupation: z.string().nullable(),
  nationality: z.string().nullable(),
  residence_country: z.string(),
  passport_number: z.string().nullable(),
  has_passport_copy: z.boolean(),
  /** A companion who lives with the representative: their address and contact stand for this guest's. */
  same_as_representative: z.boolean(),
  gender: z.enum(GENDERS).nullable(),
  age: z.number().int().nullable(),
  previous_stay: z.string().nullable(),
  next_destination: z.string().nullable(),
  /** yyyy-MM-ddTHH:mm, Tokyo time. */
  arrival_time: z.string().nullable(),
  departure_time: z.string().nullable(),
  room: z.string().nullable(),
});
export type Guest = z.infer<typeof guestSchema>;

/** Text that may be left out or blank (stored as null), trimmed, one line. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .check(plainText())
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));

const country = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, message);

/** yyyy-MM-ddTHH:mm (a real date and time, Tokyo), or null. */
export function isLocalDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/.exec(value);
  return m !== null && isValidDate(m[1]!);
}
const dateTime = (message: string) =>
  z
    .string({ error: message })
    .refine(isLocalDateTime, message)
    .nullable()
    .transform((v) => v ?? null);

const flag = z.boolean({ error: registerMessages.flag });

/** A mail address as the contact (the register keeps it as typed). */
const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The items a guest's form sends; every one but the name may be left out. */
const guestFields = {
  representative: flag,
  name: z
    .string({ error: requiredMessage(registerMessages.name) })
    .trim()
    .min(1, registerMessages.name)
    .max(100, registerMessages.nameTooLong)
    .check(plainText()),
  address: optionalLine(200, registerMessages.addressTooLong),
  contact: optionalLine(200, registerMessages.contactTooLong)
    .transform((v) => (v !== null && isPhoneNumber(v) ? normalisePhone(v) : v))
    .refine((v) => v === null || isPhoneNumber(v) || MAIL.test(v), registerMessages.contact),
  occupation: optionalLine(100, registerMessages.occupationTooLong),
  nationality: country(registerMessages.nationality).nullable(),
  residence_country: country(registerMessages.residenceCountry),
  passport_number: z
    .string({ error: registerMessages.passportNumber })
    .trim()
    .transform((v) => v.toUpperCase())
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || PASSPORT_NUMBER.test(v), registerMessages.passportNumber),
  same_as_representative: flag,
  gender: z.enum(GENDERS, { error: registerMessages.gender }).nullable(),
  age: z
    .number({ error: registerMessages.age })
    .int(registerMessages.age)
    .min(0, registerMessages.age)
    .max(MAX_GUEST_AGE, registerMessages.age)
    .nullable(),
  previous_stay: optionalLine(100, registerMessages.previousStayTooLong),
  next_destination: optionalLine(100, registerMessages.nextDestinationTooLong),
  arrival_time: dateTime(registerMessages.arrivalTime),
  departure_time: dateTime(registerMessages.departureTime),
  room: optionalLine(50, registerMessages.roomTooLong),
};

/** POST /admin/books/{id}/guests: the name is required, Japan the residence unless told. */
export const guestCreateSchema = z.object({
  ...guestFields,
  representative: guestFields.representative.optional(),
  address: guestFields.address.optional(),
  contact: guestFields.contact.optional(),
  occupation: guestFields.occupation.optional(),
  nationality: guestFields.nationality.optional(),
  residence_country: guestFields.residence_country.optional(),
  passport_number: guestFields.passport_number.optional(),
  same_as_representative: guestFields.same_as_representative.optional(),
  gender: guestFields.gender.optional(),
  age: guestFields.age.optional(),
  previous_stay: guestFields.previous_stay.optional(),
  next_destination: guestFields.next_destination.optional(),
  arrival_time: guestFields.arrival_time.optional(),
  departure_time: guestFields.departure_time.optional(),
  room: guestFields.room.optional(),
});
export type GuestInput = z.output<typeof guestCreateSchema>;

/** PATCH /admin/books/{id}/guests/{guestId}: the items it changes. */
export const guestUpdateSchema = guestCreateSchema.partial();
export type GuestPatch = z.output<typeof guestUpdateSchema>;

// ---- The register of a booking ------------------------------------------------------------------

export const REGISTER_STATUSES = ['none', 'incomplete', 'complete'] as const;
export type RegisterStatusName = (typeof REGISTER_STATUSES)[number];

export const registerStateSchema = z.object({
  status: z.enum(REGISTER_STATUSES),
  missing: z.array(z.object({ guest_id: z.number().int().nullable(), fields: z.array(z.string()) })),
});
export type RegisterState = z.infer<typeof registerStateSchema>;

/** GET /admin/books/{id}/guests. */
export const bookingGuestsSchema = z.object({ guests: z.array(guestSchema), register: registerStateSchema });
export type BookingGuests = z.infer<typeof bookingGuestsSchema>;

/** The law's items of every guest, by licence (旅館業法6条 as amended 2023-12-13; 住宅宿泊事業法施行規則7条). */
const BASE_FIELDS: Record<Licence, readonly RegisterField[]> = {
  ryokan: ['name', 'address', 'contact'],
  tokku: ['name', 'address', 'contact'],
  minpaku: ['name', 'address', 'occupation'],
};

/** Items a companion living with the representative takes from the representative. */
const SHARED_WITH_REPRESENTATIVE = ['address', 'contact'] as const;

/**
 * True when the guest must show a passport: a foreign national without an address in Japan. A
 * Japanese national living abroad, or a foreign resident of Japan, need not; a guest living abroad
 * whose nationality is not yet known must say it first.
 */
export function needsPassport(guest: Pick<Guest, 'nationality' | 'residence_country'>): boolean {
  return guest.residence_country !== JAPAN && guest.nationality !== JAPAN;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The items of one guest that the register still needs, in the order of the form. */
export function missingFields(
  settings: Pick<RegisterSettings, 'licence' | 'extra_fields'>,
  guest: Guest,
  representative?: Guest,
) {
  const shared = guest.same_as_representative && representative && representative.id !== guest.id;
  const value = (field: string): unknown =>
    shared && (SHARED_WITH_REPRESENTATIVE as readonly string[]).includes(field)
      ? representative[field as keyof Guest]
      : guest[field as keyof Guest];
  const missing: RegisterField[] = BASE_FIELDS[settings.licence].filter((f) => isBlank(value(f)));
  if (needsPassport(guest)) {
    if (isBlank(guest.nationality)) missing.push('nationality');
    if (isBlank(guest.passport_number)) missing.push('passport_number');
    if (!guest.has_passport_copy) missing.push('passport_copy');
  }
  for (const field of EXTRA_FIELDS) {
    if (settings.extra_fields[field] === 'required' && isBlank(guest[field])) missing.push(field);
  }
  return missing;
}

/**
 * A booking's register: `none` before any guest is entered, `complete` when every guest of the
 * booking's headcount is entered with every item their case needs, `incomplete` otherwise, with
 * what is missing per guest (and `{ guest_id: null, fields: ['name'] }` for each guest not entered).
 */
export function registerStatus(
  settings: Pick<RegisterSettings, 'licence' | 'extra_fields'>,
  personNumber: number,
  guests: readonly Guest[],
): RegisterState {
  const representative = guests.find((g) => g.representative);
  const missing: RegisterState['missing'] = [];
  for (const guest of guests) {
    const fields = missingFields(settings, guest, representative);
    if (fields.length > 0) missing.push({ guest_id: guest.id, fields });
  }
  for (let i = guests.length; i < personNumber; i++) missing.push({ guest_id: null, fields: ['name'] });
  const status = guests.length === 0 ? 'none' : missing.length === 0 ? 'complete' : 'incomplete';
  return { status, missing };
}

export { MAX_REGISTER_STATES };

/** GET admin/books/register-states?ids=1,2,3: the register's state of each booking the user reaches. */
export const registerStatesQuery = z.object({
  ids: z
    .string({ error: registerMessages.stateIds })
    .regex(/^\d{1,9}(,\d{1,9})*$/, registerMessages.stateIds)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_REGISTER_STATES, registerMessages.stateIdsTooMany),
});

export const registerStatesSchema = z.object({
  states: z.array(
    z.object({
      book_id: z.number().int(),
      status: z.enum(REGISTER_STATUSES),
      /** How many items are missing, over all guests (a guest not entered counts its name). */
      missing: z.number().int(),
    }),
  ),
});
export type RegisterStates = z.infer<typeof registerStatesSchema>;
