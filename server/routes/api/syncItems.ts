import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import {
  syncItemCreateSchema,
  syncItemListQuerySchema,
  syncItemListSchema,
  syncItemSchema,
  syncItemUpdateSchema,
} from '../../../contract/syncItem';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { SyncItemsService } from '../../services/syncItems';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const tags = ['sync_items'];
const itemParams = z.object({ id: idParam });

/**
 * Sync items (spec 7 "Sync items: GET with target_type, target_id; POST with service=1,
 * target_type, target_id, target_name; PATCH sync-item/{id} with target_name; DELETE
 * sync-item/{id}"): any signed-in user, for the room types and plans of the facilities they reach,
 * as the room and plan settings panels they sit in.
 */
const syncItemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new SyncItemsService(ctx.db);

  app.get(
    apiPaths.syncItems,
    {
      schema: {
        summary: 'Sync items of the reachable facilities, optionally of one room type or plan',
        tags,
        querystring: syncItemListQuerySchema,
        response: { 200: syncItemListSchema, ...errors },
      },
    },
    async (request) => ({ items: await service.list(userOf(request), request.query) }),
  );

  app.post(
    apiPaths.syncItems,
    {
      schema: {
        summary: 'Name a room type (target_type 1) or plan (2) on the channel; 409 when it has its name',
        tags,
        body: syncItemCreateSchema,
        response: { 201: syncItemSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(userOf(request), request.body)),
  );

  app.get(
    apiPaths.syncItem,
    {
      schema: { summary: 'One sync item', tags, params: itemParams, response: { 200: syncItemSchema, ...errors } },
    },
    async (request) => service.get(userOf(request), request.params.id),
  );

  app.patch(
    apiPaths.syncItem,
    {
      schema: {
        summary: "Change a sync item's name on the channel",
        tags,
        params: itemParams,
        body: syncItemUpdateSchema,
        response: { 200: syncItemSchema, ...errors },
      },
    },
    async (request) => service.update(userOf(request), request.params.id, request.body),
  );

  app.delete(
    apiPaths.syncItem,
    {
      schema: { summary: 'Remove a sync item', tags, params: itemParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.delete(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default syncItemRoutes;
