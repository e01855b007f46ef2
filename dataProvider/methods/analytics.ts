import type { AnalyticsAnswer } from '../../contract/analytics';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import { downloadCsv, type CsvDownload } from './csvDownload';

/** Guest analysis (GET /api/admin/analytics, issue 22): the table, totals and per-day occupancy, and its CSV. */
export const analyticsMethods = {
  /** The facilities the user reaches over start..end (yyyy-MM-dd, both included). */
  async getAnalytics(startDate: string, endDate: string, signal?: AbortSignal): Promise<AnalyticsAnswer> {
    const query = { start_date: startDate, end_date: endDate };
    return (await httpClient<AnalyticsAnswer>(apiUrl(apiPath('analytics')), { query, signal })).json;
  },

  /** The server's CSV of the same table (format=csv). */
  downloadAnalyticsCsv(startDate: string, endDate: string): Promise<CsvDownload> {
    const query = { start_date: startDate, end_date: endDate, format: 'csv' };
    return downloadCsv(apiPath('analytics'), query, `analytics_${startDate}_${endDate}.csv`);
  },
};
