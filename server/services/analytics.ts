import { analyticsTable, type AnalyticsAnswer, type AnalyticsQuery } from '../../contract/analytics';
import { toCsv } from '../../contract/csvWriter';
import type { Db } from '../db/client';
import { analyticsJson } from '../db/queries/analytics';
import { notFound } from '../errors';
import type { CurrentUser } from './auth';

/** The range, and optionally the one facility asked for. */
export type AnalyticsRange = Pick<AnalyticsQuery, 'start_date' | 'end_date'> & { accommodation_id?: number };

/**
 * The facilities the answer covers: every one the user reaches, or the one asked for; 404 when the
 * user may not reach that one (another company's, another facility's staff, none), as if it did
 * not exist.
 */
function facilitiesOf(user: CurrentUser, accommodationId: number | undefined): readonly number[] {
  if (accommodationId === undefined) return user.accommodationIds;
  if (!user.accommodationIds.includes(accommodationId)) throw notFound();
  return [accommodationId];
}

/**
 * Guest analysis (GET /api/admin/analytics): the facilities the user reaches (or the one asked
 * for) over a range of stay dates. PostgreSQL computes every figure and writes the answer (server/db/queries/analytics.ts);
 * the CSV is the same table through the product's one writer (contract/csvWriter.ts).
 */
export class AnalyticsService {
  constructor(private readonly db: Db) {}

  /** The answer as JSON text, sent as it is. */
  async json(user: CurrentUser, query: AnalyticsRange): Promise<string> {
    const ids = facilitiesOf(user, query.accommodation_id);
    return analyticsJson(this.db, ids, query.start_date, query.end_date);
  }

  /** The table with its totals row as CSV (BOM, CRLF, formula cells neutralised). */
  async csv(user: CurrentUser, query: AnalyticsRange): Promise<string> {
    const answer = JSON.parse(await this.json(user, query)) as AnalyticsAnswer;
    const table = analyticsTable(answer);
    return toCsv(table.header, table.rows);
  }
}
