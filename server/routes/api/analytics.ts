import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsAnswerSchema, analyticsQuerySchema } from '../../../contract/analytics';
import { errorBodySchema } from '../../../contract/error';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { AnalyticsService } from '../../services/analytics';
import { sendJsonText } from '../jsonText';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['analytics'];

/** A file name for the export: ASCII for old clients, the Japanese one for the rest (RFC 6266). */
function attachment(start: string, end: string): string {
  const utf8Name = encodeURIComponent(`ゲスト分析_${start}_${end}.csv`);
  return `attachment; filename="analytics_${start}_${end}.csv"; filename*=UTF-8''${utf8Name}`;
}

/**
 * Guest analysis (spec 2 "Guest analysis", 9; issue 22): one row per facility the user reaches
 * (administrators: every facility of the company; staff: those granted), a totals row and the
 * per-day occupancy, over start_date..end_date (both included, at most 366 days).
 */
const analyticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const analytics = new AnalyticsService(ctx.db);

  app.get(
    '/admin/analytics',
    {
      schema: {
        summary:
          'Bookings, paid bookings, occupancy, stay and option amounts, room-night occupancy, ADR and RevPAR per facility over a range; format=csv for the table as a file',
        tags,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // Text the database or the CSV writer wrote, sent as it is (the schema documents the JSON).
      const raw = reply as FastifyReply;
      const { start_date, end_date, format } = request.query;
      if (format === 'csv') {
        const csv = await analytics.csv(user, { start_date, end_date });
        return raw
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(start_date, end_date))
          .send(csv);
      }
      return sendJsonText(raw, await analytics.json(user, { start_date, end_date }));
    },
  );
};

export default analyticsRoutes;
