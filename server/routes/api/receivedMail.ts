import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import { freeMailSchema, mailHistoryItemSchema } from '../../../contract/mailTemplate';
import { errorMessages } from '../../../contract/messages';
import { idParams } from '../../../contract/params';
import {
  receivedMailAssociateSchema,
  receivedMailListQuerySchema,
  receivedMailListSchema,
  receivedMailMessages,
  receivedMailSchema,
} from '../../../contract/receivedMail';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, unauthorized } from '../../errors';
import { MalformedMailError } from '../../mail/inbound/parse';
import { storeInbound } from '../../mail/inbound/store';
import { userOf } from '../../plugins/access';
import { receivedMailService } from '../../services/receivedMail';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['received_mail'];

/**
 * The raw message as the route receives it. Its bytes are held privately: the input guard that
 * looks for NUL in every field of a body (server/plugins/inputGuard.ts) sees no field here, instead
 * of walking ten million bytes one by one.
 */
class RawMessage {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares the bearer token with the secret in constant time (digests of equal length). */
function hasSecret(request: FastifyRequest, secret: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!secret || !match) return false;
  return timingSafeEqual(digest(match[1]!), digest(secret));
}

/**
 * Received mail (spec 7 "GET /admin/mail/receive: list. GET /admin/mail/receive/{id}: item; if
 * book_id is null, bookings are searched by the sender address"), its association to a booking,
 * and the door through which a mail gateway hands received mail over: POST /api/mail/inbound with
 * the raw message (message/rfc822), authenticated by INBOUND_MAIL_SECRET rather than a user's token.
 */
const receivedMailRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = receivedMailService(ctx.db, Boolean(ctx.config.SMTP_URL));
  const maxBytes = ctx.config.INBOUND_MAX_BYTES;

  app.get(
    apiPaths.receivedMails,
    {
      schema: {
        summary: 'Received mail the user may see, newest first, paged (offset, limit), with the unread count',
        tags,
        querystring: receivedMailListQuerySchema,
        response: { 200: receivedMailListSchema, ...errors },
      },
    },
    async (request) => service.list(userOf(request), request.query.offset, request.query.limit),
  );

  app.get(
    apiPaths.receivedMail,
    {
      schema: {
        summary: 'One received mail with its text and booking candidates; marks it read',
        tags,
        params: idParams,
        response: { 200: receivedMailSchema, ...errors },
      },
    },
    async (request) => service.open(userOf(request), request.params.id),
  );

  app.patch(
    apiPaths.receivedMail,
    {
      schema: {
        summary: 'Associate a received mail with a booking the user may reach',
        tags,
        params: idParams,
        body: receivedMailAssociateSchema,
        response: { 200: receivedMailSchema, ...errors },
      },
    },
    async (request) => service.associate(userOf(request), request.params.id, request.body.book_id),
  );

  // The raw message, read as bytes up to the limit (its charset is the message's own business).
  app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
    done(null, new RawMessage(body as Buffer)),
  );

  app.post(
    apiPaths.receivedMailReply,
    {
      schema: {
        summary: "Reply to a received mail linked to a booking: free text threaded under it, in the booking's mail",
        tags,
        params: idParams,
        body: freeMailSchema,
        response: { 201: mailHistoryItemSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.reply(userOf(request), request.params.id, request.body)),
  );

  app.post(
    apiPaths.inboundMail,
    {
      config: { access: 'public' },
      bodyLimit: maxBytes,
      // The secret first, then the type and the declared length: nothing of the body is read before both pass.
      onRequest: async (request: FastifyRequest, _reply: FastifyReply) => {
        if (!hasSecret(request, ctx.config.INBOUND_MAIL_SECRET)) throw unauthorized();
        if (!/^message\/rfc822\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
          throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedContentType);
        }
        const length = Number(request.headers['content-length'] ?? 0);
        if (!Number.isFinite(length) || length > maxBytes) {
          throw new AppError(413, 'payload_too_large', errorMessages.payloadTooLarge);
        }
      },
      schema: {
        summary: 'Hand over a received mail (message/rfc822, bearer INBOUND_MAIL_SECRET); 200 when already kept',
        tags,
        security: [{ bearer: [] }],
        consumes: ['message/rfc822'],
        response: {
          200: z.object({ id: z.number().int(), duplicate: z.boolean() }),
          201: z.object({ id: z.number().int(), duplicate: z.boolean() }),
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const raw = request.body instanceof RawMessage ? request.body.bytes : null;
      if (!raw || raw.length === 0) throw badRequest(receivedMailMessages.empty);
      try {
        const stored = await storeInbound(ctx.db, raw);
        return reply.status(stored.duplicate ? 200 : 201).send(stored);
      } catch (error) {
        if (error instanceof MalformedMailError) throw badRequest(receivedMailMessages.malformed);
        throw error;
      }
    },
  );
};

export default receivedMailRoutes;
