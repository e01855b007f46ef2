/** The documents a booking's money is issued as (issue 31), without their schemas. */
export const INVOICE_KINDS = ['receipt', 'invoice', 'refund'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** What the document is called on paper. */
export const INVOICE_TITLES: Record<InvoiceKind, string> = {
  receipt: '領収書',
  invoice: '請求書',
  refund: '返還請求書',
};
