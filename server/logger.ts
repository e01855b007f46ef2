import type { FastifyServerOptions } from 'fastify';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], undefined>;

/**
 * Structured JSON logs. Fastify logs method, url and address of a request, never its headers or
 * body; the paths below are censored anyway in case an error or a plugin logs a whole request.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.refresh_token',
  'body.client_secret',
  'body.token',
  '*.password',
  '*.refresh_token',
  '*.access_token',
  '*.client_secret',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
  };
}
