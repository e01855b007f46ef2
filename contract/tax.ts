import { isoDate } from './params';
import { jurisdictionCode, ruleOn, type TaxRule } from './taxRule';
import { z } from './zod';

/**
 * 宿泊税 and 入湯税 (issue 31): a facility's tax settings, the lines a stay owes and the one
 * computation of them, which the server answers for a booking (GET /admin/books/{id}/taxes) and for
 * any nights (POST /tax/quote). Per guest per night: the rule of each jurisdiction the facility
 * names, in force on the night's date, applied to the base per person (contract/taxRule.ts); the
 * exempt guests (school trips, children under 12 where the rule says so) are counted, not charged.
 */

export const TAX_COLLECTIONS = ['separate', 'included'] as const;
export type TaxCollection = (typeof TAX_COLLECTIONS)[number];
export const TAX_KINDS = ['accommodation', 'bathing'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];
export const EXEMPT_REASONS = ['school_trip', 'under_12'] as const;
export type ExemptReason = (typeof EXEMPT_REASONS)[number];

/** 地方税法701条の2: the standard 入湯税 per person per day. */
export const STANDARD_BATHING_RATE = 150;
export const MAX_JURISDICTIONS = 10;
export const MAX_TAX_GUESTS = 999;

export const taxMessages = {
  jurisdictions: `管轄は${MAX_JURISDICTIONS}件まで、一覧のコードで指定してください`,
  jurisdictionsTwice: '同じ管轄が2回指定されています',
  collection: '徴収の方法は「別途徴収」か「料金に含む」から選んでください',
  rate: '入湯税の額は0〜10,000円の整数で入力してください',
  flag: 'はい（true）かいいえ（false）で指定してください',
  nights: '泊は1〜400泊を、日付と1人1泊の宿泊料金で指定してください',
  base: '1人1泊の宿泊料金は0〜100,000,000円の整数で入力してください',
  guests: `人数は1〜${MAX_TAX_GUESTS}人の整数で入力してください`,
  children: '12歳未満の人数は0人以上、人数以下の整数で入力してください',
} as const;

export const EXEMPT_REASON_LABELS: Record<ExemptReason, string> = {
  school_trip: '修学旅行等',
  under_12: '12歳未満',
};
export const TAX_KIND_LABELS: Record<TaxKind, string> = { accommodation: '宿泊税', bathing: '入湯税' };
export const TAX_COLLECTION_LABELS: Record<TaxCollection, string> = {
  separate: '別途徴収（請求に加える）',
  included: '料金に含む（内訳として表示）',
};

// ---- Settings -----------------------------------------------------------------------------------

const bathingRate = z
  .number({ error: taxMessages.rate })
  .int(taxMessages.rate)
  .min(0, taxMessages.rate)
  .max(10_000, taxMessages.rate);

/** A facility's tax settings (GET /facility/{id}/tax-settings). */
export const taxSettingsSchema = z.object({
  /** The codes of the jurisdictions whose 宿泊税 the facility collects (Sapporo: hokkaido and sapporo). */
  jurisdictions: z.array(z.string()),
  /** 入湯税: per adult per night, and per day visitor. */
  bathing_tax: z.object({ enabled: z.boolean(), rate: z.number().int(), day_rate: z.number().int() }),
  /** separate: the taxes are added to the guest's bill; included: shown and counted, the bill unchanged. */
  collection: z.enum(TAX_COLLECTIONS),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const NO_TAXES: TaxSettings = {
  jurisdictions: [],
  bathing_tax: { enabled: false, rate: STANDARD_BATHING_RATE, day_rate: 0 },
  collection: 'separate',
};

const jurisdictionList = z
  .array(jurisdictionCode, { error: taxMessages.jurisdictions })
  .max(MAX_JURISDICTIONS, taxMessages.jurisdictions)
  .refine((codes) => new Set(codes).size === codes.length, taxMessages.jurisdictionsTwice);

/** PATCH: any part; bathing_tax names only what it changes. */
export const taxSettingsPatchSchema = z.object({
  jurisdictions: jurisdictionList.optional(),
  bathing_tax: z
    .object({
      enabled: z.boolean({ error: taxMessages.flag }).optional(),
      rate: bathingRate.optional(),
      day_rate: bathingRate.optional(),
    })
    .optional(),
  collection: z.enum(TAX_COLLECTIONS, { error: taxMessages.collection }).optional(),
});
export type TaxSettingsPatch = z.output<typeof taxSettingsPatchSchema>;

// ---- Lines --------------------------------------------------------------------------------------

/** One tax of one night: the guests charged, those exempt and why, the base and the amount. */
export const taxLineSchema = z.object({
  kind: z.enum(TAX_KINDS),
  /** The jurisdiction's code; null for 入湯税 (the facility's own rate). */
  jurisdiction: z.string().nullable(),
  /** The rule's name (東京都 宿泊税), or 入湯税. */
  name: z.string(),
  /** The night (its check-in date). */
  date: z.string(),
  /** Guests charged. */
  guests: z.number().int(),
  exempt_guests: z.number().int(),
  exempt_reason: z.enum(EXEMPT_REASONS).nullable(),
  /** The base per person per night the rule read; null for 入湯税, which has none. */
  base_per_person: z.number().int().nullable(),
  amount_per_person: z.number().int(),
  amount: z.number().int(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

export const taxLinesSchema = z.object({
  lines: z.array(taxLineSchema),
  total: z.number().int(),
  /** A booking's: whether its facility adds the taxes to the bill or keeps them inside its price. */
  collection: z.enum(TAX_COLLECTIONS).optional(),
});
export type TaxLines = z.infer<typeof taxLinesSchema>;

/** A night of a stay and its base per person (the 宿泊料金 without consumption tax and meals). */
export interface TaxNight {
  date: string;
  base_per_person: number;
}

/** Who stays: every guest, those under 12 among them, and whether it is a school trip. */
export interface TaxParty {
  guests: number;
  children_under_12: number;
  school_trip: boolean;
}

type Rule = Pick<TaxRule, 'code' | 'name' | 'effective_from' | 'effective_to' | 'bands' | 'percent' | 'cap'> &
  Pick<TaxRule, 'exempt_school_trip' | 'exempt_under_12'>;

/** What a rule charges one guest for one night at this base. Percentages round down to the yen. */
export function amountPerPerson(rule: Pick<Rule, 'bands' | 'percent' | 'cap'>, base: number): number {
  if (rule.percent !== null) {
    // In hundredths of a percent, so that 3 % of 40,000 is 1,200 exactly.
    const amount = Math.floor((base * Math.round(rule.percent * 100)) / 10_000);
    return rule.cap === null ? amount : Math.min(amount, rule.cap);
  }
  let amount = 0;
  for (const band of rule.bands ?? []) if (base >= band.from) amount = band.amount;
  return amount;
}

/** Who of the party a tax exempts: all of a school trip, or the children when the rule exempts them. */
function exemption(
  party: TaxParty,
  exemptsSchoolTrip: boolean,
  exemptsChildren: boolean,
): { exempt: number; reason: ExemptReason | null } {
  if (party.school_trip && exemptsSchoolTrip) return { exempt: party.guests, reason: 'school_trip' };
  if (exemptsChildren && party.children_under_12 > 0) {
    return { exempt: Math.min(party.children_under_12, party.guests), reason: 'under_12' };
  }
  return { exempt: 0, reason: null };
}

/** 宿泊税: a line per night and jurisdiction that has a rule in force on that night. */
export function accommodationTaxLines(
  rules: readonly Rule[],
  jurisdictions: readonly string[],
  nights: readonly TaxNight[],
  party: TaxParty,
): TaxLine[] {
  const lines: TaxLine[] = [];
  for (const night of nights) {
    for (const code of jurisdictions) {
      const rule = ruleOn(rules, code, night.date);
      if (!rule) continue;
      const { exempt, reason } = exemption(party, rule.exempt_school_trip, rule.exempt_under_12);
      const guests = party.guests - exempt;
      const perPerson = amountPerPerson(rule, night.base_per_person);
      lines.push({
        kind: 'accommodation',
        jurisdiction: code,
        name: rule.name,
        date: night.date,
        guests,
        exempt_guests: exempt,
        exempt_reason: reason,
        base_per_person: night.base_per_person,
        amount_per_person: perPerson,
        amount: perPerson * guests,
      });
    }
  }
  return lines;
}

/** 入湯税: a line per night at the facility's rate; children under 12 and school trips exempt. */
export function bathingTaxLines(
  bathing: TaxSettings['bathing_tax'],
  dates: readonly string[],
  party: TaxParty,
): TaxLine[] {
  if (!bathing.enabled) return [];
  const { exempt, reason } = exemption(party, true, true);
  const guests = party.guests - exempt;
  return dates.map((date) => ({
    kind: 'bathing',
    jurisdiction: null,
    name: TAX_KIND_LABELS.bathing,
    date,
    guests,
    exempt_guests: exempt,
    exempt_reason: reason,
    base_per_person: null,
    amount_per_person: bathing.rate,
    amount: bathing.rate * guests,
  }));
}

export function taxLinesOf(lines: TaxLine[]): TaxLines {
  return { lines, total: lines.reduce((sum, l) => sum + l.amount, 0) };
}

// ---- Quote --------------------------------------------------------------------------------------

const baseYen = z
  .number({ error: taxMessages.base })
  .int(taxMessages.base)
  .min(0, taxMessages.base)
  .max(100_000_000, taxMessages.base);

/** POST /tax/quote: the taxes of any nights, for the screens and for checking a rule. */
export const taxQuoteSchema = z
  .object({
    jurisdictions: jurisdictionList,
    nights: z
      .array(z.object({ date: isoDate(), base_per_person: baseYen }), { error: taxMessages.nights })
      .min(1, taxMessages.nights)
      .max(400, taxMessages.nights),
    guests: z
      .number({ error: taxMessages.guests })
      .int(taxMessages.guests)
      .min(1, taxMessages.guests)
      .max(MAX_TAX_GUESTS, taxMessages.guests),
    children_under_12: z
      .number({ error: taxMessages.children })
      .int(taxMessages.children)
      .min(0, taxMessages.children)
      .default(0),
    school_trip: z.boolean({ error: taxMessages.flag }).default(false),
    /** 入湯税 per adult per night to add (a facility's rate); left out: none. */
    bathing_rate: bathingRate.optional(),
  })
  .refine((q) => q.children_under_12 <= q.guests, { path: ['children_under_12'], message: taxMessages.children });
export type TaxQuote = z.output<typeof taxQuoteSchema>;
