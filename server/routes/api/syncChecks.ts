import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import {
  checkErrorsAnswerSchema,
  checkErrorsQuerySchema,
  checksAnswerSchema,
  checksQuerySchema,
  ikuyuQuerySchema,
  ikuyuSchema,
  monthsOffsetParam,
  recheckAnswerSchema,
  syncCheckMessages,
} from '../../../contract/syncCheck';
import { z } from '../../../contract/zod';
import { channelBaseUrl } from '../../channel/wire/client';
import { channelKey } from '../../channel/wire/credentials';
import { accountOf, checksOf, ikuyuStatus, runSyncCheck, syncCheckErrors } from '../../channel/checks/syncCheck';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import { userOf } from '../../plugins/access';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404, 409, 502);
const tags = ['sync_checks'];
/** Staff and administrators of the facility named in the path (404 for any other facility). */
const config = { accommodationParam: 'accommodation_id' };

/**
 * The sync check (spec 7 "Sync and checks" and the ikuyu call; issue 21): the channel's per-day
 * status of a plan, the stored checks of a facility, their recompute, and the error days the
 * dashboard lists.
 */
const syncCheckRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= channelKey(ctx.db, ctx.config).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  app.get(
    apiPaths.planIkuyu,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: "The channel's raw per-day codes of a plan's month, comma-separated (spec 4 maps them)",
        tags,
        params: z.object({ id: idParam, planId: idParam }),
        querystring: ikuyuQuerySchema,
        response: { 200: ikuyuSchema, ...errors },
      },
    },
    async (request) =>
      ikuyuStatus(
        ctx.db,
        channelBaseUrl(ctx.config),
        await keyOf(),
        request.params.id,
        request.params.planId,
        request.query.year,
        request.query.month,
      ),
  );

  app.get(
    apiPaths.syncChecks,
    {
      schema: {
        summary: 'Error days (result 1 or 2) of the stored checks from today on, of the reachable facilities',
        tags,
        querystring: checkErrorsQuerySchema,
        response: { 200: checkErrorsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ errors: await syncCheckErrors(ctx.db, userOf(request).accommodationIds, new Date()) }),
  );

  app.get(
    apiPaths.syncChecksOf,
    {
      config,
      schema: {
        summary: "A facility's stored sync checks (latest per room type and month) and its room types",
        tags,
        params: z.object({ accommodation_id: idParam }),
        querystring: checksQuerySchema,
        response: { 200: checksAnswerSchema, ...errors },
      },
    },
    async (request) => checksOf(ctx.db, request.params.accommodation_id, request.query),
  );

  app.post(
    apiPaths.syncCheckRun,
    {
      config,
      schema: {
        summary: 'Recompute the sync check of a month (offset: months from this month, 1 = next month, 0..6)',
        tags,
        params: z.object({ accommodation_id: idParam, offset: monthsOffsetParam }),
        response: { 200: recheckAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const accommodationId = request.params.accommodation_id;
      const account = await accountOf(ctx.db, await keyOf(), accommodationId);
      const run = await runSyncCheck(ctx.db, channelBaseUrl(ctx.config), account, request.params.offset, new Date());
      if (run.noRooms) throw conflict(syncCheckMessages.noRooms);
      const answer = await checksOf(ctx.db, accommodationId, { year: run.year, month: run.month });
      return { ...answer, year: run.year, month: run.month, error_message: run.errorMessage };
    },
  );
};

export default syncCheckRoutes;
