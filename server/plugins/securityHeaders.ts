import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /** Helmet's headers as names and values, for answers written past the hooks (frameworkErrors.ts). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

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
  app.decorate('securityHeaders', headersOf(apply));
}

/** The headers a helmet middleware sets: the same for every request with our options (no nonce). */
function headersOf(apply: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: () => undefined,
  };
  // never: helmet touches no part of the request, and of the response only these two methods.
  apply({} as never, response as never, () => undefined);
  return headers;
}
