// Types only: the shell's provider must not load zod or papaparse.
import type { PettyCash, PettyCashCreateBody, PettyCashList } from '../../contract/pettyCash';
import { fillApiPath, resourceApi } from '../../contract/resourceApi';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import { attachmentName, type CsvDownload } from './prices';

/**
 * Petty cash (spec 7 "Users, shifts, cash"): the ledger of a range is more than a list of records
 * (the balance carried into it, the one after it), so it is read here rather than by getList; an
 * entry is created through the provider's own `create('cashes', { meta: { accommodationId } })` or
 * `createCash`. The path is the resource's (contract/resourceApi).
 */

const cashesPath = (accommodationId: number) => fillApiPath(resourceApi.cashes.path, accommodationId);

export interface CashRange {
  start_date?: string;
  end_date?: string;
}

export const cashMethods = {
  /** GET facility/{id}/cashes: the entries of the range (next month when none is given) and the balances. */
  async listCashes(accommodationId: number, range: CashRange = {}, signal?: AbortSignal): Promise<PettyCashList> {
    const query = {
      ...(range.start_date ? { start_date: range.start_date } : {}),
      ...(range.end_date ? { end_date: range.end_date } : {}),
    };
    return (await httpClient<PettyCashList>(apiUrl(cashesPath(accommodationId)), { query, signal })).json;
  },

  /** POST facility/{id}/cashes with the spec's body (the amount signed); answers the entry with its balance. */
  async createCash(accommodationId: number, body: PettyCashCreateBody): Promise<PettyCash> {
    return (await httpClient<PettyCash>(apiUrl(cashesPath(accommodationId)), { method: 'POST', body })).json;
  },

  /**
   * GET facility/{id}/cashes?format=csv: the file as the server wrote it (one writer: BOM, CRLF, formulas
   * neutralised). httpClient reads text (the decoder drops the BOM), so the BOM is put back.
   */
  async downloadCashesCsv(accommodationId: number, range: Required<CashRange>): Promise<CsvDownload> {
    const answer = await httpClient<string>(apiUrl(cashesPath(accommodationId)), {
      query: { format: 'csv', start_date: range.start_date, end_date: range.end_date },
      headers: { Accept: 'text/csv' },
      responseType: 'text',
    });
    const text = answer.body.replace(/^\uFEFF/, '');
    return {
      filename: attachmentName(
        answer.headers.get('content-disposition'),
        `cash_${accommodationId}_${range.start_date}_${range.end_date}.csv`,
      ),
      blob: new Blob(['\uFEFF' + text], { type: 'text/csv;charset=utf-8' }),
    };
  },
};
