import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import {
  syncLoginAnswerSchema,
  syncSettingCreateSchema,
  syncSettingListSchema,
  syncSettingSchema,
  syncSettingUpdateSchema,
} from '../../../contract/syncSetting';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { SyncSettingsService } from '../../services/syncSettings';
import { channelBaseUrl } from '../../channel/wire/client';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['sync_settings'];
const params = z.object({ id: idParam });
const settingParams = z.object({ id: idParam, setting_id: idParam });
/** Administrators only (403 for staff), of an accommodation they reach (404 otherwise). */
const config = { access: 'admin' as const, accommodationParam: 'id' };

/**
 * A facility's channel settings (spec 7 "GET facility/{id}/sync-settings (answer sync_settings);
 * PATCH facility/{id}/sync-settings/{setting_id}"), with POST to make the facility's first one.
 * The password is stored sealed and never answered (params.password_set says whether one is set).
 */
const syncSettingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new SyncSettingsService(ctx.db, ctx.config);

  app.get(
    apiPaths.syncSettings,
    {
      config,
      schema: {
        summary: "A facility's channel sync settings, without the password (administrators)",
        tags,
        params,
        response: { 200: syncSettingListSchema, ...errors },
      },
    },
    async (request) => ({ sync_settings: await service.list(userOf(request), request.params.id) }),
  );

  app.post(
    apiPaths.syncSettings,
    {
      config,
      schema: {
        summary: "Create the facility's service 1 setting (administrators); 409 when it has one",
        tags,
        params,
        body: syncSettingCreateSchema,
        response: { 201: syncSettingSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(userOf(request), request.params.id, request.body)),
  );

  app.patch(
    apiPaths.syncSetting,
    {
      config,
      schema: {
        summary: 'Change a sync setting (administrators); a missing or empty password keeps the stored one',
        tags,
        params: settingParams,
        body: syncSettingUpdateSchema,
        response: { 200: syncSettingSchema, ...errors },
      },
    },
    async (request) => service.update(userOf(request), request.params.id, request.params.setting_id, request.body),
  );

  app.post(
    apiPaths.syncSettingLogin,
    {
      config,
      schema: {
        summary:
          "Try the setting's stored credentials on the site's GET /login (administrators): { ok, message }, nothing written",
        tags,
        params: settingParams,
        response: { 200: syncLoginAnswerSchema, ...errors },
      },
    },
    async (request) =>
      service.testLogin(userOf(request), request.params.id, request.params.setting_id, () =>
        channelBaseUrl(ctx.config),
      ),
  );
};

export default syncSettingRoutes;
