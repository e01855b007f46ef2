import { apiPath } from '../../contract/apiPaths';
import type { InvoiceSettings, InvoiceSettingsPatch } from '../../contract/consumptionTax';
import type { TaxKind, TaxLines, TaxSettings, TaxSettingsPatch } from '../../contract/tax';
import type { TaxRule, TaxRuleInput, TaxRulePatch } from '../../contract/taxRule';
import type { FreeMail } from '../../contract/mailTemplate';
import type { Invoice, InvoiceCreate, InvoiceReissue } from '../../contract/invoice';
import { dailyReportFileNames, invoiceFileNames, taxLedgerFileNames } from '../../contract/downloadNames';
import { downloadCsv, downloadPdf, type CsvDownload } from './csvDownload';
import type { TaxLedger, TaxMonth } from '../../contract/taxLedger';
import type { DailyReport } from '../../contract/dailyReport';
import type { DayVisit, DayVisitInput, DayVisits } from '../../contract/dayVisit';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/** The calls of taxes and invoices (issue 31): 宿泊税 rules, a facility's tax settings, a booking's taxes, invoice settings. */
export const taxMethods = {
  async getTaxRules(signal?: AbortSignal): Promise<TaxRule[]> {
    return (await httpClient<{ rules: TaxRule[] }>(apiUrl(apiPath('taxRules')), { signal })).json.rules;
  },

  /** Adds a rule (administrators); answers it as stored. */
  async createTaxRule(rule: TaxRuleInput): Promise<TaxRule> {
    return (await httpClient<TaxRule>(apiUrl(apiPath('taxRules')), { method: 'POST', body: rule })).json;
  },

  /** Corrects a rule (administrators): anything but its code. */
  async updateTaxRule(id: number, patch: TaxRulePatch): Promise<TaxRule> {
    return (await httpClient<TaxRule>(apiUrl(apiPath('taxRule', { id })), { method: 'PATCH', body: patch })).json;
  },

  async getTaxSettings(accommodationId: number, signal?: AbortSignal): Promise<TaxSettings> {
    return (await httpClient<TaxSettings>(apiUrl(apiPath('taxSettings', { id: accommodationId })), { signal })).json;
  },

  /** Changes them (administrators); answers the settings as saved. */
  async updateTaxSettings(accommodationId: number, patch: TaxSettingsPatch): Promise<TaxSettings> {
    const url = apiUrl(apiPath('taxSettings', { id: accommodationId }));
    return (await httpClient<TaxSettings>(url, { method: 'PATCH', body: patch })).json;
  },

  /** A booking's 宿泊税 and 入湯税, a line per night and tax. */
  async getBookTaxes(bookId: number, signal?: AbortSignal): Promise<TaxLines> {
    return (await httpClient<TaxLines>(apiUrl(apiPath('bookTaxes', { id: bookId })), { signal })).json;
  },

  async getInvoiceSettings(signal?: AbortSignal): Promise<InvoiceSettings> {
    return (await httpClient<InvoiceSettings>(apiUrl(apiPath('invoiceSettings')), { signal })).json;
  },

  /** A facility's monthly ledger of 宿泊税 or 入湯税. */
  async getTaxLedger(accommodationId: number, month: string, kind: TaxKind, signal?: AbortSignal): Promise<TaxLedger> {
    const url = apiUrl(apiPath('taxLedger', { id: accommodationId }));
    return (await httpClient<TaxLedger>(url, { query: { month, kind }, signal })).json;
  },

  /** A facility's day visitors to its baths recorded in a month. */
  async getDayVisits(accommodationId: number, month: string, signal?: AbortSignal): Promise<DayVisits> {
    const url = apiUrl(apiPath('dayVisits', { id: accommodationId }));
    return (await httpClient<DayVisits>(url, { query: { month }, signal })).json;
  },

  /** Records a day's day visitors (all 0 removes the day); answers the day as stored. */
  async putDayVisit(accommodationId: number, date: string, input: DayVisitInput): Promise<DayVisit> {
    const url = apiUrl(apiPath('dayVisit', { id: accommodationId, date }));
    return (await httpClient<DayVisit>(url, { method: 'PUT', body: input })).json;
  },

  /** A facility's 日計表 (a date) or 月計表 (a month). */
  async getDailyReport(accommodationId: number, period: { date: string } | { month: string }, signal?: AbortSignal) {
    const url = apiUrl(apiPath('dailyReport', { id: accommodationId }));
    return (await httpClient<DailyReport>(url, { query: period, signal })).json;
  },

  /** The same report as the server's CSV or PDF. */
  async downloadDailyReport(
    accommodationId: number,
    period: { date: string } | { month: string },
    format: 'csv' | 'pdf',
  ) {
    const path = apiPath('dailyReport', { id: accommodationId });
    const from = 'date' in period ? period.date : `${period.month}-01`;
    const name = dailyReportFileNames(from, 'date' in period ? from : '', format).ascii;
    return format === 'csv'
      ? downloadCsv(path, { ...period, format }, name)
      : downloadPdf(path, { ...period, format }, name);
  },

  /** This month's taxes of each facility that collects any (the dashboard). */
  async getTaxMonth(signal?: AbortSignal): Promise<TaxMonth> {
    return (await httpClient<TaxMonth>(apiUrl(apiPath('taxMonth')), { signal })).json;
  },

  /** The same ledger as the server's CSV or PDF. */
  async downloadTaxLedger(accommodationId: number, month: string, kind: TaxKind, format: 'csv' | 'pdf') {
    const path = apiPath('taxLedger', { id: accommodationId });
    const name = taxLedgerFileNames(month, kind, format).ascii;
    return format === 'csv'
      ? downloadCsv(path, { month, kind, format }, name)
      : downloadPdf(path, { month, kind, format }, name);
  },

  /** A booking's receipts, invoices and refund documents, the latest first. */
  async listBookInvoices(bookId: number, signal?: AbortSignal): Promise<Invoice[]> {
    const url = apiUrl(apiPath('bookInvoices', { id: bookId }));
    return (await httpClient<{ invoices: Invoice[] }>(url, { signal })).json.invoices;
  },

  async issueInvoice(bookId: number, body: InvoiceCreate): Promise<Invoice> {
    const url = apiUrl(apiPath('bookInvoices', { id: bookId }));
    return (await httpClient<Invoice>(url, { method: 'POST', body })).json;
  },

  async reissueInvoice(id: number, body: InvoiceReissue = {}): Promise<Invoice> {
    const url = apiUrl(apiPath('invoiceReissue', { id }));
    return (await httpClient<Invoice>(url, { method: 'POST', body })).json;
  },

  /** Mails the document's PDF to the guest (through the outbox), with this title and body. */
  async mailInvoice(id: number, mail: FreeMail): Promise<void> {
    await httpClient(apiUrl(apiPath('invoiceMail', { id })), { method: 'POST', body: mail });
  },

  /** The document's PDF as the server wrote it. */
  async downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'kind' | 'number'>): Promise<CsvDownload> {
    return downloadPdf(apiPath('invoice', { id: invoice.id }), { format: 'pdf' }, invoiceFileNames(invoice).ascii);
  },

  async updateInvoiceSettings(patch: InvoiceSettingsPatch): Promise<InvoiceSettings> {
    const url = apiUrl(apiPath('invoiceSettings'));
    return (await httpClient<InvoiceSettings>(url, { method: 'PATCH', body: patch })).json;
  },
};
