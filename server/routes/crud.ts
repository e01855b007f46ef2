import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordOf } from '../../contract/apiPaths';
import type { EntityDescription } from '../../contract/entity';
import { idParam } from '../../contract/params';
import { isNestedApi } from '../../contract/resourceApi';
import { z } from '../../contract/zod';
import type { AppContext } from '../context';
import { userOf } from '../plugins/access';
import type { CrudScope, CrudService } from '../services/crud';
import { errorAnswers } from './errorAnswers';

export interface CrudRoutesOptions<
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodType,
  L extends z.ZodType = R,
> {
  entity: EntityDescription<R, C, U, Q>;
  service: (ctx: AppContext) => CrudService<z.output<R>, z.output<C>, z.output<U>, z.output<Q>, z.output<L>>;
  /** A list row shorter than the record (a plan's list leaves out its description and mail). */
  listItem?: L;
  /** 'admin': company administration, 403 for staff (reads included unless `readAccess` says otherwise). */
  access?: 'admin';
  /** Reads open to every signed-in user while writes stay for administrators. */
  readAccess?: 'user';
  /** What the OpenAPI document says of each call. */
  summaries: { list: string; get: string; create: string; update: string; delete: string };
}

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * The five calls of a plain entity at the paths of contract/resourceApi: GET and POST on the
 * path, GET, PATCH and DELETE on `path/{itemId}` (contract/apiPaths `recordOf`), validated and
 * answered through the entity's schemas (and so described in the OpenAPI document). A nested path names its accommodation as
 * `:id`, which the access hook checks (404 when the user may not reach it).
 */
export function crudRoutes<
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodType,
  L extends z.ZodType = R,
>(options: CrudRoutesOptions<R, C, U, Q, L>): FastifyPluginAsyncZod<AppContext> {
  const { entity, access, readAccess, summaries } = options;
  const nested = isNestedApi(entity.api);
  const base = entity.api.path;
  const item = recordOf(base);
  const tags = [entity.resource];
  const params = nested ? z.object({ id: idParam }) : z.object({});
  const itemParams = nested ? z.object({ id: idParam, itemId: idParam }) : z.object({ itemId: idParam });
  const writeConfig = { access, ...(nested ? { accommodationParam: 'id' } : {}) };
  const readConfig = { ...writeConfig, access: readAccess ?? access };
  const listAnswer = z.object({ [entity.api.listKey]: z.array(options.listItem ?? entity.record) });

  return async (typedApp, ctx) => {
    // The zod type provider cannot infer answers of schemas that are type parameters here: the
    // routes are registered untyped. Fastify still validates and serialises through the schemas.
    const app = typedApp as unknown as FastifyInstance;
    const service = options.service(ctx);
    const scopeOf = (request: { params: unknown }): CrudScope => {
      const p = request.params as { id?: number };
      return { user: userOf(request as Parameters<typeof userOf>[0]), accommodationId: nested ? p.id! : null };
    };
    const itemIdOf = (request: { params: unknown }) => (request.params as { itemId: number }).itemId;

    app.get(
      base,
      {
        config: readConfig,
        schema: {
          summary: summaries.list,
          tags,
          params,
          ...(entity.listQuery ? { querystring: entity.listQuery } : {}),
          response: { 200: listAnswer, ...errors },
        },
      },
      async (request) => ({
        [entity.api.listKey]: await service.list(scopeOf(request), (request.query ?? {}) as z.output<Q>),
      }),
    );

    app.get(
      item,
      {
        config: readConfig,
        schema: { summary: summaries.get, tags, params: itemParams, response: { 200: entity.record, ...errors } },
      },
      async (request) => service.get(scopeOf(request), itemIdOf(request)),
    );

    app.post(
      base,
      {
        config: writeConfig,
        schema: {
          summary: summaries.create,
          tags,
          params,
          body: entity.create,
          response: { 201: entity.record, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(scopeOf(request), request.body as z.output<C>)),
    );

    app.patch(
      item,
      {
        config: writeConfig,
        schema: {
          summary: summaries.update,
          tags,
          params: itemParams,
          body: entity.update,
          response: { 200: entity.record, ...errors },
        },
      },
      async (request) => service.update(scopeOf(request), itemIdOf(request), request.body as z.output<U>),
    );

    app.delete(
      item,
      {
        config: writeConfig,
        schema: { summary: summaries.delete, tags, params: itemParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await service.delete(scopeOf(request), itemIdOf(request));
        return reply.status(204).send(null);
      },
    );
  };
}
