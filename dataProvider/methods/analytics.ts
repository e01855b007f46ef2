import type { AnalyticsAnswer } from '../../contract/analytics';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import { attachmentName, type CsvDownload } from './prices';

const path = '/admin/analytics';

/** Guest analysis (GET /api/admin/analytics, issue 22): the table, totals and per-day occupancy, and its CSV. */
export const analyticsMethods = {
  /** The facilities the user reaches over start..end (yyyy-MM-dd, both included). */
  async getAnalytics(startDate: string, endDate: string, signal?: AbortSignal): Promise<AnalyticsAnswer> {
    const query = { start_date: startDate, end_date: endDate };
    return (await httpClient<AnalyticsAnswer>(apiUrl(path), { query, signal })).json;
  },

  /**
   * The server's CSV of the same table (format=csv). httpClient reads the answer as text (the decoder
   * drops the BOM), so the file is rebuilt here as UTF-8 with its BOM, its CRLF lines untouched.
   */
  async downloadAnalyticsCsv(startDate: string, endDate: string): Promise<CsvDownload> {
    const answer = await httpClient<string>(apiUrl(path), {
      query: { start_date: startDate, end_date: endDate, format: 'csv' },
      headers: { Accept: 'text/csv' },
      responseType: 'text',
    });
    const text = answer.body.replace(/^\uFEFF/, '');
    return {
      filename: attachmentName(answer.headers.get('content-disposition'), `analytics_${startDate}_${endDate}.csv`),
      blob: new Blob(['\uFEFF' + text], { type: 'text/csv;charset=utf-8' }),
    };
  },
};
