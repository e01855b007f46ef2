import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import {
  mailTemplateListSchema,
  mailTemplateSchema,
  mailTemplateUpdateSchema,
  testMailSchema,
  queuedTestMailSchema,
} from '../../../contract/mailTemplate';
import { idParam } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { nudgeMailWorker } from '../../jobs/nudge';
import { userOf } from '../../plugins/access';
import { MailTemplateService } from '../../services/mailTemplates';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404);
const tags = ['mail templates'];
const params = z.object({ id: idParam });
const templateParams = z.object({ id: idParam, templateId: idParam });
/** Every route here names its accommodation: the user must reach it (404 otherwise). */
const config = { accommodationParam: 'id' };

/** Mail templates of an accommodation (spec 7 "Mail templates and bulk mail", the booking mail calls). */
const mailTemplateRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const templates = new MailTemplateService(ctx.db);

  app.get(
    apiPaths.mailTemplates,
    {
      config,
      schema: {
        summary: 'The mail templates of an accommodation, by send type',
        tags,
        params,
        response: { 200: mailTemplateListSchema, ...errors },
      },
    },
    async (request) => ({ mail_templates: await templates.list(request.params.id) }),
  );

  app.get(
    apiPaths.accommodationMailTemplates,
    {
      config,
      schema: {
        summary: "The mail templates of an accommodation (the booking panel's template select)",
        tags,
        params,
        response: { 200: mailTemplateListSchema, ...errors },
      },
    },
    async (request) => ({ mail_templates: await templates.list(request.params.id) }),
  );

  app.get(
    apiPaths.mailTemplate,
    {
      config,
      schema: {
        summary: 'One mail template',
        tags,
        params: templateParams,
        response: { 200: mailTemplateSchema, ...errors },
      },
    },
    async (request) => templates.get(request.params.id, request.params.templateId),
  );

  app.patch(
    apiPaths.mailTemplate,
    {
      config,
      schema: {
        summary:
          'Save a mail template: title, from_address and from_name required, body optional; an unknown placeholder is refused',
        tags,
        params: templateParams,
        body: mailTemplateUpdateSchema,
        response: { 200: mailTemplateSchema, ...errors },
      },
    },
    async (request) => templates.update(userOf(request), request.params.id, request.params.templateId, request.body),
  );

  app.post(
    apiPaths.mailTemplateTest,
    {
      config,
      schema: {
        summary:
          'Queue the template, filled with a sample booking, to mail_address (via: 0 official, 1 partner channel); 409 when its sender is not a verified sender address',
        tags,
        params: templateParams,
        body: testMailSchema,
        response: { 201: queuedTestMailSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const queued = await templates.test(userOf(request), request.params.id, request.params.templateId, request.body);
      nudgeMailWorker();
      return reply.status(201).send({ ...queued, waiting: !ctx.config.SMTP_URL });
    },
  );
};

export default mailTemplateRoutes;
