import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import { z } from '../../../contract/zod';
import { idParam } from '../../../contract/params';
import {
  senderAddressCreateSchema,
  senderAddressListSchema,
  senderAddressSchema,
  senderAddressVerifySchema,
} from '../../../contract/senderAddress';
import type { AppContext } from '../../context';
import { nudgeMailWorker } from '../../jobs/nudge';
import { userOf } from '../../plugins/access';
import { SenderAddressService } from '../../services/senderAddresses';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['mail_addresses'];
const itemParams = z.object({ itemId: idParam });

/**
 * The company's sender addresses (spec 7 "GET /admin/mail/addresses: array of id, from_address",
 * with `verified`): every signed-in user reads them (the bulk mail's and the templates' sender
 * select), administrators add, verify and remove them. They are never changed.
 */
const mailAddressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new SenderAddressService(ctx.db, ctx.config.MAIL_VERIFIED_DOMAINS);

  app.get(
    apiPaths.mailAddresses,
    {
      schema: {
        summary: "The company's sender addresses, by address (any signed-in user)",
        tags,
        response: { 200: senderAddressListSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.list(userOf(request)),
  );

  app.get(
    apiPaths.mailAddress,
    {
      schema: {
        summary: 'One sender address',
        tags,
        params: itemParams,
        response: { 200: senderAddressSchema, ...errors },
      },
    },
    async (request) => service.get(userOf(request), request.params.itemId),
  );

  app.post(
    apiPaths.mailAddresses,
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'Add a sender address (administrators): verified at once on a domain of MAIL_VERIFIED_DOMAINS, otherwise a code is mailed to it; 409 when the company has it or another company verified it',
        tags,
        body: senderAddressCreateSchema,
        response: { 201: senderAddressSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await service.create(userOf(request), request.body.from_address);
      if (!created.verified) nudgeMailWorker();
      return reply.status(201).send(created);
    },
  );

  app.post(
    apiPaths.mailAddressVerify,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Enter the code mailed to the address (administrators): a right one verifies it',
        tags,
        params: itemParams,
        body: senderAddressVerifySchema,
        response: { 200: senderAddressSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => service.verify(userOf(request), request.params.itemId, request.body.code),
  );

  app.post(
    apiPaths.mailAddressVerification,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Mail a new code to an address not verified yet (administrators; once a minute)',
        tags,
        params: itemParams,
        response: { 200: senderAddressSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const address = await service.resend(userOf(request), request.params.itemId);
      nudgeMailWorker();
      return address;
    },
  );

  app.delete(
    apiPaths.mailAddress,
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
      await service.remove(userOf(request), request.params.itemId);
      return reply.status(204).send(null);
    },
  );
};

export default mailAddressRoutes;
