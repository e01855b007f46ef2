import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import {
  customerListSchema,
  customerQuerySchema,
  mailPublicationDetailQuerySchema,
  mailPublicationDetailSchema,
  mailPublicationEntity,
  mailPublicationListQuerySchema,
  mailPublicationListSchema,
  mailPublicationMessages,
  mailPublicationTestSchema,
  mailRecipientListSchema,
  mailRecipientQuerySchema,
  PUBLICATION_BODY_LIMIT,
} from '../../../contract/mailPublication';
import { queuedTestMailSchema } from '../../../contract/mailTemplate';
import { idParams } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { userOf } from '../../plugins/access';
import { declaredLengthAtMost } from '../../plugins/bodyLimits';
import { MailPublicationService } from '../../services/mailPublications';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404);
const tags = ['mail'];

/**
 * A body carrying an attachment: up to the 5,000,000-byte file in base64 plus the recipients. A
 * longer declared body is refused with the spec's size message before a byte of it is read; a
 * chunked one is stopped by bodyLimit.
 */
const withAttachment = (field: string) => ({
  bodyLimit: PUBLICATION_BODY_LIMIT,
  onRequest: declaredLengthAtMost(
    PUBLICATION_BODY_LIMIT,
    () =>
      new AppError(413, 'payload_too_large', mailPublicationMessages.fileTooLarge, {
        [field]: mailPublicationMessages.fileTooLarge,
      }),
  ),
});

/**
 * Bulk mail (spec 7 "Mail templates and bulk mail") and the customers it is sent to. The create body
 * and the answer are validated with the publication's description (`mailPublicationEntity`).
 */
const mailPublicationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const publications = new MailPublicationService(ctx.db);

  app.get(
    apiPaths.mailPublishes,
    {
      schema: {
        summary: 'Bulk mail publications with their progress',
        tags,
        querystring: mailPublicationListQuerySchema,
        response: { 200: mailPublicationListSchema, ...errors },
      },
    },
    async (request) => publications.list(userOf(request), request.query),
  );

  app.post(
    apiPaths.mailPublishes,
    {
      ...withAttachment('setting.file'),
      schema: {
        summary: 'Create a bulk mail: one message per recipient is queued for send_at',
        tags,
        body: mailPublicationEntity.create,
        response: { 201: mailPublicationEntity.record, 413: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await publications.create(userOf(request), request.body)),
  );

  app.post(
    apiPaths.mailPublishTest,
    {
      ...withAttachment('file'),
      schema: {
        summary: 'Queue one test message of a bulk mail',
        tags,
        body: mailPublicationTestSchema,
        response: { 202: queuedTestMailSchema, 413: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ ...(await publications.test(userOf(request), request.body)), waiting: !ctx.config.SMTP_URL }),
  );

  app.get(
    apiPaths.mailPublish,
    {
      schema: {
        summary:
          'One bulk mail: its text, attachment (name, type, size) and progress; its recipients with include=users',
        tags,
        params: idParams,
        querystring: mailPublicationDetailQuerySchema,
        response: { 200: mailPublicationDetailSchema, ...errors },
      },
    },
    async (request) => publications.detail(userOf(request), request.params.id, request.query.include === 'users'),
  );

  app.put(
    apiPaths.mailPublish,
    {
      ...withAttachment('setting.file'),
      schema: {
        summary:
          'Replace a bulk mail not sent yet (issue 32): its text, sender, time, attachment and recipients (409 once any of it went out)',
        tags,
        params: idParams,
        body: mailPublicationEntity.update,
        response: { 200: mailPublicationEntity.record, 409: errorBodySchema, 413: errorBodySchema, ...errors },
      },
    },
    async (request) => publications.update(userOf(request), request.params.id, request.body),
  );

  app.get(
    apiPaths.mailPublishRecipients,
    {
      schema: {
        summary:
          "A page of a bulk mail's recipients, each with its message's state (sent, failed with the reason); status=queued: every one not done yet, being sent included",
        tags,
        params: idParams,
        querystring: mailRecipientQuerySchema,
        response: { 200: mailRecipientListSchema, ...errors },
      },
    },
    async (request) => publications.recipients(userOf(request), request.params.id, request.query),
  );

  app.delete(
    apiPaths.mailPublish,
    {
      schema: {
        summary: 'Delete a bulk mail not sent yet (409 once any of it went out)',
        tags,
        params: idParams,
        response: { 204: z.null(), 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await publications.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.customers,
    {
      schema: {
        summary: 'Guests of the reachable facilities, one per address',
        tags,
        querystring: customerQuerySchema,
        response: { 200: customerListSchema, ...errors },
      },
    },
    async (request) => publications.customers(userOf(request), request.query),
  );
};

export default mailPublicationRoutes;
