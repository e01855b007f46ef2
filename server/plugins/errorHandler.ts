import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages } from '../../contract/messages';
import { sqlState } from '../db/pgErrors';
import { AppError } from '../errors';

/** Fastify's and its plugins' own error codes, answered with our shape and a Japanese sentence. */
const knownErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: errorMessages.payloadTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large', message: errorMessages.payloadTooLarge },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large', message: errorMessages.payloadTooLarge },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large', message: errorMessages.payloadTooLarge },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large', message: errorMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: errorMessages.unsupportedContentType,
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: errorMessages.unsupportedContentType,
  },
};

/** `/body/guests/0/name` -> `guests.0.name`; a whole-object issue -> its context (`body`). */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'request';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * Any error as one answer of the app's shape, with a Japanese sentence. Also answers the errors
 * Fastify raises before routing (server/plugins/frameworkErrors.ts).
 */
export function answerError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.status(err.statusCode).send(err.toBody());
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A number in the path that no row can have as its id (0, past PostgreSQL's integer): not
    // found, as for an id that does not exist. What is not a number at all stays a 400.
    const params = (request.params ?? {}) as Record<string, unknown>;
    const names = err.validation.map((issue) => fieldName(issue.instancePath, undefined));
    const numericId = (name: string) => /(^id$|Id$|_id$)/.test(name) && /^\d+$/.test(String(params[name] ?? ''));
    if (err.validationContext === 'params' && names.every(numericId)) {
      return reply.status(404).send({ code: 'not_found', message: errorMessages.notFound });
    }
    const errors: Record<string, string> = {};
    for (const issue of err.validation) {
      const name = fieldName(issue.instancePath, err.validationContext);
      errors[name] ??= issue.message ?? errorMessages.validation;
    }
    return reply.status(400).send({ code: 'validation', message: errorMessages.validation, errors });
  }
  const known = err.code ? knownErrors[err.code] : undefined;
  if (known) {
    return reply.status(known.status).send({ code: known.code, message: known.message });
  }
  // A database error caused by the request's values, not by the server: said as a refusal.
  const state = sqlState(err);
  if (state?.startsWith('22') || state === '23502' || state === '23514') {
    request.log.info({ sqlState: state }, 'value refused by the database');
    return reply.status(400).send({ code: 'invalid_value', message: errorMessages.invalidValue });
  }
  // A deadlock or serialization failure (two requests on the same rows at once): nothing was
  // written, and the same request may simply be sent again.
  if (state === '23505' || state === '23503' || state === '40P01' || state === '40001') {
    request.log.info({ sqlState: state }, 'conflict in the database');
    return reply.status(409).send({ code: 'conflict', message: errorMessages.conflict });
  }
  // A multipart body the parser could not read (no boundary, cut short): the caller's.
  if (!err.statusCode && /^multipart\//i.test(request.headers['content-type'] ?? '')) {
    return reply.status(400).send({ code: 'invalid_request', message: errorMessages.invalidRequest });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Malformed JSON, an empty body, a bad Content-Length...: the caller's fault, said plainly.
    request.log.info({ code: err.code, status }, 'request refused');
    return reply.status(status).send({ code: 'invalid_request', message: errorMessages.invalidRequest });
  }
  // The log line has the route, the code and the request id, never the request's data; the
  // answer carries the id so that an administrator can find the line the user quotes.
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ code: 'internal', message: errorMessages.internal, request_id: request.id });
}
