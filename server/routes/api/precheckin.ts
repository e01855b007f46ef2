import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { idParams } from '../../../contract/params';
import {
  checkinGuestParams,
  checkinLinkSchema,
  checkinTokenParams,
  publicGuestsSchema,
  publicRegisterSchema,
  publicStaySchema,
} from '../../../contract/precheckin';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { PrecheckinService } from '../../services/precheckin';
import { errorAnswers } from '../errorAnswers';
import { originOf } from '../originOf';
import { passportFileOf, passportMultipart, passportOnRequest } from '../passportUpload';

const tags = ['guest register'];

/**
 * The guest's pre-check-in (issue 30): staff make the link; the guest's page, without an account,
 * reads the stay, sends its guests and their passport photos, rate limited per address.
 */
const precheckinRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const precheckin = new PrecheckinService(ctx.db);
  // New objects per route: Fastify writes into a route's config.
  const publicConfig = () => ({
    access: 'public' as const,
    rateLimit: { max: ctx.config.CHECKIN_RATE_LIMIT, timeWindow: '1 minute' },
  });

  app.post(
    apiPaths.bookCheckinLink,
    {
      schema: {
        summary:
          "A link to the guest's pre-check-in page (/checkin/{token}), valid until the end of the check-out day (Tokyo)",
        tags,
        params: idParams,
        response: { 200: checkinLinkSchema, ...errorAnswers(401, 404, 409) },
      },
    },
    async (request) => precheckin.createLink(userOf(request), request.params.id, originOf(request, ctx.config)),
  );

  app.get(
    apiPaths.publicCheckin,
    {
      config: publicConfig(),
      schema: {
        summary: 'The stay a pre-check-in link opens (public): facility, dates, headcount and the items asked',
        tags,
        security: [],
        params: checkinTokenParams,
        response: { 200: publicStaySchema, ...errorAnswers(404, 429) },
      },
    },
    async (request) => precheckin.stay(request.params.token),
  );

  app.put(
    apiPaths.publicCheckin,
    {
      config: publicConfig(),
      schema: {
        summary:
          "The stay's guests as the guest sends them (public), in place of the list before; the first is the representative",
        tags,
        security: [],
        params: checkinTokenParams,
        body: publicGuestsSchema,
        response: { 200: publicRegisterSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request) => precheckin.replaceGuests(request.params.token, request.body.guests),
  );

  app.put(
    apiPaths.publicCheckinPassport,
    {
      config: { ...publicConfig(), ...passportMultipart() },
      onRequest: passportOnRequest(),
      schema: {
        summary:
          'The passport photo of the guest at {index} (0 the first) of the list sent (public; multipart field file: JPEG, PNG or PDF)',
        tags,
        security: [],
        consumes: ['multipart/form-data'],
        params: checkinGuestParams,
        response: { 204: z.null(), ...errorAnswers(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const file = passportFileOf(request.body);
      await precheckin.putPassport(request.params.token, request.params.index, file);
      return reply.status(204).send(null);
    },
  );
};

export default precheckinRoutes;
