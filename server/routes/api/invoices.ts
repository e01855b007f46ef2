import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import {
  invoiceCreateSchema,
  invoiceFileNames,
  invoiceFormatQuery,
  invoiceListSchema,
  invoiceReissueSchema,
  invoiceSchema,
} from '../../../contract/invoice';
import { freeMailSchema, mailHistoryItemSchema } from '../../../contract/mailTemplate';
import { idParams } from '../../../contract/params';
import { nudgeMailWorker } from '../../jobs/nudge';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { InvoiceService } from '../../services/tax/invoices';
import { sendPdfFile } from '../download';
import { errorAnswers } from '../errorAnswers';

const tags = ['taxes and invoices'];

/**
 * Receipts, invoices and refund documents of a booking (issue 31): issue, list, read (JSON or the
 * PDF) and reissue. Staff of the booking's facility may do all of it.
 */
const invoiceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const invoices = new InvoiceService(ctx.db, Boolean(ctx.config.SMTP_URL));

  app.post(
    apiPaths.bookInvoices,
    {
      schema: {
        summary:
          "Issue a booking's receipt (適格簡易請求書), invoice (適格請求書, recipient required) or refund document, numbered gap-free per facility and year",
        tags,
        params: idParams,
        body: invoiceCreateSchema,
        response: { 201: invoiceSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invoices.issue(userOf(request), request.params.id, request.body)),
  );

  app.get(
    apiPaths.bookInvoices,
    {
      schema: {
        summary: "A booking's documents, the latest first (voided ones too, marked)",
        tags,
        params: idParams,
        response: { 200: invoiceListSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => ({ invoices: await invoices.list(userOf(request), request.params.id) }),
  );

  app.get(
    apiPaths.invoice,
    {
      schema: {
        summary: 'One document as issued (format=pdf: the A4 PDF, its Japanese text searchable)',
        tags,
        params: idParams,
        querystring: invoiceFormatQuery,
        response: { 200: invoiceSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'pdf') return invoices.get(userOf(request), request.params.id);
      const { invoice, pdf } = await invoices.pdf(userOf(request), request.params.id);
      return sendPdfFile(reply as FastifyReply, pdf, invoiceFileNames(invoice));
    },
  );

  app.post(
    apiPaths.invoiceMail,
    {
      schema: {
        summary: "Mail the document's PDF to the booking's guest (title and body as a free mail), through the outbox",
        tags,
        params: idParams,
        body: freeMailSchema,
        response: { 201: mailHistoryItemSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const sent = await invoices.mail(userOf(request), request.params.id, request.body);
      nudgeMailWorker();
      return reply.code(201).send(sent);
    },
  );

  app.post(
    apiPaths.invoiceReissue,
    {
      schema: {
        summary: 'Void a document and issue it again under a new number that names the old one (the PDF says 再発行)',
        tags,
        params: idParams,
        body: invoiceReissueSchema,
        response: { 201: invoiceSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invoices.reissue(userOf(request), request.params.id, request.body)),
  );
};

export default invoiceRoutes;
