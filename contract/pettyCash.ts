import { toCsv } from './csvWriter';
import { addDays, addMonths, daysBetween, firstOfMonth, lastOfMonth, maxDate, tokyoToday } from './dates';
import { defineEntity } from './entity';
import { requiredMessage, requiredText } from './fieldRules';
import { isoDate } from './params';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * Petty cash (spec 2 "Detailed settings and petty cash", 3 "Petty cash entry", 7 "Users, shifts,
 * cash", 9 default range): the ledger of one facility's cash box. An entry's amount is signed:
 * money in is positive, money out negative (the console's direction 1, outgoing, negates what is
 * typed). The list answers the entries of a range with each one's running balance and the balance
 * carried from before the range. Entries are never changed or deleted: a mistake is put right by a
 * correcting entry (訂正, issue 32, "Corrections" below) that reverses it and names it, so the ledger
 * keeps its whole history.
 */

export const pettyCashMessages = {
  date: '日付を入力してください',
  dateInvalid: '日付を正しく入力してください',
  amount: '金額を入力してください',
  amountInteger: '金額は整数で入力してください',
  amountZero: '金額は0円以外で入力してください',
  amountPositive: '金額は1円以上で入力してください',
  amountRange: '金額は1,000万円以内で入力してください',
  use: '用途を入力してください',
  useTooLong: '用途は200文字以内で入力してください',
  direction: '入金か出金かを選んでください',
  balanceCheck: '残高確認は0か1で指定してください',
  endBeforeStart: '終了日は開始日以降の日付を入力してください',
  rangeTooLong: '期間は1年以内で指定してください',
} as const;

/** The largest amount of one entry, either way: 10,000,000円. */
export const MAX_PETTY_CASH_AMOUNT = 10_000_000;
/** The longest range a list or CSV covers (a leap year). */
export const MAX_PETTY_CASH_RANGE_DAYS = 366;
export const MAX_INTENDED_USE = 200;

/** The direction of an entry as the console's form offers it (spec: 1 is outgoing). */
export const CASH_DIRECTIONS = { incoming: 0, outgoing: 1 } as const;
export type PettyCashDirection = (typeof CASH_DIRECTIONS)[keyof typeof CASH_DIRECTIONS];
export const pettyCashDirectionChoices = [
  { id: CASH_DIRECTIONS.outgoing, name: '出金' },
  { id: CASH_DIRECTIONS.incoming, name: '入金' },
] as const;

/** Spec 9: the month after the current one (Tokyo), first to last day. */
export function defaultPettyCashRange(today: string = tokyoToday()): { start_date: string; end_date: string } {
  const start = firstOfMonth(addMonths(firstOfMonth(today), 1));
  return { start_date: start, end_date: lastOfMonth(start) };
}

// ---- Records -------------------------------------------------------------------------------------

export const pettyCashSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  paid_date: z.string(),
  /** Signed: in > 0, out < 0. */
  amount: z.number().int(),
  /** 0 incoming, 1 outgoing: the sign of the amount, as the spec's entry names it. */
  direction: z.number().int(),
  balance_check: z.number().int(),
  intended_use: z.string(),
  user_id: z.number().int().nullable(),
  /** Who recorded it; null once that user is deleted. */
  user_name: z.string().nullable(),
  /** The cash in the box after this entry (entries ordered by date, then by when recorded). */
  balance: z.number().int(),
  created_at: z.string(),
  /** A reversing entry (訂正): the entry it reverses, that entry's date and why; null otherwise. */
  corrects_id: z.number().int().nullable(),
  corrects_date: z.string().nullable(),
  correction_reason: z.string().nullable(),
  /** A reversed entry: the entry that reverses it and its date (perhaps outside the range); null otherwise. */
  corrected_by: z.number().int().nullable(),
  corrected_date: z.string().nullable(),
});
export type PettyCash = z.infer<typeof pettyCashSchema>;

/** GET facility/{id}/cashes: the range it covers, its entries, the balance before and after it. */
export const pettyCashListSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** The balance at the end of the day before start_date. */
  carried_balance: z.number().int(),
  cashes: z.array(pettyCashSchema),
  /** The balance at the end of end_date. */
  balance: z.number().int(),
});
export type PettyCashList = z.infer<typeof pettyCashListSchema>;

// ---- Bodies --------------------------------------------------------------------------------------

const paidDate = z
  .string({ error: requiredMessage(pettyCashMessages.date) })
  .min(1, pettyCashMessages.date)
  .pipe(isoDate(pettyCashMessages.dateInvalid));

/** A whole number of yen; `what` is the message of a missing value. */
const yen = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? pettyCashMessages.amount
        : pettyCashMessages.amountInteger,
  });

const intendedUse = requiredText(pettyCashMessages.use, MAX_INTENDED_USE, pettyCashMessages.useTooLong);

/**
 * POST facility/{id}/cashes (spec 7): paid_date, the signed amount (negative for money out),
 * balance_check 0 and intended_use.
 */
export const pettyCashCreateSchema = z.object({
  paid_date: paidDate,
  amount: yen()
    .int(pettyCashMessages.amountInteger)
    .refine((v) => v !== 0, pettyCashMessages.amountZero)
    .refine((v) => Math.abs(v) <= MAX_PETTY_CASH_AMOUNT, pettyCashMessages.amountRange),
  balance_check: z
    .union([z.literal(0), z.literal(1)], { error: pettyCashMessages.balanceCheck })
    .optional()
    .default(0),
  intended_use: intendedUse,
});
export type PettyCashCreate = z.input<typeof pettyCashCreateSchema>;
export type PettyCashCreateBody = z.output<typeof pettyCashCreateSchema>;

/** Entries are not changed (see above): the update body is empty, and no route takes it. */
export const pettyCashUpdateSchema = z.object({});

/**
 * The console's add form: the direction and the amount as typed (always positive), checked with the
 * same messages before anything is sent; `pettyCashBodyOf` makes the spec's body of it.
 */
export const pettyCashFormSchema = z.object({
  direction: z.union([z.literal(0), z.literal(1)], { error: pettyCashMessages.direction }),
  paid_date: paidDate,
  amount: yen()
    .int(pettyCashMessages.amountInteger)
    .min(1, pettyCashMessages.amountPositive)
    .max(MAX_PETTY_CASH_AMOUNT, pettyCashMessages.amountRange),
  intended_use: intendedUse,
});
export type PettyCashForm = z.infer<typeof pettyCashFormSchema>;

export function pettyCashBodyOf(form: PettyCashForm): PettyCashCreateBody {
  return {
    paid_date: form.paid_date,
    amount: form.direction === CASH_DIRECTIONS.outgoing ? -form.amount : form.amount,
    balance_check: 0,
    intended_use: form.intended_use,
  };
}

/** GET facility/{id}/cashes?start_date=&end_date=&format=: the range defaults to next month. */
export const pettyCashListQuerySchema = z
  .object({
    start_date: isoDate(pettyCashMessages.dateInvalid).optional(),
    end_date: isoDate(pettyCashMessages.dateInvalid).optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.start_date || !q.end_date) return;
    if (q.end_date < q.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: pettyCashMessages.endBeforeStart });
    } else if (daysBetween(q.start_date, q.end_date) >= MAX_PETTY_CASH_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: pettyCashMessages.rangeTooLong });
    }
  });
export type PettyCashListQuery = z.infer<typeof pettyCashListQuerySchema>;

/**
 * The range a query asks for: both dates, or the default month. One date alone keeps its side and
 * takes the other from its month (a start alone runs to the end of its month, an end alone from
 * the first of its month).
 */
export function pettyCashRangeOf(query: Pick<PettyCashListQuery, 'start_date' | 'end_date'>, today?: string) {
  const { start_date, end_date } = query;
  if (start_date && end_date) return { start_date, end_date };
  if (start_date) return { start_date, end_date: lastOfMonth(start_date) };
  if (end_date) return { start_date: firstOfMonth(end_date), end_date };
  return defaultPettyCashRange(today);
}

// ---- The CSV file --------------------------------------------------------------------------------

/** The first five are the spec's; No., 状態, 訂正元 and 訂正理由 (issue 32) pair a correction with its entry. */
export const PETTY_CASH_CSV_HEADER = ['日付', '金額', '残高', '用途', '記入者', 'No.', '状態', '訂正元', '訂正理由'];

/**
 * The ledger of a range as the CSV Japanese Excel opens (the one writer, toCsv): the carried
 * balance first (its date the day before the range), then each entry with its signed amount, the
 * balance after it, its number and, for a correction, its state, the number it reverses and why.
 */
export function pettyCashCsvText(list: PettyCashList): string {
  return toCsv(PETTY_CASH_CSV_HEADER, [
    [addDays(list.start_date, -1), null, list.carried_balance, '前期繰越', null, null, null, null, null],
    ...list.cashes.map((c) => {
      const state = pettyCashStateOf(c);
      return [
        c.paid_date,
        c.amount,
        c.balance,
        c.intended_use,
        c.user_name,
        c.id,
        state ? PETTY_CASH_STATE_LABELS[state] : null,
        c.corrects_id,
        c.correction_reason,
      ];
    }),
  ]);
}

export const pettyCashCsvName = (accommodationId: number, list: Pick<PettyCashList, 'start_date' | 'end_date'>) =>
  `cash_${accommodationId}_${list.start_date}_${list.end_date}.csv`;

// ---- The entity ----------------------------------------------------------------------------------

export const pettyCashEntity = defineEntity({
  resource: 'cashes',
  api: resourceApi.cashes,
  table: 'petty_cash_entries',
  record: pettyCashSchema,
  create: pettyCashCreateSchema,
  update: pettyCashUpdateSchema,
  listQuery: pettyCashListQuerySchema,
  fields: {
    paid_date: { input: 'date', required: true, column: { format: 'date' } },
    direction: { input: 'select', required: true, choices: pettyCashDirectionChoices, storedIn: 'amount' },
    amount: { input: 'yen', required: true, column: { format: 'yen' } },
    balance: { input: 'yen', storedIn: 'amount', column: { format: 'yen' } },
    intended_use: { input: 'text', required: true, column: {} },
    user_name: { input: 'text', storedIn: 'users.name', column: {} },
  },
  recordRepresentation: 'intended_use',
});

// ---- Corrections (issue 32) ----------------------------------------------------------------------

export const pettyCashCorrectionMessages = {
  reason: '訂正理由を入力してください',
  reasonTooLong: '訂正理由は100文字以内で入力してください',
  alreadyCorrected: 'この記録はすでに訂正されています。画面を更新してください。',
  correctionOfCorrection: '訂正の記録は訂正できません。必要な場合は新しく記録を追加してください。',
} as const;

export const MAX_CORRECTION_REASON = 100;

/** 訂正済み: reversed by another entry; 訂正: the reversing entry itself. */
export type PettyCashState = 'corrected' | 'correction';
export const PETTY_CASH_STATE_LABELS: Record<PettyCashState, string> = { corrected: '訂正済み', correction: '訂正' };

export function pettyCashStateOf(entry: Pick<PettyCash, 'corrects_id' | 'corrected_by'>): PettyCashState | null {
  if (entry.corrects_id !== null) return 'correction';
  if (entry.corrected_by !== null) return 'corrected';
  return null;
}

/** Whether 訂正 is offered: an ordinary entry not yet reversed (a reversal is not reversed in turn). */
export const pettyCashCorrectable = (entry: Pick<PettyCash, 'corrects_id' | 'corrected_by'>) =>
  pettyCashStateOf(entry) === null;

/**
 * The date a correction is recorded on: the day it is entered (Tokyo), so the balances of the days
 * before, printed or handed over already, stay as they were; an entry dated later than today (money
 * planned for next month) is reversed on its own day, never before it.
 */
export const pettyCashCorrectionDate = (entryDate: string, today: string = tokyoToday()) => maxDate(today, entryDate);

/**
 * POST facility/{id}/cashes/{cashId}/correction: why (required), and optionally the entry as it
 * should have been (its signed amount and use), recorded with the reversal, on the same date.
 */
export const pettyCashCorrectionSchema = z.object({
  correction_reason: requiredText(
    pettyCashCorrectionMessages.reason,
    MAX_CORRECTION_REASON,
    pettyCashCorrectionMessages.reasonTooLong,
  ),
  reentry: z
    .object({
      amount: yen()
        .int(pettyCashMessages.amountInteger)
        .refine((v) => v !== 0, pettyCashMessages.amountZero)
        .refine((v) => Math.abs(v) <= MAX_PETTY_CASH_AMOUNT, pettyCashMessages.amountRange),
      intended_use: intendedUse,
    })
    .nullable()
    .optional(),
});
export type PettyCashCorrectionBody = z.output<typeof pettyCashCorrectionSchema>;

/** The answer: the reversing entry and the entry recorded in its place (null when none), each with its balance. */
export const pettyCashCorrectionResultSchema = z.object({
  reversal: pettyCashSchema,
  reentry: pettyCashSchema.nullable(),
});
export type PettyCashCorrectionResult = z.infer<typeof pettyCashCorrectionResultSchema>;

/** The correction popup's reason, checked with the server's messages before anything is sent. */
export const pettyCashCorrectionFormSchema = pettyCashCorrectionSchema.pick({ correction_reason: true });

/** The correction popup's entry as it should have been: the add form's rules without the date (it is the correction's). */
export const pettyCashReentryFormSchema = pettyCashFormSchema.omit({ paid_date: true });
export type PettyCashReentryForm = z.infer<typeof pettyCashReentryFormSchema>;

export const pettyCashReentryBodyOf = (form: PettyCashReentryForm) => ({
  amount: form.direction === CASH_DIRECTIONS.outgoing ? -form.amount : form.amount,
  intended_use: form.intended_use,
});
