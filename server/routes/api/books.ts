import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import {
  bookingCancelQuerySchema,
  bookingHistorySchema,
  bookingCreateBodySchema,
  bookingListQuerySchema,
  bookingListSchema,
  bookingSchema,
  bookingUpdateBodySchema,
  dayStatusSchema,
} from '../../../contract/booking';
import { idParams, isoDate } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { bookingCsvNames } from '../../services/bookingCsv';
import { BookingService } from '../../services/bookings';
import { sendCsvFile } from '../download';
import { sendJsonText } from '../jsonText';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409);
const tags = ['bookings'];

/** Bookings (spec section 7). Answers are JSON text made by the database: sent as they are. */
const bookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const books = new BookingService(ctx.db);

  app.get(
    apiPaths.books,
    {
      schema: {
        summary:
          'Bookings of the reachable accommodations, filtered (calendar window, unsynced, unpaid, a guest); q finds a guest by part of the name, mail or phone, or the confirmation number, across all dates; format=csv for the same bookings as a file',
        tags,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // format=csv: the same bookings as a file (the schema documents the JSON).
      if (request.query.format === 'csv') {
        return sendCsvFile(reply, await books.csv(user, request.query), bookingCsvNames());
      }
      return sendJsonText(reply, await books.list(user, request.query));
    },
  );

  const accommodationQuery = z.object({ accommodation_id: z.coerce.number().int().positive().optional() });

  // The dashboard's lists of money to collect or give back: the same call of another list.
  const moneyLists = [
    {
      path: apiPaths.booksUnpaid,
      list: 'unpaid',
      summary: 'Official bookings (via 0) still unpaid 24 hours after they were made, oldest first',
    },
    {
      path: apiPaths.booksDeletedPaid,
      list: 'refund',
      summary: 'Cancelled bookings that hold more than their cancellation fee (refunds to make), last cancelled first',
    },
    {
      path: apiPaths.booksOverpaid,
      list: 'overpaid',
      summary:
        'Live bookings paid more than their bill, the total and the taxes collected apart (the excess is a refund to make), earliest stay first',
    },
  ] as const;
  for (const { path, list, summary } of moneyLists) {
    app.get(
      path,
      { schema: { summary, tags, querystring: accommodationQuery, response: { 200: bookingListSchema, ...errors } } },
      async (request, reply) =>
        sendJsonText(reply, await books.moneyList(userOf(request), list, request.query.accommodation_id)),
    );
  }

  app.get(
    apiPaths.booksOfDate,
    {
      schema: {
        summary: "The night's bookings and rooms per room type",
        tags,
        params: z.object({ date: isoDate() }),
        querystring: accommodationQuery,
        response: { 200: dayStatusSchema, ...errors },
      },
    },
    async (request) => books.dayStatus(userOf(request), request.params.date, request.query.accommodation_id),
  );

  app.get(
    apiPaths.book,
    { schema: { summary: 'One booking', tags, params: idParams, response: { 200: bookingSchema, ...errors } } },
    async (request, reply) => sendJsonText(reply, await books.get(userOf(request), request.params.id)),
  );

  app.get(
    apiPaths.bookHistory,
    {
      schema: {
        summary: 'Who changed the booking, its payments, refunds and options, and what from what (newest first)',
        tags,
        params: idParams,
        response: { 200: bookingHistorySchema, ...errors },
      },
    },
    async (request) => ({ history: await books.history(userOf(request), request.params.id) }),
  );

  app.post(
    apiPaths.books,
    {
      schema: {
        summary: 'Create a booking (via 101); checks the rules of spec section 5 in order, then capacity',
        tags,
        body: bookingCreateBodySchema,
        response: { 201: bookingSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, await books.create(userOf(request), request.body), 201),
  );

  app.patch(
    apiPaths.book,
    {
      schema: {
        summary: 'Change a booking (any subset of its fields)',
        tags,
        params: idParams,
        body: bookingUpdateBodySchema,
        response: { 200: bookingSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, await books.update(userOf(request), request.params.id, request.body)),
  );

  app.delete(
    apiPaths.book,
    {
      schema: {
        summary: 'Cancel a booking (delete_flg 1); mail=1 asks for the cancel mail',
        tags,
        params: idParams,
        querystring: bookingCancelQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await books.cancel(userOf(request), request.params.id, {
        cancelFee: request.query.cancel_fee,
        mail: request.query.mail === '1' || request.query.mail === 'true',
      });
      return reply.status(204).send(null);
    },
  );
};

export default bookRoutes;
