import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import {
  pettyCashCorrectionResultSchema,
  pettyCashCorrectionSchema,
  pettyCashCreateSchema,
  pettyCashCsvName,
  pettyCashCsvText,
  pettyCashListQuerySchema,
  pettyCashListSchema,
  pettyCashSchema,
} from '../../../contract/pettyCash';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { sendCsvFile } from '../download';
import { userOf } from '../../plugins/access';
import { PettyCashService } from '../../services/pettyCash';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404);
const tags = ['cashes'];
const config = { accommodationParam: 'id' };
const params = z.object({ id: idParam });

/**
 * Petty cash (spec 7 "Users, shifts, cash": GET facility/{id}/cashes with start_date, end_date and
 * format=csv; POST with paid_date, amount, balance_check, intended_use): staff of the facility and
 * administrators; another facility is 404. No change or delete: a ledger keeps its history, and a
 * mistake is reversed by a correcting entry (POST .../cashes/{cashId}/correction, issue 32).
 */
const pettyCashRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const cash = new PettyCashService(ctx.db);

  app.get(
    apiPaths.cashes,
    {
      config,
      schema: {
        summary:
          'Petty cash entries of a range (default next month) with running balance and the balance carried in; format=csv for the file',
        tags,
        params,
        querystring: pettyCashListQuerySchema,
        response: { 200: pettyCashListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const list = await cash.list(request.params.id, request.query);
      if (request.query.format !== 'csv') return list;
      // A file, not the JSON of the schema: sent as its bytes.
      return sendCsvFile(reply as FastifyReply, pettyCashCsvText(list), {
        ascii: pettyCashCsvName(request.params.id, list),
      });
    },
  );

  app.post(
    apiPaths.cashes,
    {
      config,
      schema: {
        summary: 'Record a petty cash entry (amount < 0 is money out); answers it with the balance after it',
        tags,
        params,
        body: pettyCashCreateSchema,
        response: { 201: pettyCashSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await cash.create(userOf(request), request.params.id, request.body)),
  );

  app.post(
    apiPaths.cashCorrection,
    {
      config,
      schema: {
        summary:
          'Correct an entry (訂正): a new entry reversing it, naming it and the reason, dated today (or the entry date if later); optionally the right entry too',
        tags,
        params: params.extend({ cashId: idParam }),
        body: pettyCashCorrectionSchema,
        response: { 201: pettyCashCorrectionResultSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await cash.correct(userOf(request), request.params.id, request.params.cashId, request.body)),
  );
};

export default pettyCashRoutes;
