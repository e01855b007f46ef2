import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookMailSendSchema,
  freeMailSchema,
  mailBodyQuerySchema,
  mailBodySchema,
  mailHistoryItemSchema,
  mailHistorySchema,
} from '../../../contract/mailTemplate';
import { idParam, idParams } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { nudgeMailWorker } from '../../jobs/nudge';
import { userOf } from '../../plugins/access';
import { BookMailService } from '../../services/bookMail';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const tags = ['booking mail'];
const bookParams = z.object({ bookId: idParam });

/** A booking's mail (spec 7: POST/GET /admin/books/{id}/mail, GET books/{bookId}/mail/body, POST books/{bookId}/mail). */
const bookMailRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const mail = new BookMailService(ctx.db, Boolean(ctx.config.SMTP_URL));

  app.post(
    apiPaths.bookMail,
    {
      schema: {
        summary: "Send the template of send type `type` to the guest's mail",
        tags,
        params: idParams,
        body: bookMailSendSchema,
        response: { 201: mailHistoryItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await mail.sendTemplate(userOf(request), request.params.id, request.body.type);
      nudgeMailWorker();
      return reply.status(201).send(sent);
    },
  );

  app.get(
    apiPaths.bookMail,
    {
      schema: {
        summary:
          "The booking's mail, newest first, each with its state (未送信（SMTP未設定） while SMTP_URL is not set) and failure reason",
        tags,
        params: idParams,
        response: { 200: mailHistorySchema, ...errors },
      },
    },
    async (request) => mail.history(userOf(request), request.params.id),
  );

  app.get(
    apiPaths.bookMailBody,
    {
      schema: {
        summary: "A template filled for the booking; the body is the field 'boby' (the spec's name)",
        tags,
        params: bookParams,
        querystring: mailBodyQuerySchema,
        response: { 200: mailBodySchema, ...errors },
      },
    },
    async (request) => mail.body(userOf(request), request.params.bookId, request.query.template_id),
  );

  app.post(
    apiPaths.bookFreeMail,
    {
      schema: {
        summary: 'Send a free mail (title, body; placeholders filled) to the guest',
        tags,
        params: bookParams,
        body: freeMailSchema,
        response: { 201: mailHistoryItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await mail.sendFree(userOf(request), request.params.bookId, request.body);
      nudgeMailWorker();
      return reply.status(201).send(sent);
    },
  );
};

export default bookMailRoutes;
