import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { analyticsAnswerSchema, analyticsQuerySchema } from '../../../contract/analytics';
import { idParam } from '../../../contract/params';
import type { AppContext } from '../../context';
import { sendCsvFile } from '../download';
import { userOf } from '../../plugins/access';
import { AnalyticsService } from '../../services/analytics';
import { sendJsonText } from '../jsonText';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404);

/** The range, and optionally one facility: 404 when the user may not reach it, as if it did not exist. */
const querySchema = analyticsQuerySchema.safeExtend({ accommodation_id: idParam.optional() });
const tags = ['analytics'];

/** A file name for the export: ASCII for old clients, the Japanese one for the rest (RFC 6266). */
const fileNames = (start: string, end: string) => ({
  ascii: `analytics_${start}_${end}.csv`,
  utf8: `ゲスト分析_${start}_${end}.csv`,
});

/**
 * Guest analysis (spec 2 "Guest analysis", 9; issue 22): one row per facility the user reaches
 * (administrators: every facility of the company; staff: those granted), or only the one of
 * accommodation_id, a totals row and the per-day occupancy, over start_date..end_date (both
 * included, at most 366 days).
 */
const analyticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const analytics = new AnalyticsService(ctx.db);

  app.get(
    apiPaths.analytics,
    {
      schema: {
        summary:
          'Bookings, paid bookings, occupancy, stay and option amounts, room-night occupancy, ADR and RevPAR per facility over a range (accommodation_id: one facility, 404 when the user may not reach it); format=csv for the table as a file',
        tags,
        querystring: querySchema,
        response: { 200: analyticsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // Text the database or the CSV writer wrote, sent as it is (the schema documents the JSON).
      const raw = reply as FastifyReply;
      const { start_date, end_date, accommodation_id, format } = request.query;
      const query = { start_date, end_date, accommodation_id };
      if (format === 'csv') {
        const csv = await analytics.csv(user, query);
        return sendCsvFile(raw, csv, fileNames(start_date, end_date));
      }
      return sendJsonText(raw, await analytics.json(user, query));
    },
  );
};

export default analyticsRoutes;
