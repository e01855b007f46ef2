import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import { supplierListSchema } from '../../../contract/supplier';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { OptionService } from '../../services/options';

/**
 * The company's partners (spec 7 "Options, FAQ, suppliers"). Read-only for now: any signed-in user
 * may list them, since staff pick a partner in the option overlay.
 */
const supplierRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const options = new OptionService(ctx.db);

  app.get(
    '/admin/suppliers',
    {
      schema: {
        summary: "The company's partners, by id",
        tags: ['suppliers'],
        response: { 200: supplierListSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ suppliers: await options.suppliers(userOf(request).companyId) }),
  );
};

export default supplierRoutes;
