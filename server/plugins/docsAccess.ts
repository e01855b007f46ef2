import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorMessages } from '../../contract/messages';
import { AppError } from '../errors';
import type { AuthService } from '../services/auth';

/** The console keeps its access token in this cookie (dataProvider/tokenStore.ts). */
const TOKEN_COOKIE = 'yadoban_token';

function tokenOf(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Who may read the API's documentation (/api/docs and its JSON): anyone in development and
 * tests; in production only a signed-in administrator (the bearer header, or the console's token
 * cookie when opened in the browser), others get the 404 of an unknown path, as if it were not there.
 */
export function docsAccess(config: Pick<Config, 'NODE_ENV'>, auth: AuthService) {
  if (config.NODE_ENV !== 'production') return undefined;
  return async (request: FastifyRequest) => {
    const token = tokenOf(request);
    const user = token ? await auth.authenticate(token) : null;
    // The very answer of a path that does not exist: nothing tells that the documentation is here.
    if (!user?.isAdmin) throw new AppError(404, 'not_found', errorMessages.routeNotFound);
  };
}
