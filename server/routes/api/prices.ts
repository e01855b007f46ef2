import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, isoDate } from '../../../contract/params';
import {
  MAX_PRICE_CSV_BYTES,
  priceBulkBodySchema,
  priceBulkResultSchema,
  priceCsvCheckSchema,
  priceEntrySchema,
  priceListSchema,
  priceUpdateBodySchema,
} from '../../../contract/price';
import { priceRuleAnswerSchema } from '../../../contract/priceRule';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { sendCsvFile } from '../download';
import { userOf } from '../../plugins/access';
import { declaredLengthAtMost } from '../../plugins/bodyLimits';
import { csvField, isCsvMimetype, notCsv, payloadTooLarge, priceCsvBytes } from '../../services/priceCsv';
import { PriceService } from '../../services/prices';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 413, 415);
const tags = ['prices'];
const planParams = z.object({ plan_id: idParam });
const csvParams = z.object({ planId: idParam });

/** Content types of the multipart files of a request, as the client declared them. */
const fileTypes = new WeakMap<FastifyRequest, string[]>();

/**
 * The multipart plugin (attachFieldsToBody 'keyValues') hands the route the file's bytes only; this
 * hook notes each file's declared type on its way through, so that an image or a PDF sent as the
 * CSV is refused with 415 whatever its bytes.
 */
async function noteFileTypes(request: FastifyRequest) {
  const parts = request.parts.bind(request);
  const types: string[] = [];
  fileTypes.set(request, types);
  request.parts = (options) => {
    const iterator = parts(options);
    return (async function* () {
      for await (const part of iterator) {
        if (part.type === 'file') types.push(part.mimetype);
        yield part;
      }
    })();
  };
}

function csvFile(request: FastifyRequest): Buffer | string {
  if (!(fileTypes.get(request) ?? []).every(isCsvMimetype)) throw notCsv();
  return csvField(request.body);
}

/** A file name for the export: ASCII for old clients, the plan's name for the rest (RFC 6266). */
const fileNames = (planId: number, planName: string) => ({
  ascii: `plan_${planId}_prices.csv`,
  utf8: `${planName}_料金.csv`,
});

/** Plan prices (spec section 7 "Prices"): the grid, the creator's bulk write, CSV export and import. */
const priceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const prices = new PriceService(ctx.db);
  // One CSV of at most MAX_PRICE_CSV_BYTES as a file or a text field (one past the limit, so that a
  // truncated text field is seen as too large), beside a few small fields: what a request may hold.
  const csvConfig = {
    multipartOptions: {
      limits: { files: 1, fileSize: MAX_PRICE_CSV_BYTES, fields: 4, parts: 5, fieldSize: MAX_PRICE_CSV_BYTES + 1 },
    },
  };
  const csvRequestSize = declaredLengthAtMost(MAX_PRICE_CSV_BYTES + 64 * 1024, payloadTooLarge);

  app.get(
    apiPaths.planPrices,
    {
      schema: {
        summary: 'Prices of a plan by date and headcount; format=csv for a file Japanese Excel opens',
        tags,
        params: planParams,
        querystring: z.object({
          start_date: isoDate().optional(),
          end_date: isoDate().optional(),
          format: z.enum(['json', 'csv']).optional(),
        }),
        response: { 200: priceListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { start_date, end_date, format } = request.query;
      const user = userOf(request);
      if (format !== 'csv') return { prices: await prices.list(user, request.params.plan_id, start_date, end_date) };
      const file = await prices.export(user, request.params.plan_id, start_date, end_date);
      // A file, not the JSON of the schema: sent as its bytes.
      return sendCsvFile(reply as FastifyReply, priceCsvBytes(file.prices), fileNames(file.plan.id, file.plan.name));
    },
  );

  app.patch(
    apiPaths.planPrice,
    {
      schema: {
        summary: 'Change the price of one cell',
        tags,
        params: planParams.extend({ id: idParam }),
        body: priceUpdateBodySchema,
        response: { 200: priceEntrySchema, ...errors },
      },
    },
    async (request) => prices.update(userOf(request), request.params.plan_id, request.params.id, request.body.price),
  );

  app.post(
    apiPaths.planPrices,
    {
      // MAX_PRICE_ENTRIES cells of about 50 bytes each: more than the API's 1 MB default.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary:
          'Write cells (date, headcount, price) in one transaction; existing cells take the new price. With rule_set (the creator), each price must follow it and the rule is kept',
        tags,
        params: planParams,
        body: priceBulkBodySchema,
        response: { 200: priceBulkResultSchema, ...errors },
      },
    },
    async (request) => ({
      count: await prices.replace(userOf(request), request.params.plan_id, request.body.prices, request.body.rule_set),
    }),
  );

  app.get(
    apiPaths.planPriceRule,
    {
      schema: {
        summary: "The price creator's last inputs for the plan (null before it was first used)",
        tags,
        params: planParams,
        response: { 200: priceRuleAnswerSchema, ...errors },
      },
    },
    async (request) => ({ rule_set: await prices.ruleSet(userOf(request), request.params.plan_id) }),
  );

  app.post(
    apiPaths.planPriceCsvCheck,
    {
      config: csvConfig,
      onRequest: [csvRequestSize, noteFileTypes],
      schema: {
        summary: 'Dry run of a price CSV (multipart field csv): the rows it would write and the bad rows',
        tags,
        consumes: ['multipart/form-data'],
        params: csvParams,
        response: { 200: priceCsvCheckSchema, ...errors },
      },
    },
    async (request) => prices.checkCsv(userOf(request), request.params.planId, csvFile(request)),
  );

  app.post(
    apiPaths.planPriceCsv,
    {
      config: csvConfig,
      onRequest: [csvRequestSize, noteFileTypes],
      schema: {
        summary: 'Import a price CSV (multipart field csv): every row or none (400 with the bad rows)',
        tags,
        consumes: ['multipart/form-data'],
        params: csvParams,
        response: { 200: priceBulkResultSchema, ...errors },
      },
    },
    async (request) => ({ count: await prices.importCsv(userOf(request), request.params.planId, csvFile(request)) }),
  );
};

export default priceRoutes;
