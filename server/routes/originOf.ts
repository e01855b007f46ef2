import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The server's address as a guest or a calendar reaches it, for links made in a request (the
 * calendar feed, the pre-check-in link): PUBLIC_URL when set, else the address the console was opened
 * at (`https://host:port`; behind a proxy from X-Forwarded-* when TRUST_PROXY).
 */
export function originOf(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): string {
  return (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
