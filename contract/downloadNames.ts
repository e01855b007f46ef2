import { INVOICE_TITLES, type InvoiceKind } from './invoiceKinds';

/**
 * The names of the files the console downloads (an ASCII one and the Japanese one of
 * Content-Disposition), for the server that sends them and the console that saves them. Apart
 * from the schemas of their documents, so that the console's first load does not bring zod.
 */

/** The register file's names, for the server and the console: ASCII for every client, the Japanese one for those that read filename*. */
export const registerFileNames = (from: string, to: string, extension: 'csv' | 'pdf') => {
  const span = `${from.replaceAll('-', '')}-${to.replaceAll('-', '')}`;
  return { ascii: `guest-register-${span}.${extension}`, utf8: `宿泊者名簿_${span}.${extension}` };
};

/** The PDF's file name: the kind and the number (ASCII), and the Japanese title. */
export const invoiceFileNames = (invoice: { kind: InvoiceKind; number: string }) => ({
  ascii: `${invoice.kind}-${invoice.number}.pdf`,
  utf8: `${INVOICE_TITLES[invoice.kind]}_${invoice.number}.pdf`,
});

export const taxLedgerFileNames = (month: string, kind: string, extension: 'csv' | 'pdf') => ({
  ascii: `tax-ledger-${kind}-${month}.${extension}`,
  utf8: `${kind === 'bathing' ? '入湯税' : '宿泊税'}_月計表_${month}.${extension}`,
});

export const dailyReportFileNames = (from: string, to: string, extension: 'csv' | 'pdf') => {
  const span = from === to ? from.replaceAll('-', '') : from.slice(0, 7).replace('-', '');
  const ja = from === to ? '日計表' : '月計表';
  return { ascii: `daily-report-${span}.${extension}`, utf8: `${ja}_${span}.${extension}` };
};
