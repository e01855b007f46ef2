import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import {
  accommodationListSchema,
  accommodationSchema,
  accommodationSettingsSchema,
  accommodationSettingsUpdateSchema,
} from '../../../contract/accommodation';
import { errorBodySchema } from '../../../contract/error';
import type { AppContext } from '../../context';
import { idParams } from '../../../contract/params';
import { accommodation, reachableAccommodations } from '../../services/accommodations';
import { userOf } from '../../plugins/access';
import { AccommodationSettingsService } from '../../services/accommodationSettings';
import { settingsRoutes } from '../settingsRoutes';

const accommodationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const schema = {
    summary: 'The accommodations the user may reach, and the company',
    tags: ['accommodations'],
    response: { 200: accommodationListSchema, 401: errorBodySchema },
  };
  const list = (request: Parameters<typeof userOf>[0]) => reachableAccommodations(ctx.db, userOf(request));
  app.get(apiPaths.accommodations, { schema }, list);
  app.get(apiPaths.adminAccommodations, { schema }, list);

  app.get(
    apiPaths.adminAccommodation,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: 'One accommodation',
        tags: ['accommodations'],
        params: idParams,
        response: { 200: accommodationSchema, 404: errorBodySchema },
      },
    },
    (request) => accommodation(ctx.db, request.params.id),
  );

  // The accommodation's mail settings: the reminder's days, the opt-in automatic cancel (issue 20).
  const settings = new AccommodationSettingsService(ctx.db);
  settingsRoutes(app, {
    path: apiPaths.accommodationSettings,
    tags: ['accommodations'],
    schema: accommodationSettingsSchema,
    patch: accommodationSettingsUpdateSchema,
    scope: 'facility',
    summaries: {
      get: "The accommodation's mail settings",
      update: "Changes the accommodation's mail settings (administrators)",
    },
    read: (user, id) => settings.get(user, id),
    update: (user, id, body) => settings.update(user, id, body),
  });
};

export default accommodationRoutes;
