// Types only: the shell's provider must not load zod or papaparse.
import { apiPath } from '../../contract/apiPaths';
import type {
  PettyCash,
  PettyCashCorrectionBody,
  PettyCashCorrectionResult,
  PettyCashCreateBody,
  PettyCashList,
} from '../../contract/pettyCash';
import { fillApiPath, resourceApi } from '../../contract/resourceApi';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import { downloadCsv, type CsvDownload } from './csvDownload';

/**
 * Petty cash (spec 7 "Users, shifts, cash"): the ledger of a range is more than a list of records
 * (the balance carried into it, the one after it), so it is read here rather than by getList; an
 * entry is created through the provider's own `create('cashes', { meta: { accommodationId } })` or
 * `createPettyCash`. The path is the resource's (contract/resourceApi).
 */

const pettyCashPath = (accommodationId: number) => fillApiPath(resourceApi.cashes.path, accommodationId);

export interface PettyCashRange {
  start_date?: string;
  end_date?: string;
}

export const pettyCashMethods = {
  /** GET facility/{id}/cashes: the entries of the range (next month when none is given) and the balances. */
  async listPettyCash(
    accommodationId: number,
    range: PettyCashRange = {},
    signal?: AbortSignal,
  ): Promise<PettyCashList> {
    const query = {
      ...(range.start_date ? { start_date: range.start_date } : {}),
      ...(range.end_date ? { end_date: range.end_date } : {}),
    };
    return (await httpClient<PettyCashList>(apiUrl(pettyCashPath(accommodationId)), { query, signal })).json;
  },

  /** POST facility/{id}/cashes with the spec's body (the amount signed); answers the entry with its balance. */
  async createPettyCash(accommodationId: number, body: PettyCashCreateBody): Promise<PettyCash> {
    return (await httpClient<PettyCash>(apiUrl(pettyCashPath(accommodationId)), { method: 'POST', body })).json;
  },

  /** POST facility/{id}/cashes/{cashId}/correction (issue 32): the reversal, and the right entry when given. */
  async correctPettyCash(
    accommodationId: number,
    cashId: number,
    body: PettyCashCorrectionBody,
  ): Promise<PettyCashCorrectionResult> {
    const url = apiUrl(apiPath('cashCorrection', { id: accommodationId, cashId }));
    return (await httpClient<PettyCashCorrectionResult>(url, { method: 'POST', body })).json;
  },

  /** GET facility/{id}/cashes?format=csv: the range's ledger as the file the server wrote. */
  downloadPettyCashCsv(accommodationId: number, range: Required<PettyCashRange>): Promise<CsvDownload> {
    const query = { format: 'csv', start_date: range.start_date, end_date: range.end_date };
    return downloadCsv(
      pettyCashPath(accommodationId),
      query,
      `cash_${accommodationId}_${range.start_date}_${range.end_date}.csv`,
    );
  },
};
