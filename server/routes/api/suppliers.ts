import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import { supplierEntity, supplierListSchema } from '../../../contract/supplier';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { supplierChoices, supplierCrud } from '../../services/suppliers';
import { crudRoutes } from '../crud';

/**
 * The partners screen (spec 7 "GET supplier; POST supplier or PATCH supplier/{id}; DELETE
 * supplier/{id}"): a plain entity of the company, its rules those of its description. A partner that
 * options still name is not deleted (409): those options would silently turn official.
 */
const partnerCrud = crudRoutes({
  entity: supplierEntity,
  service: (ctx) => supplierCrud(ctx.db),
  access: 'admin',
  summaries: {
    list: "The company's partners, by id (administrators)",
    get: 'One partner',
    create: 'Create a partner (spec 5 "Partner": name and e-mail required)',
    update: 'Change a partner (the changed fields)',
    delete: 'Delete a partner; 409 while options name it',
  },
});

const supplierRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(partnerCrud, ctx);

  // Staff pick a partner in the option overlay: the names, for every signed-in user (contract/resourceApi `choices`).
  app.get(
    apiPaths.supplierChoices,
    {
      schema: {
        summary: "The company's partners, by id, for the option overlay's choices (any signed-in user)",
        tags: ['supplier'],
        response: { 200: supplierListSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ suppliers: await supplierChoices(ctx.db, userOf(request).companyId) }),
  );
};

export default supplierRoutes;
