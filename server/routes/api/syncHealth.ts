import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import {
  stopSellBodySchema,
  stopSellLiftSchema,
  stopSellQuerySchema,
  stopSellResultSchema,
  syncHealthSchema,
} from '../../../contract/syncHealth';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { SyncHealthService } from '../../services/syncHealth';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const tags = ['sync_health'];

/** Sync health (issue 21 "Sync health"): the rules are SyncHealthService's. */
const syncHealthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new SyncHealthService(ctx.db, ctx.config.CHANNEL_POLL_SECONDS, ctx.channelProblem);
  app.get(
    apiPaths.syncHealth,
    {
      schema: {
        summary:
          'Per reachable facility with a channel sync setting: last good pull and push, changes waiting, stale after two missed polls',
        tags,
        response: { 200: syncHealthSchema, 401: errorBodySchema },
      },
    },
    (request) => service.health(userOf(request)),
  );

  app.post(
    apiPaths.stopSell,
    {
      schema: {
        summary:
          'Stop-sell on the channel every mapped room type night from today for 90 days with at most one room left',
        tags,
        body: stopSellBodySchema,
        response: { 200: stopSellResultSchema, ...errors },
      },
    },
    (request) => service.stopSell(userOf(request), request.body.accommodation_id),
  );

  app.delete(
    apiPaths.stopSell,
    {
      schema: {
        summary: "Lift the facility's stop-sells on the channel (our availability is pushed again)",
        tags,
        querystring: stopSellQuerySchema,
        response: { 200: stopSellLiftSchema, ...errors },
      },
    },
    (request) => service.liftStopSell(userOf(request), request.query.accommodation_id),
  );
};

export default syncHealthRoutes;
