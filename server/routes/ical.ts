import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../contract/zod';
import { errorBodySchema } from '../../contract/error';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { buildIcalFeed } from '../services/icalFeed';

const icalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/ical/:file',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Calendar feed of an accommodation (public, no token): /ical/{uid}.ics',
        tags: ['calendar'],
        params: z.object({ file: z.string().regex(/^[0-9a-z]{1,64}\.ics$/) }),
        response: { 200: z.string(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const feed = await buildIcalFeed(ctx.db, request.params.file.replace(/\.ics$/, ''));
      if (feed === null) throw notFound();
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(feed);
    },
  );
};

export default icalRoutes;
