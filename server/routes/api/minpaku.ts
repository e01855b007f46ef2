import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import {
  minpakuDaysQuery,
  minpakuDaysSchema,
  minpakuHousesSchema,
  minpakuReportQuery,
  minpakuReportSchema,
} from '../../../contract/minpaku';
import { idParams } from '../../../contract/params';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { MinpakuService } from '../../services/minpaku';
import { errorAnswers } from '../errorAnswers';

const tags = ['guest register'];

/** A minpaku house's days of the fiscal year (180 at most) and its two-monthly report (issue 30). */
const minpakuRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const minpaku = new MinpakuService(ctx.db);

  app.get(
    apiPaths.minpakuDays,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: "A minpaku house's days with guests in a fiscal year (4/1 12:00 to 4/1 12:00), of the 180 allowed",
        tags,
        params: idParams,
        querystring: minpakuDaysQuery,
        response: { 200: minpakuDaysSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request) => minpaku.days(userOf(request), request.params.id, request.query.fiscal_year),
  );

  app.get(
    apiPaths.minpakuHouses,
    {
      schema: {
        summary:
          'Every minpaku house the user reaches, with its days of this fiscal year and its level (ok, warning from 150, over 180)',
        tags,
        response: { 200: minpakuHousesSchema, ...errorAnswers(401) },
      },
    },
    async (request) => minpaku.houses(userOf(request)),
  );

  app.get(
    apiPaths.minpakuReport,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary:
          "A minpaku house's report of two months (period: the first, 2 4 6 8 10 12): days, guests, guest-nights, nationalities, due date",
        tags,
        params: idParams,
        querystring: minpakuReportQuery,
        response: { 200: minpakuReportSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request) => minpaku.report(userOf(request), request.params.id, request.query.year, request.query.period),
  );
};

export default minpakuRoutes;
