import { isoDate } from './params';
import { plainText } from './fieldRules';
import { z } from './zod';

/**
 * A rule of 宿泊税 (accommodation tax, issue 31): what one jurisdiction charges per guest per night
 * over a span of nights, by bands of the base (the 宿泊料金 per person per night, without consumption
 * tax and meals) or as a percentage of it, with the guests it exempts and the page it was read
 * from. A jurisdiction (`code`) may hold several rules one after the other (Kyoto city's before
 * and after 2026-03-01); which one applies is the night's date, not the booking's or the payment's.
 * The computation is contract/taxEngine.ts; the rules shipped with the product are
 * server/services/tax/shippedRules.ts, sources in docs/decisions.md "Accommodation tax".
 */

export const taxRuleMessages = {
  code: '管轄のコードは英小文字・数字・ハイフンの2〜40文字で入力してください',
  name: '管轄の名前を入力してください',
  nameTooLong: '管轄の名前は100文字以内で入力してください',
  bandsOrPercent: '税額は金額の段階（bands）か率（percent）のどちらか一方で指定してください',
  bandsFirst: '最初の段階は宿泊料金0円からにしてください',
  bandsOrder: '段階の下限は重ならないよう小さい順に並べてください',
  bandsTooMany: '段階は20までです',
  bandAmount: '段階の金額・下限は0〜10,000,000の整数で入力してください',
  percent: '率は0より大きく100以下（小数第2位まで）で入力してください',
  cap: '上限額は1〜10,000,000の整数で入力してください',
  dates: '適用開始日は適用終了日以前にしてください',
  sourceUrl: '出典はhttp://またはhttps://で始まるアドレス（500文字以内）で入力してください',
  noteTooLong: '備考は500文字以内で入力してください',
  flag: 'はい（true）かいいえ（false）で指定してください',
  /** 409: two rules of one jurisdiction on one night. */
  overlap: 'この管轄には適用期間が重なる規則がすでにあります。期間を分けてください',
  /** 400: a facility names a jurisdiction that has no rule. */
  unknownJurisdiction: '登録されていない管轄が含まれています',
} as const;

export const MAX_TAX_YEN = 10_000_000;
const yen = z
  .number({ error: taxRuleMessages.bandAmount })
  .int(taxRuleMessages.bandAmount)
  .min(0, taxRuleMessages.bandAmount)
  .max(MAX_TAX_YEN, taxRuleMessages.bandAmount);

/** One band: from this base per person per night (included) on, this amount per person per night. */
export const taxBandSchema = z.object({ from: yen, amount: yen });
export type TaxBand = z.infer<typeof taxBandSchema>;

export const jurisdictionCode = z
  .string({ error: taxRuleMessages.code })
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, taxRuleMessages.code);

/** A rule as the API answers it (GET /tax/jurisdictions). */
export const taxRuleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The first night it applies to (null: since ever), and the last (null: still in force). */
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  /** Bands by the base, lowest first, the first from 0; or null for a percentage. */
  bands: z.array(taxBandSchema).nullable(),
  /** Percent of the base (Kutchan's 3), rounded down to the yen; null for bands. */
  percent: z.number().nullable(),
  /** The most per person per night a percentage charges; null: no cap. */
  cap: z.number().int().nullable(),
  exempt_school_trip: z.boolean(),
  exempt_under_12: z.boolean(),
  note: z.string().nullable(),
  source_url: z.string(),
  /** Shipped with the product (an administrator may still correct it). */
  shipped: z.boolean(),
});
export type TaxRule = z.infer<typeof taxRuleSchema>;
export const taxRuleListSchema = z.object({ rules: z.array(taxRuleSchema) });

const percentValue = z
  .number({ error: taxRuleMessages.percent })
  .gt(0, taxRuleMessages.percent)
  .max(100, taxRuleMessages.percent)
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, taxRuleMessages.percent);

const ruleFields = {
  code: jurisdictionCode,
  name: z
    .string({ error: taxRuleMessages.name })
    .trim()
    .min(1, taxRuleMessages.name)
    .max(100, taxRuleMessages.nameTooLong)
    .check(plainText()),
  effective_from: isoDate().nullable(),
  effective_to: isoDate().nullable(),
  bands: z.array(taxBandSchema).max(20, taxRuleMessages.bandsTooMany).nullable(),
  percent: percentValue.nullable(),
  cap: z
    .number({ error: taxRuleMessages.cap })
    .int(taxRuleMessages.cap)
    .min(1, taxRuleMessages.cap)
    .max(MAX_TAX_YEN, taxRuleMessages.cap)
    .nullable(),
  exempt_school_trip: z.boolean({ error: taxRuleMessages.flag }),
  exempt_under_12: z.boolean({ error: taxRuleMessages.flag }),
  note: z.string().trim().max(500, taxRuleMessages.noteTooLong).check(plainText()).nullable(),
  source_url: z
    .string({ error: taxRuleMessages.sourceUrl })
    .trim()
    .max(500, taxRuleMessages.sourceUrl)
    .regex(/^https?:\/\/[^\s]+$/, taxRuleMessages.sourceUrl),
};

/** What a rule's fields must hold together; the field named is where the console shows it. */
export function taxRuleProblem(
  rule: Pick<TaxRule, 'bands' | 'percent' | 'cap' | 'effective_from' | 'effective_to'>,
): { field: string; message: string } | null {
  if ((rule.bands === null) === (rule.percent === null)) {
    return { field: 'bands', message: taxRuleMessages.bandsOrPercent };
  }
  if (rule.bands !== null) {
    if (rule.bands.length === 0 || rule.bands[0]!.from !== 0)
      return { field: 'bands', message: taxRuleMessages.bandsFirst };
    for (let i = 1; i < rule.bands.length; i++) {
      if (rule.bands[i]!.from <= rule.bands[i - 1]!.from)
        return { field: 'bands', message: taxRuleMessages.bandsOrder };
    }
    if (rule.cap !== null) return { field: 'cap', message: taxRuleMessages.bandsOrPercent };
  }
  if (rule.effective_from && rule.effective_to && rule.effective_from > rule.effective_to) {
    return { field: 'effective_to', message: taxRuleMessages.dates };
  }
  return null;
}

/** POST /tax/jurisdictions: a new rule; dates, cap and note may be left out (null). */
export const taxRuleCreateSchema = z
  .object({
    ...ruleFields,
    effective_from: ruleFields.effective_from.default(null),
    effective_to: ruleFields.effective_to.default(null),
    bands: ruleFields.bands.default(null),
    percent: ruleFields.percent.default(null),
    cap: ruleFields.cap.default(null),
    exempt_school_trip: ruleFields.exempt_school_trip.default(false),
    exempt_under_12: ruleFields.exempt_under_12.default(false),
    note: ruleFields.note.default(null),
  })
  .superRefine((rule, ctx) => {
    const problem = taxRuleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type TaxRuleInput = z.output<typeof taxRuleCreateSchema>;

/** PATCH /tax/jurisdictions/{id}: any of the fields but the code; checked whole by the service. */
export const taxRulePatchSchema = z
  .object(
    Object.fromEntries(Object.entries(ruleFields).filter(([k]) => k !== 'code')) as Omit<typeof ruleFields, 'code'>,
  )
  .partial();
export type TaxRulePatch = z.output<typeof taxRulePatchSchema>;

/** Two spans of nights (null: open) share a night. */
export function spansOverlap(
  a: Pick<TaxRule, 'effective_from' | 'effective_to'>,
  b: Pick<TaxRule, 'effective_from' | 'effective_to'>,
): boolean {
  const startsBeforeEnd = (x: typeof a, y: typeof a) =>
    x.effective_from === null || y.effective_to === null || x.effective_from <= y.effective_to;
  return startsBeforeEnd(a, b) && startsBeforeEnd(b, a);
}

/** The rule of `code` in force on the night of `date`, if any. */
export function ruleOn<R extends Pick<TaxRule, 'code' | 'effective_from' | 'effective_to'>>(
  rules: readonly R[],
  code: string,
  date: string,
): R | undefined {
  return rules.find(
    (r) =>
      r.code === code &&
      (r.effective_from === null || r.effective_from <= date) &&
      (r.effective_to === null || date <= r.effective_to),
  );
}
