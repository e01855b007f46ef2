import { defineEntity } from './entity';
import { optionalText, plainText, requiredMessage } from './fieldRules';
import { resourceApi } from './resourceApi';
import { invoiceMessages, TAX_CLASS_LABELS, TAX_CLASSES } from './consumptionTax';
import { z } from './zod';

/**
 * Options: the catalogue of an accommodation (spec sections 2 "Options", 3 "Accommodation option",
 * 5 "Option", 7 "Options, FAQ, suppliers") and the options attached to a booking (sections 3
 * "Booking option", 4 "Booking option payment", 5 "Booking option form", 7 "Booking options").
 */

export const MAX_OPTION_PRICE = 10_000_000;
export const MAX_OPTION_UNIT = 999;
export const MAX_OPTION_DAYS = 90;

export const optionMessages = {
  /** Spec 5 "Option". */
  name: '名前を入力してください',
  price: '金額を入力してください',
  unit: '単位を入力してください',
  nameTooLong: '名前は100文字以内で入力してください',
  unitTooLong: '単位は20文字以内で入力してください',
  priceRange: `金額は0円以上${MAX_OPTION_PRICE.toLocaleString('ja-JP')}円以下の整数で入力してください`,
  unitMax: `最大数は1以上${MAX_OPTION_UNIT}以下の整数で入力してください`,
  descriptionTooLong: '説明は2000文字以内で入力してください',
  room: 'この施設の部屋を選択してください',
  supplier: 'パートナーを正しく選択してください',
  /** In edit mode partner and room are read-only (spec 2). */
  fixedOnEdit: 'パートナーと部屋は作成後に変更できません',
  flag: '0または1を指定してください',
  displayOrder: '表示順は0以上の整数で指定してください',
} as const;

export const bookingOptionMessages = {
  /** Spec 5 "Booking option form". */
  option: 'オプションを選択してください',
  unit: '数量を入力してください',
  unitRange: `数量は1以上${MAX_OPTION_UNIT}以下の整数で入力してください`,
  unitOverMax: (max: number, unit: string) => `数量は${max}${unit}までです`,
  days: `日数は1以上${MAX_OPTION_DAYS}以下の整数で入力してください`,
  optionOfOtherAccommodation: 'この施設のオプションを選択してください',
  optionOfOtherRoom: 'この部屋タイプでは選べないオプションです',
  commentTooLong: 'コメントは1000文字以内で入力してください',
  paidAt: '支払日時を正しく指定してください',
  /** 409 on a cancelled booking. */
  cancelled: 'キャンセル済みの予約のオプションは変更できません',
  totalTooLarge: '合計金額が上限を超えるため保存できません。数量か日数を見直してください。',
} as const;

const flag = z.union([z.literal(0), z.literal(1)], { error: optionMessages.flag });

// ---- The catalogue -------------------------------------------------------------------------------

/** An option of the catalogue as the API answers it, with its partner's and room's names. */
export const optionSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  unit: z.string(),
  /** Most per booking; null: no limit. */
  unit_max: z.number().int().nullable(),
  description: z.string().nullable(),
  /** Null: official (the accommodation's own). */
  supplier_id: z.number().int().nullable(),
  supplier: z.string().nullable(),
  /** Null: offered with every room type. */
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  user_selection: z.number().int(),
  is_stay_type: z.number().int(),
  notice: z.number().int(),
  display_order: z.number().int(),
  /** Consumption tax class (issue 31): 10, 8 (drinks without alcohol from the room's fridge) or exempt. */
  tax_class: z.enum(TAX_CLASSES),
});
export type AccommodationOption = z.infer<typeof optionSchema>;

const optionFields = {
  name: z
    .string({ error: requiredMessage(optionMessages.name) })
    .trim()
    .min(1, optionMessages.name)
    .max(100, optionMessages.nameTooLong)
    .check(plainText()),
  // "price not null and numeric".
  price: z
    .number({ error: optionMessages.price })
    .int(optionMessages.priceRange)
    .min(0, optionMessages.priceRange)
    .max(MAX_OPTION_PRICE, optionMessages.priceRange),
  unit: z
    .string({ error: requiredMessage(optionMessages.unit) })
    .trim()
    .min(1, optionMessages.unit)
    .max(20, optionMessages.unitTooLong)
    .check(plainText()),
  unit_max: z
    .number()
    .int(optionMessages.unitMax)
    .min(1, optionMessages.unitMax)
    .max(MAX_OPTION_UNIT, optionMessages.unitMax)
    .nullable(),
  description: optionalText(2000, optionMessages.descriptionTooLong),
  supplier_id: z.number().int().positive(optionMessages.supplier).nullable(),
  room_id: z.number().int().positive(optionMessages.room).nullable(),
  user_selection: flag,
  is_stay_type: flag,
  notice: flag,
  display_order: z.number().int(optionMessages.displayOrder).min(0, optionMessages.displayOrder),
  tax_class: z.enum(TAX_CLASSES, { error: invoiceMessages.taxClass }),
};

/**
 * POST .../options: name, price and unit required; the rest default (no limit, official, all rooms,
 * flags 0, display_order after the last).
 */
export const optionCreateSchema = z.object({
  ...optionFields,
  unit_max: optionFields.unit_max.optional(),
  description: optionFields.description.optional(),
  supplier_id: optionFields.supplier_id.optional(),
  room_id: optionFields.room_id.optional(),
  user_selection: optionFields.user_selection.optional(),
  is_stay_type: optionFields.is_stay_type.optional(),
  notice: optionFields.notice.optional(),
  display_order: optionFields.display_order.optional(),
  tax_class: optionFields.tax_class.optional(),
});
export type OptionCreate = z.input<typeof optionCreateSchema>;

/**
 * PATCH .../options/{id}: any subset (a reorder sends display_order alone). The console sends the
 * whole option back: supplier_id and room_id are accepted when unchanged, 400 otherwise.
 */
export const optionUpdateSchema = z.object(optionFields).partial().extend({ id: z.number().int().optional() });
export type OptionUpdate = z.input<typeof optionUpdateSchema>;

/** `?room_id=`: the options offered with that room type (its own and those for all rooms). */
export const optionListQuerySchema = z.object({ room_id: z.coerce.number().int().positive().optional() });

// ---- Options of a booking ------------------------------------------------------------------------

/** POST /books/{bookId}/options (spec 7): option_id, unit, days, comment. */
export const bookingOptionCreateSchema = z.object({
  option_id: z
    .number({ error: requiredMessage(bookingOptionMessages.option) })
    .int(bookingOptionMessages.option)
    .positive(bookingOptionMessages.option),
  // "quantity must be a nonzero number".
  unit: z
    .number({ error: requiredMessage(bookingOptionMessages.unit) })
    .int(bookingOptionMessages.unitRange)
    .min(1, bookingOptionMessages.unit)
    .max(MAX_OPTION_UNIT, bookingOptionMessages.unitRange),
  days: z
    .number()
    .int(bookingOptionMessages.days)
    .min(1, bookingOptionMessages.days)
    .max(MAX_OPTION_DAYS, bookingOptionMessages.days)
    .optional(),
  comment: optionalText(1000, bookingOptionMessages.commentTooLong).optional(),
});
export type BookingOptionCreate = z.input<typeof bookingOptionCreateSchema>;

/**
 * PATCH /books/{bookId}/options/{id}: the same fields, or paid_at (any date-time or date: paid now;
 * null: unsettled) with mail (1: tell the guest, the default of the console's checkbox).
 */
export const bookingOptionUpdateSchema = bookingOptionCreateSchema.partial().extend({
  paid_at: z.string().max(40, bookingOptionMessages.paidAt).nullable().optional(),
  mail: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type BookingOptionUpdate = z.input<typeof bookingOptionUpdateSchema>;

/** What an attached option costs: unit price x quantity x days. */
export function optionLineTotal(option: { price: number; unit: number; days: number }): number {
  return option.price * option.unit * option.days;
}

export const optionEntity = defineEntity({
  resource: 'options',
  api: resourceApi.options,
  table: 'accommodation_options',
  record: optionSchema,
  create: optionCreateSchema,
  update: optionUpdateSchema,
  listQuery: optionListQuerySchema,
  fields: {
    name: { input: 'text', required: true, column: {} },
    price: { input: 'yen', required: true, half: true, column: { format: 'yen' } },
    tax_class: {
      input: 'select',
      half: true,
      default: '10',
      choices: TAX_CLASSES.map((id) => ({ id, name: TAX_CLASS_LABELS[id] })),
      hint: 'resources.options.hints.tax_class',
      column: { format: 'choice' },
    },
    unit: { input: 'text', required: true, half: true, hint: 'resources.options.hints.unit' },
    unit_max: { input: 'integer', half: true, hint: 'resources.options.hints.unit_max', column: { format: 'count' } },
    description: { input: 'multiline', column: {} },
    supplier_id: {
      input: 'reference',
      reference: 'supplier',
      nullLabel: 'resources.options.values.official',
      readOnlyInEdit: true,
      hint: 'resources.options.hints.fixed',
      column: { format: 'reference', display: 'supplier', nullLabel: 'resources.options.values.official' },
    },
    room_id: {
      input: 'reference',
      reference: 'rooms',
      nullLabel: 'resources.options.values.all_rooms',
      readOnlyInEdit: true,
      hint: 'resources.options.hints.fixed',
      column: { format: 'reference', display: 'room_name', nullLabel: 'resources.options.values.all' },
    },
    user_selection: { input: 'switch', default: 0 },
    notice: { input: 'switch', default: 0, column: { format: 'mark', label: 'resources.options.columns.notice' } },
    is_stay_type: {
      input: 'switch',
      default: 0,
      column: { format: 'mark', label: 'resources.options.columns.is_stay_type' },
    },
  },
  recordRepresentation: 'name',
});
