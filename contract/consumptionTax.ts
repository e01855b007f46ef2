import { phoneMessage, phoneNumber, plainText, tooLongMessage } from './fieldRules';
import { z } from './zod';

/**
 * Consumption tax and the invoice system (インボイス制度, issue 31): the tax class of every charge
 * line, the tax of a document per rate (rounded once per rate, never line by line: 消費税法施行令70条の10),
 * and the company's invoice settings with its registration number (T and 13 digits; a corporation's
 * is its 法人番号, whose first digit is a check digit). Prices are tax-inclusive.
 */

/** 10 %, the reduced 8 % (drinks without alcohol from the room's fridge), or outside the tax (入湯税, 宿泊税, 立替金). */
export const TAX_CLASSES = ['10', '8', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = { '10': '10%', '8': '8%（軽減税率）', exempt: '対象外' };

export const ROUNDINGS = ['floor', 'round', 'ceil'] as const;
export type Rounding = (typeof ROUNDINGS)[number];
export const ROUNDING_LABELS: Record<Rounding, string> = { floor: '切捨て', round: '四捨五入', ceil: '切上げ' };

export const invoiceMessages = {
  taxClass: '税区分は「10%」「8%」「対象外」から選んでください',
  registrationNumber: '登録番号は「T」と13桁の数字で入力してください',
  checkDigit: '登録番号が法人番号として正しくありません（先頭の検査用数字が合いません）',
  rounding: '端数処理は「切捨て」「四捨五入」「切上げ」から選んでください',
  issuerNameTooLong: '発行者名は100文字以内で入力してください',
  issuerAddressTooLong: '発行者の住所は200文字以内で入力してください',
  /** The one phone rule's message (contract/fieldRules.ts), and its length. */
  issuerTel: phoneMessage,
  issuerTelTooLong: tooLongMessage('電話番号', 20),
  flag: 'はい（true）かいいえ（false）で指定してください',
} as const;

/** The consumption tax inside a tax-inclusive total at r %, rounded once (integers only: exact). */
export function taxInside(total: number, rate: 10 | 8, rounding: Rounding): number {
  const numerator = total * rate;
  const denominator = 100 + rate;
  if (rounding === 'floor') return Math.floor(numerator / denominator);
  if (rounding === 'ceil') return Math.ceil(numerator / denominator);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export interface ChargeLine {
  amount: number;
  tax_class: TaxClass;
}

export interface RateTotals {
  '10': { amount: number; tax: number };
  '8': { amount: number; tax: number };
  exempt: number;
}

/** A document's totals per rate: each rate's lines added first, its tax rounded once. */
export function rateTotals(lines: readonly ChargeLine[], rounding: Rounding): RateTotals {
  const sum = (c: TaxClass) => lines.filter((l) => l.tax_class === c).reduce((s, l) => s + l.amount, 0);
  const ten = sum('10');
  const eight = sum('8');
  return {
    '10': { amount: ten, tax: taxInside(ten, 10, rounding) },
    '8': { amount: eight, tax: taxInside(eight, 8, rounding) },
    exempt: sum('exempt'),
  };
}

/** 法人番号's check digit of its 12 other digits: 9 - (Σ digit × (1 or 2, alternately from the right) mod 9). */
export function corporateCheckDigit(twelveDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const digit = Number(twelveDigits[11 - i]);
    sum += digit * (i % 2 === 0 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export const REGISTRATION_NUMBER = /^T\d{13}$/;

/** What is wrong with a registration number, or null. A corporation's must carry its check digit. */
export function registrationNumberProblem(number: string, corporate: boolean): string | null {
  if (!REGISTRATION_NUMBER.test(number)) return invoiceMessages.registrationNumber;
  if (corporate && Number(number[1]) !== corporateCheckDigit(number.slice(2))) return invoiceMessages.checkDigit;
  return null;
}

// ---- Settings -----------------------------------------------------------------------------------

/** The company's invoice settings (GET /company/invoice-settings). */
export const invoiceSettingsSchema = z.object({
  /** T and 13 digits; null until the company registers. */
  registration_number: z.string().nullable(),
  /** A corporation (法人): its number is checked as a 法人番号. */
  corporate: z.boolean(),
  issuer_name: z.string().nullable(),
  issuer_address: z.string().nullable(),
  issuer_tel: z.string().nullable(),
  rounding: z.enum(ROUNDINGS),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

const blankToNull = (v: string | null | undefined) => (v === '' ? null : v);

/** PATCH: any of them; the number is checked against `corporate` as it will be after the change. */
export const invoiceSettingsPatchSchema = z.object({
  registration_number: z
    .string({ error: invoiceMessages.registrationNumber })
    .trim()
    .max(14, invoiceMessages.registrationNumber)
    .nullable()
    .optional()
    .transform(blankToNull)
    .refine((v) => v == null || REGISTRATION_NUMBER.test(v), invoiceMessages.registrationNumber),
  corporate: z.boolean({ error: invoiceMessages.flag }).optional(),
  issuer_name: z
    .string()
    .trim()
    .max(100, invoiceMessages.issuerNameTooLong)
    .check(plainText())
    .nullable()
    .optional()
    .transform(blankToNull),
  issuer_address: z
    .string()
    .trim()
    .max(200, invoiceMessages.issuerAddressTooLong)
    .check(plainText())
    .nullable()
    .optional()
    .transform(blankToNull),
  issuer_tel: phoneNumber({ max: 20, tooLong: invoiceMessages.issuerTelTooLong })
    .nullable()
    .optional()
    .transform(blankToNull),
  rounding: z.enum(ROUNDINGS, { error: invoiceMessages.rounding }).optional(),
});
export type InvoiceSettingsPatch = z.output<typeof invoiceSettingsPatchSchema>;
