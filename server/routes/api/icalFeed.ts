import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { icalFeedSchema } from '../../../contract/icalFeed';
import { idParams } from '../../../contract/params';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { IcalFeedService } from '../../services/icalFeed';
import { errorAnswers } from '../errorAnswers';
import { originOf } from '../originOf';

const errors = errorAnswers(401, 403, 404);
const tags = ['calendar'];

/**
 * A facility's calendar feed address (spec 2 "Detailed settings": the feed link /ical/{uid}.ics
 * with copy and regenerate). Anyone who reaches the facility sees it; administrators regenerate it.
 */
const icalFeedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new IcalFeedService(ctx.db);

  /** Both routes answer the feed's address, for a facility the user reaches. */
  const feedRoute = (summary: string, access?: 'admin') => ({
    config: { accommodationParam: 'id', ...(access && { access }) },
    schema: { summary, tags, params: idParams, response: { 200: icalFeedSchema, ...errors } },
  });

  app.get(apiPaths.icalFeed, feedRoute("A facility's calendar feed address { uid, url }"), async (request) =>
    service.get(userOf(request), request.params.id, originOf(request, ctx.config)),
  );

  app.post(
    apiPaths.icalFeedRegenerate,
    feedRoute(
      'A new calendar feed address for the facility (administrators); the old one answers 404 at once',
      'admin',
    ),
    async (request) => service.regenerate(userOf(request), request.params.id, originOf(request, ctx.config)),
  );
};

export default icalFeedRoutes;
