import type { PriceCsvCheck, PriceEntry, PriceInput } from '../../contract/price';
import type { PriceRuleSet, StoredPriceRuleSet } from '../../contract/priceRule';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import { downloadCsv, type CsvDownload } from './csvDownload';

/**
 * The plan price calls of spec section 7 ("Prices"), which are not CRUD of a resource: the grid's
 * cells of a period, one cell's update, the creator's rule and bulk write, the CSV export and the
 * CSV dry run and import. Their paths are the spec's own (keyed by the plan alone, not under the
 * accommodation's `plans` resource path).
 */

export type { PriceCsvCheck, PriceEntry };

const schedules = (planId: number) => apiPath('planPrices', { plan_id: planId });

function csvForm(file: Blob): FormData {
  const form = new FormData();
  form.append('csv', file);
  return form;
}

export const priceMethods = {
  /** GET .../schedules?start_date&end_date: the plan's cells from start to end (yyyy-MM-dd, both included). */
  async listPrices(planId: number, startDate: string, endDate: string, signal?: AbortSignal): Promise<PriceEntry[]> {
    const answer = await httpClient<{ prices: PriceEntry[] }>(apiUrl(schedules(planId)), {
      query: { start_date: startDate, end_date: endDate },
      signal,
    });
    return answer.json.prices;
  },

  /** PATCH .../schedules/{id} { price }: the stored cell. */
  async updatePrice(planId: number, id: number, price: number): Promise<PriceEntry> {
    const url = apiUrl(apiPath('planPrice', { plan_id: planId, id }));
    return (await httpClient<PriceEntry>(url, { method: 'PATCH', body: { price } })).json;
  },

  /** GET .../price_rule: the price creator's last inputs for the plan; null before it was first used. */
  async getPriceRule(planId: number, signal?: AbortSignal): Promise<StoredPriceRuleSet | null> {
    const answer = await httpClient<{ rule_set: StoredPriceRuleSet | null }>(
      apiUrl(apiPath('planPriceRule', { plan_id: planId })),
      { signal },
    );
    return answer.json.rule_set;
  },

  /**
   * POST .../schedules { prices, rule_set }: the creator's register writes the cells of the rule and
   * keeps the rule; resolves with the number of cells written.
   */
  async createPrices(planId: number, prices: PriceInput[], rule: PriceRuleSet): Promise<number> {
    const body = { prices, rule_set: rule };
    return (await httpClient<{ count: number }>(apiUrl(schedules(planId)), { method: 'POST', body })).json.count;
  },

  /** GET .../schedules?format=csv: the plan's prices as the CSV file Japanese Excel opens. */
  downloadPricesCsv(planId: number): Promise<CsvDownload> {
    return downloadCsv(schedules(planId), { format: 'csv' }, `plan_${planId}_prices.csv`);
  },

  /** POST /plans/{planId}/schedule/csv/check, multipart field csv: the rows an import would write and every bad row. */
  async checkPriceCsv(planId: number, file: Blob): Promise<PriceCsvCheck> {
    const url = apiUrl(apiPath('planPriceCsvCheck', { planId }));
    return (await httpClient<PriceCsvCheck>(url, { method: 'POST', body: csvForm(file) })).json;
  },

  /**
   * POST /plans/{planId}/schedule/csv, multipart field csv: imports every row or none; rejects with
   * HttpError 400 (body.errors by line) on a bad file.
   */
  async importPriceCsv(planId: number, file: Blob): Promise<{ count: number }> {
    return (
      await httpClient<{ count: number }>(apiUrl(apiPath('planPriceCsv', { planId })), {
        method: 'POST',
        body: csvForm(file),
      })
    ).json;
  },
};
