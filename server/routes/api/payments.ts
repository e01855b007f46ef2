import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import { idParams } from '../../../contract/params';
import {
  IDEMPOTENCY_HEADER,
  paymentAnswerSchema,
  paymentCreateSchema,
  refundAnswerSchema,
  refundBodySchema,
} from '../../../contract/payment';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { idempotencyKey, PaymentService } from '../../services/payments';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const tags = ['payments'];

/** Payments of a booking and its refunds (spec 7 "Payments" and the refund call; a live booking's excess, issue 32). */
const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const payments = new PaymentService(ctx.db);

  app.post(
    apiPaths.payments,
    {
      schema: {
        summary:
          'Register a payment of a booking (without payment_exe_date: a provisional settlement); one above what is owed is taken and answered with the excess (overpaid)',
        tags,
        body: paymentCreateSchema,
        response: { 201: paymentAnswerSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await payments.create(userOf(request), request.body)),
  );

  app.delete(
    apiPaths.payment,
    {
      schema: {
        summary: 'Delete a payment; 409 for a card settlement (transaction_id)',
        tags,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await payments.delete(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    apiPaths.refund,
    {
      schema: {
        summary:
          'Refund a cancelled booking, at most what it holds beyond its cancellation fee, or a live booking, at most what it holds beyond its bill. The same Idempotency-Key sent again answers the first refund',
        tags,
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: refundBodySchema,
        response: { 200: refundAnswerSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request) =>
      payments.refund(userOf(request), request.body, idempotencyKey(request.headers[IDEMPOTENCY_HEADER])),
  );
};

export default paymentRoutes;
