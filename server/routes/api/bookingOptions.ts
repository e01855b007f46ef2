import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { bookingOptionSchema } from '../../../contract/booking';
import { bookingOptionCreateSchema, bookingOptionUpdateSchema } from '../../../contract/option';
import { idParam } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { BookingOptionService } from '../../services/bookingOptions';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const tags = ['booking options'];
const bookParams = z.object({ bookId: idParam });
const optionParams = z.object({ bookId: idParam, id: idParam });

/** Options attached to a booking (spec 7 "Booking options"); the booking's total follows. */
const bookingOptionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const options = new BookingOptionService(ctx.db);

  app.post(
    apiPaths.bookOptions,
    {
      schema: {
        summary: 'Attach an option of the catalogue (its name, unit price and partner are copied); days default 1',
        tags,
        params: bookParams,
        body: bookingOptionCreateSchema,
        response: { 201: bookingOptionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await options.add(userOf(request), request.params.bookId, request.body)),
  );

  app.patch(
    apiPaths.bookOption,
    {
      schema: {
        summary: 'Change an attached option, or mark it paid (paid_at: any value, now) or unsettled (null)',
        tags,
        params: optionParams,
        body: bookingOptionUpdateSchema,
        response: { 200: bookingOptionSchema, ...errors },
      },
    },
    async (request) => options.update(userOf(request), request.params.bookId, request.params.id, request.body),
  );

  app.delete(
    apiPaths.bookOption,
    {
      schema: {
        summary: 'Remove an attached option',
        tags,
        params: optionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await options.remove(userOf(request), request.params.bookId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default bookingOptionRoutes;
