import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import { idParam, isoDate } from '../../../contract/params';
import { planListSchema } from '../../../contract/plan';
import { roomListSchema } from '../../../contract/room';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { listPlans, listRooms } from '../../db/queries/catalogue';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const params = z.object({ id: idParam });

/** Read-only lists of room types and plans, for the booking panel (their editing screens come later). */
const catalogueRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/accommodations/:id/rooms',
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: 'Room types of an accommodation',
        tags: ['rooms'],
        params,
        response: { 200: roomListSchema, ...errors },
      },
    },
    async (request) => ({ rooms: await listRooms(ctx.db, request.params.id) }),
  );

  app.get(
    '/accommodations/:id/plans',
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: 'Plans of an accommodation, optionally those on sale in a range',
        tags: ['plans'],
        params,
        querystring: z.object({
          start_date: isoDate().optional(),
          end_date: isoDate().optional(),
        }),
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => ({
      plans: await listPlans(ctx.db, request.params.id, request.query.start_date, request.query.end_date),
    }),
  );
};

export default catalogueRoutes;
