import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

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

const MASK = '[redacted]';

/** A segment as the application reads it; one that is not valid percent-encoding, as it came. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A mail address, whole or in part, raw or percent-encoded (`%40`). */
const looksLikeMail = (raw: string, decoded: string) => decoded.includes('@') || /%40/i.test(raw);
/** A phone number: ten digits or more with a leading 0 or +, or written with separators. */
function looksLikePhone(decoded: string): boolean {
  if (!/^\+?[\d\s\-().]+$/.test(decoded)) return false;
  const digits = decoded.replace(/\D/g, '').length;
  return digits >= 10 && (/^[+0(]/.test(decoded) || /[\s\-().]/.test(decoded));
}

/**
 * A path as logged, without the guest data and secrets some paths carry: a segment that holds a
 * mail address or a phone number (the console's `/m/books/{mail}`, whatever a link puts there),
 * whatever follows `/m/books/` (the guest-books page takes the booking's mail as it was typed),
 * the calendar feed's secret address (`/ical/{uid}.ics`) and the same uid in the console's
 * `/m/accommodation/{uid}/mail/...` (any segment after `accommodation` that is not a number), and
 * the pre-check-in link's token (`/checkin/{token}`, `/api/public/checkin/{token}/...`).
 */
export function maskPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((raw, i) => {
      if (raw === '') return raw;
      const decoded = decodeSegment(raw);
      const before = segments[i - 1];
      const secret =
        looksLikeMail(raw, decoded) ||
        looksLikePhone(decoded) ||
        (segments[1] === 'ical' && i > 1) ||
        // The pre-check-in's key: /checkin/{token} and /api/public/checkin/{token}/...
        (before === 'checkin' && (segments[1] === 'checkin' || segments[2] === 'public')) ||
        (segments[1] === 'm' && before === 'books' && i === 3) ||
        (before === 'accommodation' && !/^\d+$/.test(decoded));
      return secret ? MASK : raw;
    })
    .join('/');
}

/**
 * A request as logged: its id, method, route pattern (`/api/admin/books/:id`) and path without the
 * query string (a guest's mail or name can be a search filter) and with guest data masked
 * (`maskPath`). Never headers or body.
 */
export function logRequest(request: FastifyRequest) {
  const path = maskPath(request.url.split('?')[0] ?? '');
  return { id: request.id, method: request.method, route: request.routeOptions?.url, path };
}

/**
 * An error as logged: its type, code and first line, without what a database error quotes (the
 * SQL and its parameters: guest names, addresses, phones) and without the stack.
 */
export function logError(err: Error & { code?: unknown; cause?: unknown }) {
  const cause = err.cause as { code?: unknown; constraint?: unknown } | undefined;
  const firstLine = (err.message ?? '').split('\n')[0] ?? '';
  const databaseError = /^Failed query|params:/i.test(err.message ?? '');
  return {
    type: err.name,
    code: err.code ?? cause?.code,
    constraint: cause?.constraint,
    message: databaseError ? 'database query failed' : firstLine.slice(0, 200),
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: logRequest as never,
      err: logError as never,
    },
  };
}

/**
 * One line per request, once it is answered: its id, method, route and path (`logRequest`), the
 * status and the time taken. Fastify's own request logging (disabled in server/app.ts) wrote two,
 * one on arrival and one on completion: half of a list call's logging cost.
 */
export function logEachRequestOnce(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });
}
