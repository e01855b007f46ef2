import { rateTotals, TAX_CLASSES, type ChargeLine, type Rounding, type TaxClass } from './consumptionTax';
import { plainText } from './fieldRules';
import type { TaxCollection, TaxLine } from './tax';
import { z } from './zod';
import { INVOICE_KINDS, INVOICE_TITLES, type InvoiceKind } from './invoiceKinds';
export { invoiceFileNames } from './downloadNames';

/**
 * Receipts and invoices under the invoice system (issue 31): 領収書 (適格簡易請求書, the recipient
 * optional), 請求書 (適格請求書, the recipient required) and 返還請求書 (適格返還請求書, for money given
 * back). A document's lines (`invoiceLines`) are the stay, its options and the taxes outside the
 * consumption tax; its totals per rate are contract/consumptionTax.ts `rateTotals`, rounded once.
 */

export { INVOICE_KINDS, INVOICE_TITLES, type InvoiceKind };
/** What the law calls it, printed under the title. */
export const INVOICE_LEGAL_NAMES: Record<InvoiceKind, string> = {
  receipt: '適格簡易請求書',
  invoice: '適格請求書',
  refund: '適格返還請求書',
};

/** 令和5年度改正: a refund under 10,000 yen (tax-inclusive) needs no 適格返還請求書. */
export const REFUND_NOTE_BELOW = 10_000;

export const invoiceDocumentMessages = {
  kind: '書類の種類は「領収書」「請求書」「返還請求書」から選んでください',
  recipientRequired: '請求書（適格請求書）には宛名を入力してください',
  recipientTooLong: '宛名は100文字以内で入力してください',
  provisoTooLong: '但し書きは100文字以内で入力してください',
  format: '形式は json か pdf を指定してください',
  /** 409 */
  cancelledUnpaid: 'キャンセルされ入金のない予約には領収書・請求書を発行できません',
  noRefund: '返金のない予約には返還請求書を発行できません',
  voided: 'この書類はすでに再発行されて無効です。新しい書類から再発行してください',
  noRegistration:
    'インボイスの登録番号が設定されていません。詳細設定の「インボイス（適格請求書）の発行者」で登録してください',
  refundNotRequired: '税込1万円未満の返還のため、返還請求書の交付義務はありません（参考として発行しています）',
  paidOnChannel: 'お支払済（予約サイト決済）',
  reissue: '再発行',
} as const;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  amount: z.number().int(),
  tax_class: z.enum(TAX_CLASSES),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const rateTotal = z.object({ amount: z.number().int(), tax: z.number().int() });
export const invoiceTotalsSchema = z.object({ '10': rateTotal, '8': rateTotal, exempt: z.number().int() });

export const invoiceSchema = z.object({
  id: z.number().int(),
  book_id: z.number().int(),
  accommodation_id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  /** `<facility>-<year>-<6 digits>`, gap-free per facility and year. */
  number: z.string(),
  /** ISO 8601 with +09:00. */
  issued_at: z.string(),
  recipient_name: z.string().nullable(),
  proviso: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  totals: invoiceTotalsSchema,
  total: z.number().int(),
  registration_number: z.string(),
  issuer: z.object({ name: z.string().nullable(), address: z.string().nullable(), tel: z.string().nullable() }),
  /** A stay paid on the booking site: the document says お支払済（予約サイト決済）. */
  paid_on_channel: z.boolean(),
  /** Set when a reissue replaced it (ISO 8601 with +09:00). */
  voided_at: z.string().nullable(),
  /** The document it replaces (a reissue: the PDF says 再発行 and names it). */
  replaces: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** A note printed on it (a refund under 10,000 yen needs none). */
  note: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

const recipient = z
  .string({ error: invoiceDocumentMessages.recipientTooLong })
  .trim()
  .max(100, invoiceDocumentMessages.recipientTooLong)
  .check(plainText());
const proviso = z
  .string({ error: invoiceDocumentMessages.provisoTooLong })
  .trim()
  .max(100, invoiceDocumentMessages.provisoTooLong)
  .check(plainText());
const blankToNull = (v: string | null | undefined) => (v ? v : null);

/** POST /admin/books/{id}/invoices. */
export const invoiceCreateSchema = z
  .object({
    kind: z.enum(INVOICE_KINDS, { error: invoiceDocumentMessages.kind }),
    recipient_name: recipient.nullable().optional().transform(blankToNull),
    proviso: proviso.nullable().optional().transform(blankToNull),
  })
  .refine((d) => d.kind !== 'invoice' || d.recipient_name !== null, {
    path: ['recipient_name'],
    message: invoiceDocumentMessages.recipientRequired,
  });
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;

/** POST /admin/invoices/{id}/reissue: the same document under a new number; the recipient and proviso may change. */
export const invoiceReissueSchema = z.object({
  recipient_name: recipient.nullable().optional(),
  proviso: proviso.nullable().optional(),
});
export type InvoiceReissue = z.output<typeof invoiceReissueSchema>;

export const invoiceFormatQuery = z.object({
  format: z.enum(['json', 'pdf'], { error: invoiceDocumentMessages.format }).default('json'),
});

/** The document's number: the facility, the year and the place in that year. */
export const invoiceNumber = (accommodationId: number, year: number, seq: number) =>
  `${accommodationId}-${year}-${String(seq).padStart(6, '0')}`;

/** What a booking's document is drawn from. */
export interface InvoiceSource {
  stay: { description: string; amount: number };
  options: readonly { name: string; price: number; unit: number; days: number; tax_class: TaxClass }[];
  taxes: readonly TaxLine[];
  collection: TaxCollection;
}

/**
 * The lines of a stay's document: the stay at 10 %, each option at its class, and each tax outside
 * the consumption tax, grouped like the booking panel (one line per tax, amount and guests). With
 * `included` the taxes are inside the stay's price: the stay's line gives them up, so the total is
 * the bill's, and they stay outside the consumption tax (消費税法基本通達10-1-11: shown apart).
 */
export function invoiceLines(source: InvoiceSource): InvoiceLine[] {
  const taxTotal = source.taxes.reduce((sum, t) => sum + t.amount, 0);
  const stayAmount = source.stay.amount - (source.collection === 'included' ? taxTotal : 0);
  const lines: InvoiceLine[] = [
    { description: source.stay.description, quantity: 1, unit_price: stayAmount, amount: stayAmount, tax_class: '10' },
  ];
  for (const o of source.options) {
    const quantity = o.unit * o.days;
    lines.push({
      description: o.name,
      quantity,
      unit_price: o.price,
      amount: o.price * quantity,
      tax_class: o.tax_class,
    });
  }
  const groups = new Map<string, InvoiceLine>();
  for (const t of source.taxes) {
    if (t.amount === 0) continue;
    const key = `${t.name}|${t.amount_per_person}`;
    const line = groups.get(key) ?? {
      description: t.name,
      quantity: 0,
      unit_price: t.amount_per_person,
      amount: 0,
      tax_class: 'exempt' as const,
    };
    line.quantity += t.guests;
    line.amount += t.amount;
    groups.set(key, line);
  }
  return [...lines, ...groups.values()];
}

/** A document's totals and its total. */
export function invoiceTotals(lines: readonly ChargeLine[], rounding: Rounding) {
  return { totals: rateTotals(lines, rounding), total: lines.reduce((sum, l) => sum + l.amount, 0) };
}
