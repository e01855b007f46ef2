import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sitePaths } from '../../contract/apiPaths';
import { z } from '../../contract/zod';
import { errorBodySchema } from '../../contract/error';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { buildIcalFeed, FEED_FILE } from '../services/icalFeed';

const icalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Never kept by a browser or a proxy, found or not: a regenerated address answers 404 at once, and
  // a feed the address no longer names is not served from a cache (issue 22).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  app.get(
    sitePaths.icalFile,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Calendar feed of an accommodation (public, no token): /ical/{ical_uid}.ics',
        tags: ['calendar'],
        // Any other address is a feed that does not exist: 404, as for a regenerated one.
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const uid = FEED_FILE.exec(request.params.file)?.[1];
      const feed = uid === undefined ? null : await buildIcalFeed(ctx.db, uid);
      if (feed === null) throw notFound();
      return reply.type('text/calendar; charset=utf-8').send(feed);
    },
  );
};

export default icalRoutes;
