import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import { z } from '../../../contract/zod';
import { idParam } from '../../../contract/params';
import {
  senderAddressCreateSchema,
  senderAddressEntity,
  senderAddressListSchema,
  senderAddressMessages,
  senderAddressSchema,
} from '../../../contract/senderAddress';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/pgErrors';
import { senderAddresses } from '../../db/schema';
import { conflict } from '../../errors';
import { userOf } from '../../plugins/access';
import { tableCrud } from '../../services/tableCrud';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['mail_addresses'];
const itemParams = z.object({ itemId: idParam });

/**
 * The company's sender addresses (spec 7 "GET /admin/mail/addresses: array of id, from_address"):
 * every signed-in user reads them (the bulk mail's sender select), administrators add and remove
 * them. An address the company already has is 409; they are never changed, only added and removed.
 */
const mailAddressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = tableCrud(ctx.db, {
    entity: senderAddressEntity,
    table: senderAddresses,
    scope: { column: senderAddresses.companyId, by: 'company' },
    orderBy: [senderAddresses.fromAddress, senderAddresses.id],
  });
  const scopeOf = (request: Parameters<typeof userOf>[0]) => ({ user: userOf(request), accommodationId: null });

  app.get(
    '/admin/mail/addresses',
    {
      schema: {
        summary: "The company's sender addresses, by address (any signed-in user)",
        tags,
        response: { 200: senderAddressListSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.list(scopeOf(request), {}),
  );

  app.get(
    '/admin/mail/addresses/:itemId',
    {
      schema: {
        summary: 'One sender address',
        tags,
        params: itemParams,
        response: { 200: senderAddressSchema, ...errors },
      },
    },
    async (request) => service.get(scopeOf(request), request.params.itemId),
  );

  app.post(
    '/admin/mail/addresses',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Add a sender address (administrators); 409 when the company has it already',
        tags,
        body: senderAddressCreateSchema,
        response: { 201: senderAddressSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await service.create(scopeOf(request), request.body).catch((error: unknown) => {
        if (isUniqueViolation(error, 'sender_addresses_company_address_key')) {
          throw conflict(senderAddressMessages.taken, { from_address: senderAddressMessages.taken });
        }
        throw error;
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/admin/mail/addresses/:itemId',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove a sender address (administrators)',
        tags,
        params: itemParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(scopeOf(request), request.params.itemId);
      return reply.status(204).send(null);
    },
  );
};

export default mailAddressRoutes;
