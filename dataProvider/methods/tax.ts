import { apiPath } from '../../contract/apiPaths';
import type { InvoiceSettings, InvoiceSettingsPatch } from '../../contract/consumptionTax';
import type { TaxLines, TaxSettings, TaxSettingsPatch } from '../../contract/tax';
import type { TaxRule } from '../../contract/taxRule';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/** The calls of taxes and invoices (issue 31): 宿泊税 rules, a facility's tax settings, a booking's taxes, invoice settings. */
export const taxMethods = {
  async getTaxRules(signal?: AbortSignal): Promise<TaxRule[]> {
    return (await httpClient<{ rules: TaxRule[] }>(apiUrl(apiPath('taxRules')), { signal })).json.rules;
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

  async updateInvoiceSettings(patch: InvoiceSettingsPatch): Promise<InvoiceSettings> {
    const url = apiUrl(apiPath('invoiceSettings'));
    return (await httpClient<InvoiceSettings>(url, { method: 'PATCH', body: patch })).json;
  },
};
