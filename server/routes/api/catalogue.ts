import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import { paymentMethodListSchema, planEntity, planListItemSchema, planWithPricesSchema } from '../../../contract/plan';
import { roomEntity, roomSchema } from '../../../contract/room';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { CatalogueService, planCrud, roomCrud } from '../../services/catalogue';
import { crudRoutes } from '../crud';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const attachParams = z.object({ id: idParam, roomId: idParam, planId: idParam });
/** Every route here names its accommodation: the user must reach it (404 otherwise). */
const config = { accommodationParam: 'id' };

/**
 * The catalogue's routes beyond the generated ones: a room type's plans, attached and detached one
 * at a time (the room's settings panel); a plan with its prices; the payment methods a plan may offer.
 */
const catalogueExtraRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const catalogue = new CatalogueService(ctx.db);
  app.patch(
    apiPaths.roomPlan,
    {
      config,
      schema: {
        summary: 'Offer a plan of the same accommodation on a room type; answers the room',
        tags: ['rooms'],
        params: attachParams,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) =>
      catalogue.attach(userOf(request), request.params.id, request.params.roomId, request.params.planId),
  );

  app.delete(
    apiPaths.roomPlan,
    {
      config,
      schema: {
        summary: 'Stop offering a plan on a room type',
        tags: ['rooms'],
        params: attachParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalogue.detach(userOf(request), request.params.id, request.params.roomId, request.params.planId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.adminPlan,
    {
      config,
      schema: {
        summary: 'One plan with its prices by date and headcount',
        tags: ['plans'],
        params: z.object({ id: idParam, plan_id: idParam }),
        response: { 200: planWithPricesSchema, ...errors },
      },
    },
    async (request) => catalogue.planWithPrices(request.params.id, request.params.plan_id),
  );

  app.get(
    apiPaths.paymentMethods,
    {
      schema: {
        summary: 'Payment methods plans can offer',
        tags: ['plans'],
        response: { 200: paymentMethodListSchema, ...errors },
      },
    },
    async () => ({ payment_methods: await catalogue.paymentMethods() }),
  );
};

/**
 * Room types and plans of an accommodation (spec section 7 "Accommodations, rooms, plans"), on the
 * generated routes (server/routes/crud.ts) with the catalogue's rules (services/catalogue.ts).
 */
const roomRoutes = crudRoutes({
  entity: roomEntity,
  service: (ctx) => roomCrud(new CatalogueService(ctx.db)),
  summaries: {
    list: 'Room types of an accommodation',
    get: 'One room type with its plans',
    create: 'Create a room type (spec 5 "Room create"); room_number follows',
    update: 'Change a room type (the changed fields); room_number follows',
    delete: 'Delete a room type; 409 while bookings hold it',
  },
});

const planRoutes = crudRoutes({
  entity: planEntity,
  service: (ctx) => planCrud(new CatalogueService(ctx.db)),
  listItem: planListItemSchema,
  summaries: {
    list: 'Plans of an accommodation, optionally those on sale in a range',
    get: 'One plan, all its fields but prices',
    create: 'Create a plan (spec 5 "Plan save")',
    update: 'Change a plan (any subset of its fields, prices apart)',
    delete: 'Delete a plan with its prices; its bookings keep their stay without a plan',
  },
});

const catalogueRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await roomRoutes(app, ctx);
  await planRoutes(app, ctx);
  await catalogueExtraRoutes(app, ctx);
};

export default catalogueRoutes;
