import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../../contract/messages';
import { AppError } from '../errors';

/**
 * Multipart limits every route gets unless it declares its own (config.multipartOptions): no file
 * at all, and a handful of small fields. A route that takes a file says how many and how large.
 */
export const defaultMultipartLimits = { files: 0, fields: 20, parts: 20, fieldSize: 8 * 1024, fieldNameSize: 100 };

/** The sign-in and sign-out forms: a few fields of at most 1,024 characters each. */
export const SIGN_IN_BODY_LIMIT = 4 * 1024;

const tooLarge = () => new AppError(413, 'payload_too_large', errorMessages.payloadTooLarge);
const unsupported = () => new AppError(415, 'unsupported_media_type', errorMessages.unsupportedContentType);

/**
 * Refuses, before a byte of the body is read, a request whose Content-Length passes `limit`. A
 * chunked body has no length to check: the body parser's limit (bodyLimit, multipart limits) stops it.
 */
export function declaredLengthAtMost(limit: number, refusal: () => AppError = tooLarge) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (!Number.isFinite(length) || length > limit) throw refusal();
  };
}

/**
 * Route options of a small form (the OAuth endpoints): urlencoded or file-less multipart of at most
 * `limit` bytes. Another type is 415 and a longer declared body 413, both before the body is read;
 * a chunked multipart body that turns out to carry a file is 413 at the file's first byte (files: 0),
 * and its fields are capped by size and number, so nothing the client sends piles up in memory.
 */
export function smallFormOnly(limit: number) {
  const checkLength = declaredLengthAtMost(limit);
  return {
    bodyLimit: limit,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const type = request.headers['content-type'];
      if (type !== undefined && !/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) {
        throw unsupported();
      }
      await checkLength(request, reply);
    },
    multipartOptions: { limits: { ...defaultMultipartLimits, fieldSize: 2 * 1024, fields: 10, parts: 10 } },
  };
}
