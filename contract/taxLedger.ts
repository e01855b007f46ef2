import { EXEMPT_REASONS, TAX_KINDS } from './tax';
import { z } from './zod';
export { taxLedgerFileNames } from './downloadNames';

/**
 * The monthly tax ledger of a facility (issue 31, 月計表 of 宿泊税 or 入湯税): per jurisdiction and
 * amount per guest night, the guest-nights and the tax; the exempt guest-nights with their reason;
 * and the total, the amount to file. A night counts in the month of its date (a stay from 02-27 to
 * 03-02 files two nights in February at February's rule and one in March at March's).
 */

export const taxLedgerMessages = {
  month: '月は yyyy-MM の形式で入力してください',
  kind: '税の種類は accommodation（宿泊税）か bathing（入湯税）を指定してください',
  format: '形式は json、csv、pdf のいずれかを指定してください',
} as const;

export const taxLedgerQuery = z.object({
  month: z.string({ error: taxLedgerMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, taxLedgerMessages.month),
  kind: z.enum(TAX_KINDS, { error: taxLedgerMessages.kind }).default('accommodation'),
  format: z.enum(['json', 'csv', 'pdf'], { error: taxLedgerMessages.format }).default('json'),
});
export type TaxLedgerQuery = z.output<typeof taxLedgerQuery>;

export const taxLedgerRowSchema = z.object({
  /** The jurisdiction's code; null for 入湯税. */
  jurisdiction: z.string().nullable(),
  name: z.string(),
  amount_per_person: z.number().int(),
  guest_nights: z.number().int(),
  amount: z.number().int(),
});
export type TaxLedgerRow = z.infer<typeof taxLedgerRowSchema>;

export const taxLedgerSchema = z.object({
  month: z.string(),
  kind: z.enum(TAX_KINDS),
  rows: z.array(taxLedgerRowSchema),
  exempt: z.array(
    z.object({
      jurisdiction: z.string().nullable(),
      name: z.string(),
      reason: z.enum(EXEMPT_REASONS),
      guest_nights: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type TaxLedger = z.infer<typeof taxLedgerSchema>;

/** GET /admin/tax/month: this month's taxes of each facility the user reaches that collects any (the dashboard's card). */
export const taxMonthSchema = z.object({
  month: z.string(),
  facilities: z.array(
    z.object({
      accommodation_id: z.number().int(),
      name: z.string(),
      accommodation: z.number().int(),
      bathing: z.number().int(),
    }),
  ),
});
export type TaxMonth = z.infer<typeof taxMonthSchema>;
export const taxMonthQuery = z.object({ month: taxLedgerQuery.shape.month.optional() });
