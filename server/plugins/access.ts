import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import { assertAccommodation } from '../services/access';
import type { AuthService, CurrentUser } from '../services/auth';

/**
 * The one mechanism by which every route is authenticated and scoped (DECISIONS.md
 * "Authentication"). A route says in its `config`:
 * - `access: 'public'`: no token needed (health, OAuth, the calendar feed);
 * - `access: 'admin'`: company-level administration, 403 for staff;
 * - nothing: any signed-in user;
 * - `accommodationParam: 'id'`: the path parameter naming an accommodation, answered 404 when
 *   the user may not reach it, as if it did not exist.
 * Things that belong to an accommodation (a booking, a plan...) are scoped in their queries with
 * `user.accommodationIds` (see `reachable` in server/db/queries/scope.ts).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'public' | 'admin' | 'user';
    accommodationParam?: string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export { assertAccommodation };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Installs the access hooks on a scope (the /api routes): every route registered there is covered. */
export function installAccess(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.access === 'public') return;
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : null;
    if (!user) throw unauthorized();
    if (config.access === 'admin' && !user.isAdmin) throw forbidden();
    request.currentUser = user;
  });

  app.addHook('preHandler', async (request) => {
    const param = request.routeOptions.config.accommodationParam;
    if (!param) return;
    const id = Number((request.params as Record<string, unknown>)[param]);
    assertAccommodation(userOf(request), id);
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sessions are kept between requests (server/auth/sessionCache.ts). A request that may have
 * written (a sign-out, a changed grant, a deleted user...) empties them before it answers, so
 * that its change holds from the very next request; the database's notification would follow a
 * moment later. Installed on the root, so /oauth is covered too.
 */
export function forgetSessionsAfterWrites(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READS.has(request.method)) auth.forgetSessions();
    done(null, payload);
  });
}
