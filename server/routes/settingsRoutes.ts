import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../contract/params';
import type { z } from '../../contract/zod';
import type { CurrentUser } from '../services/auth';
import { userOf } from '../plugins/access';
import { errorAnswers } from './errorAnswers';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface SettingsRoutesOptions<S extends z.ZodType, P extends z.ZodType> {
  path: string;
  tags: string[];
  /** The settings as read and as answered after a change; the change's body (only what it names). */
  schema: S;
  patch: P;
  /** 'facility': the path names the facility as `:id` (404 when the user may not reach it); 'company': the user's company. */
  scope: 'facility' | 'company';
  summaries: { get: string; update: string };
  read: (user: CurrentUser, accommodationId: number) => Promise<z.output<S>>;
  update: (user: CurrentUser, accommodationId: number, body: z.output<P>) => Promise<z.output<S>>;
}

/**
 * A settings object's two calls on one path: GET for everyone who reaches it, PATCH for
 * administrators (403 for staff), both answered with the whole settings. A company's settings
 * pass 0 as the facility (the service reads the user's company).
 */
export function settingsRoutes<S extends z.ZodType, P extends z.ZodType>(
  typedApp: ZodApp,
  options: SettingsRoutesOptions<S, P>,
): void {
  // As in crudRoutes: the zod type provider cannot infer answers of schemas that are type parameters.
  const app = typedApp as unknown as FastifyInstance;
  const facility = options.scope === 'facility';
  const scoped: { accommodationParam?: string } = facility ? { accommodationParam: 'id' } : {};
  const params = facility ? { params: idParams } : {};
  const idOf = (request: { params: unknown }) => (facility ? (request.params as { id: number }).id : 0);
  const user = (request: unknown) => userOf(request as Parameters<typeof userOf>[0]);

  app.get(
    options.path,
    {
      config: scoped,
      schema: {
        summary: options.summaries.get,
        tags: options.tags,
        ...params,
        response: { 200: options.schema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => options.read(user(request), idOf(request)),
  );

  app.patch(
    options.path,
    {
      config: { access: 'admin', ...scoped },
      schema: {
        summary: options.summaries.update,
        tags: options.tags,
        ...params,
        body: options.patch,
        response: { 200: options.schema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => options.update(user(request), idOf(request), request.body as z.output<P>),
  );
}
