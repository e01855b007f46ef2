import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import {
  stopSellBodySchema,
  stopSellLiftSchema,
  stopSellQuerySchema,
  stopSellResultSchema,
  syncHealthMessages,
  syncHealthSchema,
} from '../../../contract/syncHealth';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sqlRows, type Tx } from '../../db/client';
import { conflict } from '../../errors';
import { assertAccommodation, userOf } from '../../plugins/access';
import { syncHealth } from '../../channel/health';
import { liftStopSells, stopSellLowStock } from '../../channel/stopSell';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['sync_health'];

/** 409 unless the facility syncs with the channel (a service 1 setting). */
async function assertSynced(tx: Tx, accommodationId: number): Promise<void> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sync_settings where accommodation_id = ${accommodationId} and service_id = 1`,
  );
  if (!row || row.n === 0) throw conflict(syncHealthMessages.notSynced);
}

/**
 * Sync health (issue 21 "Sync health"): any signed-in user, for the facilities they reach. The
 * stop-sell is an emergency action: staff of the facility may take it as well as administrators
 * (docs/security.md, role table).
 */
const syncHealthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/admin/sync/health',
    {
      schema: {
        summary:
          'Per reachable facility with a channel sync setting: last good pull and push, changes waiting, stale after two missed polls',
        tags,
        response: { 200: syncHealthSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const pollSeconds = ctx.config.CHANNEL_POLL_SECONDS;
      const rows = await syncHealth(ctx.db, userOf(request).accommodationIds, new Date(), pollSeconds);
      return { rows, poll_seconds: pollSeconds };
    },
  );

  app.post(
    '/admin/sync/stop-sell',
    {
      schema: {
        summary:
          'Stop-sell on the channel every mapped room type night from today for 90 days with at most one room left',
        tags,
        body: stopSellBodySchema,
        response: { 200: stopSellResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { accommodation_id } = request.body;
      assertAccommodation(user, accommodation_id);
      return ctx.db.transaction(async (tx) => {
        await assertSynced(tx, accommodation_id);
        return stopSellLowStock(tx, user, accommodation_id, new Date());
      });
    },
  );

  app.delete(
    '/admin/sync/stop-sell',
    {
      schema: {
        summary: "Lift the facility's stop-sells on the channel (our availability is pushed again)",
        tags,
        querystring: stopSellQuerySchema,
        response: { 200: stopSellLiftSchema, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { accommodation_id } = request.query;
      assertAccommodation(user, accommodation_id);
      const nights = await ctx.db.transaction((tx) => liftStopSells(tx, user, accommodation_id));
      return { nights };
    },
  );
};

export default syncHealthRoutes;
