import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { bookingSchema } from '../../../contract/booking';
import { idParams } from '../../../contract/params';
import { syncBooking } from '../../channel/outbound/bookSync';
import { channelBaseUrl } from '../../channel/wire/client';
import { channelKey } from '../../channel/wire/credentials';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { BookingService } from '../../services/bookings';
import { sendJsonText } from '../jsonText';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409, 502);

/**
 * PATCH /api/admin/books/{id}/sync (spec 7, issue 21): our change or cancel of a booking reaches the
 * external channel now; answers the booking as GET /api/admin/books/{id} does. A refusal of the site
 * answers 409 with the Japanese sentence of spec section 8, the site unreachable 502.
 */
const bookSyncRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const books = new BookingService(ctx.db);

  app.patch(
    apiPaths.bookSync,
    {
      schema: {
        summary:
          'Sync one booking with the external channel (a channel booking changed or cancelled here; any other booking: its stock)',
        tags: ['bookings'],
        params: idParams,
        response: { 200: bookingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // 404 for a booking of a facility the user may not reach, as the other booking routes answer.
      await books.get(user, request.params.id);
      await syncBooking(ctx.db, request.params.id, user.id, new Date(), {
        baseUrl: channelBaseUrl(ctx.config),
        key: await channelKey(ctx.db, ctx.config),
      });
      return sendJsonText(reply, await books.get(user, request.params.id));
    },
  );
};

export default bookSyncRoutes;
