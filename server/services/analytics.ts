import { analyticsTable, type AnalyticsAnswer, type AnalyticsQuery } from '../../contract/analytics';
import { toCsv } from '../../contract/csvWriter';
import type { Db } from '../db/client';
import { analyticsJson } from '../db/queries/analytics';
import type { CurrentUser } from './auth';

/**
 * Guest analysis (GET /api/admin/analytics): the facilities the user reaches over a range of stay
 * dates. PostgreSQL computes every figure and writes the answer (server/db/queries/analytics.ts);
 * the CSV is the same table through the product's one writer (contract/csvWriter.ts).
 */
export class AnalyticsService {
  constructor(private readonly db: Db) {}

  /** The answer as JSON text, sent as it is. */
  json(user: CurrentUser, query: Pick<AnalyticsQuery, 'start_date' | 'end_date'>): Promise<string> {
    return analyticsJson(this.db, user.accommodationIds, query.start_date, query.end_date);
  }

  /** The table with its totals row as CSV (BOM, CRLF, formula cells neutralised). */
  async csv(user: CurrentUser, query: Pick<AnalyticsQuery, 'start_date' | 'end_date'>): Promise<string> {
    const answer = JSON.parse(await this.json(user, query)) as AnalyticsAnswer;
    const table = analyticsTable(answer);
    return toCsv(table.header, table.rows);
  }
}
