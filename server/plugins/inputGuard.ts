import type { FastifyInstance, FastifyRequest } from 'fastify';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { errorMessages } from '../../contract/messages';
import { AppError, badRequest } from '../errors';

const MAX_DEPTH = 8;

/** The first field (dotted path) whose text holds a NUL character, which PostgreSQL cannot store. */
function nulField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const takesMultipart = (request: FastifyRequest) =>
  Boolean(
    (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'),
  );

/**
 * What every route refuses before its own schema runs: a multipart body where the route does not
 * take a file or a form (415: only the price CSV and the sign-in form take one), and a NUL
 * character in any text of the query or the body (400 on that field: PostgreSQL cannot store it;
 * a path's parameters have schemas of their own, and the feed answers 404 for any unknown address).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'] ?? '';
    if (/^multipart\//i.test(type) && !takesMultipart(request)) {
      throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedContentType);
    }
  });
  app.addHook('preValidation', async (request) => {
    const field = nulField(request.query, '') ?? nulField(request.body, '');
    if (field) throw badRequest(controlCharacterMessage, { [field]: controlCharacterMessage });
  });
}
