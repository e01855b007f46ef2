import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import { jobStatesSchema } from '../../../contract/jobState';
import type { AppContext } from '../../context';
import { JobsService } from '../../services/jobs';

/** The background jobs' state (issue 29): administrators only; the rows are JobsService's. */
const jobRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new JobsService(ctx.db);
  app.get(
    apiPaths.jobs,
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'The background jobs (administrators): cadence, exclusivity across processes, last run started and finished, last error, next run, running',
        tags: ['jobs'],
        response: { 200: jobStatesSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    () => service.list(),
  );
};

export default jobRoutes;
