import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { checkHealth } from '../../services/health';

const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    apiPaths.health,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database check',
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await checkHealth(ctx.db);
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
