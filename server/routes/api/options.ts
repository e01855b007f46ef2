import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import {
  optionCreateSchema,
  optionListQuerySchema,
  optionListSchema,
  optionSchema,
  optionUpdateSchema,
} from '../../../contract/option';
import { idParam } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { OptionService } from '../../services/options';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['options'];
const params = z.object({ id: idParam });
const optionParams = z.object({ id: idParam, optionId: idParam });
/** Every route here names its accommodation: the user must reach it (404 otherwise). */
const config = { accommodationParam: 'id' };

/** The option catalogue of an accommodation (spec 7 "Options, FAQ, suppliers"). */
const optionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const options = new OptionService(ctx.db);

  app.get(
    '/accommodations/:id/options',
    {
      config,
      schema: {
        summary:
          'The catalogue in display order; with room_id, what that room type offers (its own options and those for all rooms)',
        tags,
        params,
        querystring: optionListQuerySchema,
        response: { 200: optionListSchema, ...errors },
      },
    },
    async (request) => ({ options: await options.list(request.params.id, request.query.room_id) }),
  );

  app.get(
    '/accommodations/:id/options/:optionId',
    {
      config,
      schema: {
        summary: 'One option of the catalogue (the edit overlay reads it)',
        tags,
        params: optionParams,
        response: { 200: optionSchema, ...errors },
      },
    },
    async (request) => options.option(request.params.id, request.params.optionId),
  );

  app.post(
    '/accommodations/:id/options',
    {
      config,
      schema: {
        summary: 'Create an option (spec 5 "Option"); it goes after the last unless display_order is given',
        tags,
        params,
        body: optionCreateSchema,
        response: { 201: optionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await options.create(userOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/accommodations/:id/options/:optionId',
    {
      config,
      schema: {
        summary:
          'Change an option (any subset; a reorder sends display_order alone). supplier_id and room_id cannot change',
        tags,
        params: optionParams,
        body: optionUpdateSchema,
        response: { 200: optionSchema, ...errors },
      },
    },
    async (request) => options.update(userOf(request), request.params.id, request.params.optionId, request.body),
  );

  app.delete(
    '/accommodations/:id/options/:optionId',
    {
      config,
      schema: {
        summary: 'Delete an option; the bookings that hold it keep its name and price',
        tags,
        params: optionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await options.delete(userOf(request), request.params.id, request.params.optionId);
      return reply.status(204).send(null);
    },
  );
};

export default optionRoutes;
