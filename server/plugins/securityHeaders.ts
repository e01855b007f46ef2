import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (console, API, errors, 404). The middleware is built
 * once, here: @fastify/helmet built it anew on every request, parsing the content security policy
 * each time, about 2 % of a signed-in list call's CPU (issue 12, docs/decisions.md).
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
