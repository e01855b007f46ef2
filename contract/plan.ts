import { defineEntity } from './entity';
import { isoDate } from './params';
import { resourceApi } from './resourceApi';
import { plainText, requiredMessage } from './fieldRules';
import { z } from './zod';

/** A rate plan as lists show it (spec section 3 "Plan"); the plan screens add the rest. */
export const planSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  is_active: z.number().int(),
  max_num: z.number().int(),
  price: z.number().int(),
  icon: z.string().nullable(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;
/** A plan of the plans list: the summary and ikyu_id (the sync-check link shows only when it is set). */
export const planListItemSchema = planSummarySchema.extend({ ikyu_id: z.string().nullable() });
export type PlanListItem = z.infer<typeof planListItemSchema>;

/** The whole plan (spec section 3 "Plan"), payment_method as the ids of its payment methods. */
export const planSchema = planListItemSchema.extend({
  accommodation_id: z.number().int(),
  close_date_before: z.number().int(),
  description: z.string().nullable(),
  notice_mail: z.string().nullable(),
  payment_method: z.array(z.number().int()),
  /** The meals inside the price, per person per night, tax-inclusive: left out of the 宿泊税 base (issue 31). */
  meal_price: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

/** One cell of the plan's price grid. */
export const planPriceSchema = z.object({
  id: z.number().int(),
  target_date: z.string(),
  unit: z.number().int(),
  price: z.number().int(),
});
/** GET /admin/accommodations/{id}/plans/{plan_id}: the plan with its prices by date and headcount. */
export const planWithPricesSchema = planSchema.extend({ prices: z.array(planPriceSchema) });

export const paymentMethodSchema = z.object({ id: z.number().int(), name: z.string() });
export const paymentMethodListSchema = z.object({ payment_methods: z.array(paymentMethodSchema) });

/** Spec section 5 "Plan save", word for word, plus the bounds the spec leaves open. */
export const planMessages = {
  name: 'プラン名を入力してください。',
  maxNum: '最大人数を入力してください。',
  price: '基本金額を入力してください。(0円でも可能です。)',
  nameTooLong: 'プラン名は100文字以内で入力してください。',
  maxNumTooLarge: '最大人数は99人以下で入力してください。',
  priceRange: '基本金額は0円以上10,000,000円以下の整数で入力してください。',
  closeDateBefore: '締切日数は0以上365以下の整数で入力してください。',
  date: '日付を正しく入力してください',
  period: '販売終了日は販売開始日以降の日付を入力してください。',
  isActive: '公開状態は0（非公開）か1（公開）で指定してください。',
  time: '時刻は00:00の形式で入力してください。',
  mealPrice: '食事代は0円以上10,000,000円以下の整数で入力してください。',
  tooLong: (max: number) => `${max}文字以内で入力してください。`,
  paymentMethod: '存在しない支払い方法が指定されています。',
  /** 409: live or future bookings use the plan; its bookings are never rewritten by a delete. */
  inUse: (count: number, bookings: string) =>
    `このプランは本日以降の予約${count}件で使われているため削除できません。販売を止めるには非公開にしてください（予約はそのまま残ります）。削除するには、先に予約のプランを変更してください。\n${bookings}`,
} as const;

/** Text that may be empty; only the description is multi-line. */
const text = (max: number, options: { multiline?: boolean } = {}) =>
  z.string().max(max, planMessages.tooLong(max)).check(plainText(options)).nullable();
/** 'HH:mm', or empty / null for none. */
const time = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, planMessages.time)
  .nullable();

/** The fields of the plan form and their rules (server and console). */
export const planFields = {
  name: z
    .string({ error: requiredMessage(planMessages.name) })
    .trim()
    .min(1, planMessages.name)
    .max(100, planMessages.nameTooLong)
    .check(plainText()),
  close_date_before: z
    .number()
    .int(planMessages.closeDateBefore)
    .min(0, planMessages.closeDateBefore)
    .max(365, planMessages.closeDateBefore),
  start_at: isoDate(planMessages.date).nullable(),
  end_at: isoDate(planMessages.date).nullable(),
  is_active: z.union([z.literal(0), z.literal(1)], { error: planMessages.isActive }),
  max_num: z
    .number({ error: requiredMessage(planMessages.maxNum) })
    .int()
    .min(1, planMessages.maxNum)
    .max(99, planMessages.maxNumTooLarge),
  description: text(10_000, { multiline: true }),
  check_in: time,
  check_out: time,
  price: z
    .number({ error: requiredMessage(planMessages.price) })
    .int(planMessages.priceRange)
    .min(0, planMessages.priceRange)
    .max(10_000_000, planMessages.priceRange),
  ikyu_id: text(50),
  payment_method: z.array(z.number().int().positive()).max(50),
  icon: text(200),
  notice_mail: text(254),
  meal_price: z
    .number({ error: planMessages.mealPrice })
    .int(planMessages.mealPrice)
    .min(0, planMessages.mealPrice)
    .max(10_000_000, planMessages.mealPrice),
};

/** The sales period's order: null when fine, else the message for end_at. */
export function planPeriodError(start: string | null | undefined, end: string | null | undefined): string | null {
  return start && end && end < start ? planMessages.period : null;
}

const periodRule = (plan: { start_at?: string | null; end_at?: string | null }, ctx: z.RefinementCtx) => {
  const error = planPeriodError(plan.start_at, plan.end_at);
  if (error) ctx.addIssue({ code: 'custom', path: ['end_at'], message: error });
};

/** POST .../plans: name, max_num and price are required; the rest default (0, unpublished, empty). */
export const planCreateSchema = z
  .object({
    ...planFields,
    close_date_before: planFields.close_date_before.optional(),
    start_at: planFields.start_at.optional(),
    end_at: planFields.end_at.optional(),
    is_active: planFields.is_active.optional(),
    description: planFields.description.optional(),
    check_in: planFields.check_in.optional(),
    check_out: planFields.check_out.optional(),
    ikyu_id: planFields.ikyu_id.optional(),
    payment_method: planFields.payment_method.optional(),
    icon: planFields.icon.optional(),
    notice_mail: planFields.notice_mail.optional(),
    meal_price: planFields.meal_price.optional(),
  })
  .superRefine(periodRule);
export type PlanCreate = z.infer<typeof planCreateSchema>;

/** PATCH .../plans/{planId}: any subset of the plan without its prices; the period is checked with the stored dates. */
export const planUpdateSchema = z.object(planFields).partial().superRefine(periodRule);
export type PlanUpdate = z.infer<typeof planUpdateSchema>;

/** GET .../plans: optionally the plans on sale in a range (the booking panel's choices). */
export const planListQuerySchema = z.object({ start_date: isoDate().optional(), end_date: isoDate().optional() });

export const planEntity = defineEntity({
  resource: 'plans',
  api: resourceApi.plans,
  table: 'plans',
  record: planSchema,
  create: planCreateSchema,
  update: planUpdateSchema,
  listQuery: planListQuerySchema,
  fields: {
    name: { input: 'text', required: true, column: {} },
    start_at: {
      input: 'date',
      half: true,
      hint: 'resources.plans.hints.period',
      column: { format: 'date', nullLabel: 'resources.plans.values.open_ended' },
    },
    end_at: {
      input: 'date',
      half: true,
      hint: 'resources.plans.hints.period',
      column: { format: 'date', nullLabel: 'resources.plans.values.open_ended' },
    },
    max_num: { input: 'integer', required: true, half: true, unit: 'resources.plans.units.max_num' },
    price: { input: 'yen', required: true, half: true },
    meal_price: { input: 'yen', half: true, default: 0, hint: 'resources.plans.hints.meal_price' },
    close_date_before: {
      input: 'integer',
      half: true,
      unit: 'resources.plans.units.close_date_before',
      hint: 'resources.plans.hints.close_date_before',
      default: 0,
    },
    /** Published or not; the list's switch saves at once (spec 4). */
    is_active: { input: 'switch', half: true, default: 0, column: {} },
    check_in: { input: 'time', half: true },
    check_out: { input: 'time', half: true },
    icon: { input: 'icon', half: true },
    ikyu_id: { input: 'text', half: true },
    notice_mail: { input: 'email' },
    payment_method: {
      input: 'references',
      reference: 'payment_methods',
      storedIn: 'plan_payment_methods.payment_method_id',
    },
    description: { input: 'multiline' },
  },
  columns: ['name', 'start_at', 'end_at', 'is_active'],
  recordRepresentation: 'name',
});
