import { daysBetween } from './dates';
import { GENDERS } from './guestRegister';
import { isoDate } from './params';
import { z } from './zod';
export { registerFileNames } from './downloadNames';

/**
 * A facility's guest register over dates (GET /facility/{id}/register, issue 30): one row per guest
 * of each stay whose nights meet the dates, and one row per guest of the headcount not entered yet
 * (`entered: false`), as JSON, as CSV (UTF-8 with BOM; a minpaku house's in the column order of
 * MLIT's electronic register) or as a printable A4 PDF.
 */

/** The longest range one call reads: a year of nights. */
export const MAX_REGISTER_DAYS = 366;

export const registerListMessages = {
  from: '開始日を正しく入力してください',
  to: '終了日を正しく入力してください',
  order: '終了日は開始日以降の日付にしてください',
  tooLong: `期間は${MAX_REGISTER_DAYS}日以内で指定してください`,
  format: '形式は json、csv、pdf のいずれかで指定してください',
  notEntered: '（未記入）',
} as const;

/** A real date, with the message also when it is left out. */
const date = (message: string) => z.string({ error: message }).pipe(isoDate(message));

export const registerListQuery = z
  .object({
    from: date(registerListMessages.from),
    to: date(registerListMessages.to),
    format: z.enum(['json', 'csv', 'pdf'], { error: registerListMessages.format }).default('json'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: registerListMessages.order });
    else if (daysBetween(q.from, q.to) >= MAX_REGISTER_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: registerListMessages.tooLong });
    }
  });
export type RegisterListQuery = z.output<typeof registerListQuery>;

/** One guest of one stay, or a guest of its headcount not entered yet. */
export const registerRowSchema = z.object({
  book_id: z.number().int(),
  /** The booking's 確認番号: the group the guests of one stay share. */
  confirmation: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  /** HH:mm of the check-in and check-out (Tokyo), when the front desk recorded them. */
  checked_in: z.string().nullable(),
  checked_out: z.string().nullable(),
  room: z.string().nullable(),
  entered: z.boolean(),
  representative: z.boolean(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  occupation: z.string().nullable(),
  nationality: z.string().nullable(),
  residence_country: z.string().nullable(),
  passport_number: z.string().nullable(),
  has_passport_copy: z.boolean(),
  gender: z.enum(GENDERS).nullable(),
  age: z.number().int().nullable(),
  previous_stay: z.string().nullable(),
  next_destination: z.string().nullable(),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const registerListSchema = z.object({ rows: z.array(registerRowSchema) });
export type RegisterList = z.infer<typeof registerListSchema>;
