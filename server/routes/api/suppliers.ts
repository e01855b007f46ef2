import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import { supplierEntity, supplierListSchema, supplierMessages } from '../../../contract/supplier';
import type { AppContext } from '../../context';
import { countSupplierOptions, listSuppliers } from '../../db/queries/suppliers';
import { suppliers } from '../../db/schema';
import { conflict } from '../../errors';
import { userOf } from '../../plugins/access';
import { tableCrud } from '../../services/tableCrud';
import { crudRoutes } from '../crud';

/**
 * The partners screen (spec 7 "GET supplier; POST supplier or PATCH supplier/{id}; DELETE
 * supplier/{id}"): a plain entity of the company, its rules those of its description. A partner that
 * options still name is not deleted (409): those options would silently turn official.
 */
const partnerCrud = crudRoutes({
  entity: supplierEntity,
  service: (ctx) =>
    tableCrud(ctx.db, {
      entity: supplierEntity,
      table: suppliers,
      scope: { column: suppliers.companyId, by: 'company' },
      orderBy: [suppliers.id],
      beforeDelete: async (tx, id) => {
        const used = await countSupplierOptions(tx, id);
        if (used > 0) throw conflict(supplierMessages.inUse(used));
      },
    }),
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
    '/admin/suppliers',
    {
      schema: {
        summary: "The company's partners, by id, for the option overlay's choices (any signed-in user)",
        tags: ['supplier'],
        response: { 200: supplierListSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ suppliers: await listSuppliers(ctx.db, userOf(request).companyId) }),
  );
};

export default supplierRoutes;
