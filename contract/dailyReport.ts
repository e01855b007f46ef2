import { isoDate } from './params';
import { INVOICE_KINDS } from './invoice';
import { z } from './zod';
export { dailyReportFileNames } from './downloadNames';

/**
 * 日計表 and 月計表 of a facility (issue 31): over a day or a month, the sales by consumption tax
 * rate with their tax (each rate rounded once), the taxes collected apart, the payments by how they
 * were paid, the refunds, and the documents issued. A stay's sales fall on its nights (its stay
 * charge split evenly over them), its options on its check-in day, a cancellation fee on the day of
 * the cancel; a payment on its payment date, a refund on the day it was recorded (Tokyo).
 */

export const dailyReportMessages = {
  period: '日付（date=yyyy-MM-dd）か月（month=yyyy-MM）のどちらか一方を指定してください',
  month: '月は yyyy-MM の形式で入力してください',
  format: '形式は json、csv、pdf のいずれかを指定してください',
} as const;

export const dailyReportQuery = z
  .object({
    date: isoDate().optional(),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, dailyReportMessages.month)
      .optional(),
    format: z.enum(['json', 'csv', 'pdf'], { error: dailyReportMessages.format }).default('json'),
  })
  .refine((q) => (q.date === undefined) !== (q.month === undefined), {
    path: ['date'],
    message: dailyReportMessages.period,
  });
export type DailyReportQuery = z.output<typeof dailyReportQuery>;

const rate = z.object({ amount: z.number().int(), tax: z.number().int() });

export const dailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sales: z.object({ '10': rate, '8': rate, exempt: z.number().int(), total: z.number().int() }),
  /** 宿泊税 and 入湯税 on the period's nights, of the stays whose facility collects them apart (inside sales.exempt). */
  taxes: z.object({ accommodation: z.number().int(), bathing: z.number().int() }),
  payments: z.array(
    z.object({ pay_type: z.number().int(), label: z.string(), count: z.number().int(), amount: z.number().int() }),
  ),
  refunds: z.object({ count: z.number().int(), amount: z.number().int() }),
  documents: z.array(
    z.object({
      kind: z.enum(INVOICE_KINDS),
      count: z.number().int(),
      voided: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
