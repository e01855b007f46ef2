import type { PriceCsvCheck, PriceEntry, PriceInput } from '../contract/price';
import type { PriceRuleSet, StoredPriceRuleSet } from '../contract/priceRule';
import { apiUrl } from './config';
import { httpClient } from './httpClient';

/**
 * The plan price calls of spec section 7 ("Prices"), typed: the grid's cells, one cell's update, the
 * CSV export and the CSV dry run and import. The price screens call these; paths are built here only.
 */

export type { PriceCsvCheck, PriceEntry };

const schedules = (planId: number) => `/admin/plans/${planId}/schedules`;
const csv = (planId: number) => `/plans/${planId}/schedule/csv`;

/** Cells of the plan from start to end (yyyy-MM-dd, both included). */
export async function listPrices(planId: number, startDate: string, endDate: string): Promise<PriceEntry[]> {
  const answer = await httpClient<{ prices: PriceEntry[] }>(apiUrl(schedules(planId)), {
    query: { start_date: startDate, end_date: endDate },
  });
  return answer.json.prices;
}

export async function updatePrice(planId: number, id: number, price: number): Promise<PriceEntry> {
  return (await httpClient<PriceEntry>(apiUrl(`${schedules(planId)}/${id}`), { method: 'PATCH', body: { price } }))
    .json;
}

/** The price creator's last inputs for the plan; null before it was first used. */
export async function getPriceRule(planId: number): Promise<StoredPriceRuleSet | null> {
  return (await httpClient<{ rule_set: StoredPriceRuleSet | null }>(apiUrl(`/admin/plans/${planId}/price_rule`))).json
    .rule_set;
}

/** The creator's register: writes the cells of the rule and keeps the rule; the number of cells written. */
export async function createPrices(planId: number, prices: PriceInput[], rule: PriceRuleSet): Promise<number> {
  const body = { prices, rule_set: rule };
  return (await httpClient<{ count: number }>(apiUrl(schedules(planId)), { method: 'POST', body })).json.count;
}

export interface CsvDownload {
  filename: string;
  blob: Blob;
}

/** The file name of a content-disposition header (filename* first), or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!.trim());
    } catch {
      // a malformed name: try the plain one
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

/**
 * The plan's prices as the CSV file Japanese Excel opens. httpClient reads the answer as text (the
 * decoder drops the BOM), so the file is rebuilt here as UTF-8 with its BOM.
 */
export async function downloadPricesCsv(planId: number): Promise<CsvDownload> {
  const answer = await httpClient<string>(apiUrl(schedules(planId)), {
    query: { format: 'csv' },
    headers: { Accept: 'text/csv' },
    responseType: 'text',
  });
  const text = answer.body.replace(/^\uFEFF/, '');
  return {
    filename: attachmentName(answer.headers.get('content-disposition'), `plan_${planId}_prices.csv`),
    blob: new Blob(['\uFEFF' + text], { type: 'text/csv;charset=utf-8' }),
  };
}

function csvForm(file: Blob): FormData {
  const form = new FormData();
  form.append('csv', file);
  return form;
}

/** Dry run: the rows the import would write and every bad row. */
export async function checkPriceCsv(planId: number, file: Blob): Promise<PriceCsvCheck> {
  return (await httpClient<PriceCsvCheck>(apiUrl(`${csv(planId)}/check`), { method: 'POST', body: csvForm(file) }))
    .json;
}

/** Imports every row or none; rejects with HttpError 400 (body.errors by line) on a bad file. */
export async function importPriceCsv(planId: number, file: Blob): Promise<{ count: number }> {
  return (await httpClient<{ count: number }>(apiUrl(csv(planId)), { method: 'POST', body: csvForm(file) })).json;
}
