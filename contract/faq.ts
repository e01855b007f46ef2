import { defineEntity } from './entity';
import { requiredText } from './fieldRules';
import { MAX_ID } from './params';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * The FAQ of an accommodation (spec 2 "FAQ", 3 "FAQ", 7 "Options, FAQ, suppliers"): questions and
 * answers guests read, for every room type or for one, in the order staff drag them into.
 */
export const faqMessages = {
  question: '質問を入力してください',
  answer: '回答を入力してください',
  questionTooLong: '質問は500文字以内で入力してください',
  answerTooLong: '回答は5000文字以内で入力してください',
  room: 'この施設の部屋を選択してください',
  displayOrder: '表示順は0以上の整数で指定してください',
} as const;

/** The room name is cut to this many characters in the list (spec 9). */
export const FAQ_ROOM_NAME_MAX = 18;

export const faqSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  display_order: z.number().int(),
  /** Null: shown for every room type. */
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.object({ faqs: z.array(faqSchema) });

const faqFields = {
  question: requiredText(faqMessages.question, 500, faqMessages.questionTooLong),
  answer: requiredText(faqMessages.answer, 5000, faqMessages.answerTooLong, { multiline: true }),
  room_id: z
    .number({ error: faqMessages.room })
    .int(faqMessages.room)
    .positive(faqMessages.room)
    .max(MAX_ID, faqMessages.room)
    .nullable(),
  display_order: z.number().int(faqMessages.displayOrder).min(0, faqMessages.displayOrder).max(1_000_000),
};

/** POST .../faq: a new item goes after the last (the current maximum plus one) unless display_order is given. */
export const faqCreateSchema = z.object({
  ...faqFields,
  room_id: faqFields.room_id.optional(),
  display_order: faqFields.display_order.optional(),
});
/** PATCH .../faq/{id}: any subset (a reorder sends display_order alone). */
export const faqUpdateSchema = z.object(faqFields).partial().extend({ id: z.number().int().optional() });

/** `?room_id=`: the items of that room type (and those for every room). */
export const faqListQuerySchema = z.object({
  room_id: z.coerce
    .number({ error: faqMessages.room })
    .int(faqMessages.room)
    .positive(faqMessages.room)
    .max(MAX_ID, faqMessages.room)
    .optional(),
});

export const faqEntity = defineEntity({
  resource: 'faq',
  api: resourceApi.faq,
  table: 'faqs',
  record: faqSchema,
  create: faqCreateSchema,
  update: faqUpdateSchema,
  listQuery: faqListQuerySchema,
  fields: {
    room_id: {
      input: 'reference',
      reference: 'rooms',
      nullLabel: 'resources.faq.values.all_rooms',
      filter: { allLabel: 'resources.faq.values.every_room' },
      column: {
        format: 'reference',
        display: 'room_name',
        nullLabel: 'resources.faq.values.all',
        truncate: FAQ_ROOM_NAME_MAX,
      },
    },
    question: { input: 'text', required: true, column: {} },
    answer: { input: 'multiline', required: true, column: {} },
  },
  columns: ['question', 'answer', 'room_id'],
  recordRepresentation: 'question',
});
