import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import { idParam, isoDate } from '../../../contract/params';
import {
  paymentMethodListSchema,
  planCreateSchema,
  planListSchema,
  planSchema,
  planUpdateSchema,
  planWithPricesSchema,
} from '../../../contract/plan';
import { roomCreateSchema, roomListSchema, roomSchema, roomUpdateSchema } from '../../../contract/room';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { CatalogueService } from '../../services/catalogue';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const params = z.object({ id: idParam });
const roomParams = z.object({ id: idParam, roomId: idParam });
const attachParams = z.object({ id: idParam, roomId: idParam, planId: idParam });
const planParams = z.object({ id: idParam, planId: idParam });
/** Every route here names its accommodation: the user must reach it (404 otherwise). */
const config = { accommodationParam: 'id' };

/** Room types and plans of an accommodation (spec section 7 "Accommodations, rooms, plans"). */
const catalogueRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const catalogue = new CatalogueService(ctx.db);

  // Rooms
  app.get(
    '/accommodations/:id/rooms',
    {
      config,
      schema: {
        summary: 'Room types of an accommodation',
        tags: ['rooms'],
        params,
        response: { 200: roomListSchema, ...errors },
      },
    },
    async (request) => ({ rooms: await catalogue.listRooms(request.params.id) }),
  );

  app.get(
    '/accommodations/:id/rooms/:roomId',
    {
      config,
      schema: {
        summary: 'One room type with its plans',
        tags: ['rooms'],
        params: roomParams,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => catalogue.room(request.params.id, request.params.roomId),
  );

  app.post(
    '/accommodations/:id/rooms',
    {
      config,
      schema: {
        summary: 'Create a room type (spec 5 "Room create"); room_number follows',
        tags: ['rooms'],
        params,
        body: roomCreateSchema,
        response: { 201: roomSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createRoom(userOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/accommodations/:id/rooms/:roomId',
    {
      config,
      schema: {
        summary: 'Change a room type (the changed fields); room_number follows',
        tags: ['rooms'],
        params: roomParams,
        body: roomUpdateSchema,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => catalogue.updateRoom(userOf(request), request.params.id, request.params.roomId, request.body),
  );

  app.delete(
    '/accommodations/:id/rooms/:roomId',
    {
      config,
      schema: {
        summary: 'Delete a room type; 409 while bookings hold it',
        tags: ['rooms'],
        params: roomParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalogue.deleteRoom(userOf(request), request.params.id, request.params.roomId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/accommodations/:id/rooms/:roomId/attach/:planId',
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
    '/accommodations/:id/rooms/:roomId/attach/:planId',
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

  // Plans
  app.get(
    '/accommodations/:id/plans',
    {
      config,
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
      plans: await catalogue.listPlans(request.params.id, request.query.start_date, request.query.end_date),
    }),
  );

  app.get(
    '/accommodations/:id/plans/:planId',
    {
      config,
      schema: {
        summary: 'One plan, all its fields but prices',
        tags: ['plans'],
        params: planParams,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => catalogue.plan(request.params.id, request.params.planId),
  );

  app.get(
    '/admin/accommodations/:id/plans/:plan_id',
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

  app.post(
    '/accommodations/:id/plans',
    {
      config,
      schema: {
        summary: 'Create a plan (spec 5 "Plan save")',
        tags: ['plans'],
        params,
        body: planCreateSchema,
        response: { 201: planSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createPlan(userOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/accommodations/:id/plans/:planId',
    {
      config,
      schema: {
        summary: 'Change a plan (any subset of its fields, prices apart)',
        tags: ['plans'],
        params: planParams,
        body: planUpdateSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => catalogue.updatePlan(userOf(request), request.params.id, request.params.planId, request.body),
  );

  app.delete(
    '/accommodations/:id/plans/:planId',
    {
      config,
      schema: {
        summary: 'Delete a plan with its prices; its bookings keep their stay without a plan',
        tags: ['plans'],
        params: planParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalogue.deletePlan(userOf(request), request.params.id, request.params.planId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/payment_methods',
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

export default catalogueRoutes;
