import { dateJa, tokyoMinute } from './dates';
import { defineEntity } from './entity';
import { requiredMessage, requiredText } from './fieldRules';
import { isLocalDateTime } from './guestRegister';
import { idParam } from './params';
import { REFUSAL_GROUND_LABELS } from './registerLabels';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * The refusal log (宿泊拒否の記録, issue 30): a lodging may refuse a guest only on one of the
 * law's grounds (旅館業法5条1項), must explain it on request, and records each refusal (when, the
 * guest, the ground, the facts, the staff member) for three years. Staff record a refusal of a
 * facility they reach; the staff member is the one signed in. A record is corrected, never removed
 * while the three years run.
 */
export const REFUSAL_GROUNDS = [
  'specified_infection',
  'illegal_conduct',
  'burdensome_demands',
  'no_vacancy_or_ordinance',
] as const;
export type RefusalGround = (typeof REFUSAL_GROUNDS)[number];

/** Years a refusal is kept (and may not be deleted) after it was made. */
export const REFUSAL_RETENTION_YEARS = 3;

export const refusalMessages = {
  accommodation: '施設を選択してください',
  refusedAt: '拒否した日時を入力してください',
  future: '拒否した日時に未来の日時は指定できません',
  guestName: 'お客様の氏名を入力してください',
  guestNameTooLong: 'お客様の氏名は100文字以内で入力してください',
  ground: '拒否の理由（法律上の根拠）を選択してください',
  facts: '拒否の判断のもとになった事実を入力してください',
  factsTooLong: '事実は2000文字以内で入力してください',
  /** 409: the law asks three years. */
  kept: (until: string) =>
    `宿泊拒否の記録は${REFUSAL_RETENTION_YEARS}年間保存する必要があるため、${dateJa(until)}まで削除できません`,
} as const;

/** The first day a refusal of `refusedAt` (yyyy-MM-ddTHH:mm, Tokyo) may be deleted. */
export function refusalKeptUntil(refusedAt: string): string {
  const [y, rest] = [Number(refusedAt.slice(0, 4)), refusedAt.slice(4, 10)];
  const until = `${y + REFUSAL_RETENTION_YEARS}${rest}`;
  // 2/29 of a leap year: its third anniversary is 3/1.
  return rest === '-02-29' ? `${y + REFUSAL_RETENTION_YEARS}-03-01` : until;
}

export const refusalSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  /** yyyy-MM-ddTHH:mm, Tokyo time. */
  refused_at: z.string(),
  guest_name: z.string(),
  ground: z.enum(REFUSAL_GROUNDS),
  facts: z.string(),
  /** The staff member who recorded it, as named then. */
  staff_name: z.string(),
  /** The facility's name, for the list. */
  accommodation_name: z.string(),
  created_at: z.string(),
});
export type Refusal = z.infer<typeof refusalSchema>;
export const refusalListSchema = z.object({ refusals: z.array(refusalSchema) });

const refusedAt = z
  .string({ error: requiredMessage(refusalMessages.refusedAt) })
  .refine(isLocalDateTime, refusalMessages.refusedAt)
  // A minute of the clock's skew between the console and the server.
  .refine((v) => v <= tokyoMinute(new Date(Date.now() + 60_000)), refusalMessages.future);

const refusalFields = {
  refused_at: refusedAt,
  guest_name: requiredText(refusalMessages.guestName, 100, refusalMessages.guestNameTooLong),
  ground: z.enum(REFUSAL_GROUNDS, { error: refusalMessages.ground }),
  facts: requiredText(refusalMessages.facts, 2000, refusalMessages.factsTooLong, { multiline: true }),
};

/** POST admin/refusals: the staff member is the one signed in. */
export const refusalCreateSchema = z.object({
  accommodation_id: z.number({ error: refusalMessages.accommodation }).int().positive(refusalMessages.accommodation),
  ...refusalFields,
});
/** PATCH admin/refusals/{id}: a correction of any of its facts (the facility stays). */
export const refusalUpdateSchema = z.object(refusalFields).partial();
/** GET admin/refusals?accommodation_id=: one facility's, or every facility the user reaches. */
export const refusalListQuerySchema = z.object({ accommodation_id: idParam.optional() });

export const refusalEntity = defineEntity({
  resource: 'refusals',
  api: resourceApi.refusals,
  table: 'refusals',
  record: refusalSchema,
  create: refusalCreateSchema,
  update: refusalUpdateSchema,
  listQuery: refusalListQuerySchema,
  fields: {
    refused_at: {
      input: 'datetime',
      required: true,
      default: () => tokyoMinute(),
      column: { format: 'datetime', sortable: true },
    },
    accommodation_id: {
      input: 'reference',
      reference: 'accommodations',
      required: true,
      readOnlyInEdit: true,
      column: { format: 'reference', display: 'accommodation_name' },
      filter: { allLabel: 'resources.refusals.all_accommodations' },
    },
    guest_name: { input: 'text', required: true, column: {} },
    ground: {
      input: 'select',
      required: true,
      choices: REFUSAL_GROUNDS.map((id) => ({ id, name: REFUSAL_GROUND_LABELS[id] })),
      column: { format: 'choice' },
    },
    facts: {
      input: 'multiline',
      required: true,
      hint: 'resources.refusals.hints.facts',
      column: { truncate: 40, hiddenWhenNarrow: true },
    },
    staff_name: { input: 'text', listOnly: true, column: {} },
  },
  columns: ['refused_at', 'accommodation_id', 'guest_name', 'ground', 'facts', 'staff_name'],
  recordRepresentation: 'guest_name',
});
