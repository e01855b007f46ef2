import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import {
  syncLogListQuerySchema,
  syncLogListSchema,
  syncLogSchema,
  syncLogUpdateSchema,
} from '../../../contract/syncLog';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { SyncLogsService } from '../../services/syncLogs';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404);
const tags = ['sync_logs'];

/**
 * Sync logs (spec 7 "GET /admin/logs/sync, optional success, read, offset: answer logs. PATCH
 * /admin/logs/sync/{id}, body {read}"): any signed-in user, the rows of the facilities they reach.
 */
const syncLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new SyncLogsService(ctx.db);

  app.get(
    apiPaths.syncLogs,
    {
      schema: {
        summary: 'Sync logs of the reachable facilities, newest first, 50 a page (offset)',
        tags,
        querystring: syncLogListQuerySchema,
        response: { 200: syncLogListSchema, ...errors },
      },
    },
    async (request) => service.list(userOf(request), request.query),
  );

  app.patch(
    apiPaths.syncLog,
    {
      schema: {
        summary: 'Mark a sync log read (1) or unread (0)',
        tags,
        params: z.object({ id: idParam }),
        body: syncLogUpdateSchema,
        response: { 200: syncLogSchema, ...errors },
      },
    },
    async (request) => service.update(userOf(request), request.params.id, request.body),
  );
};

export default syncLogRoutes;
