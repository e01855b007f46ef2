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
  const settingsErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  app.get(
    apiPaths.accommodationSettings,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: "The accommodation's mail settings",
        tags: ['accommodations'],
        params: idParams,
        response: { 200: accommodationSettingsSchema, ...settingsErrors },
      },
    },
    async (request) => settings.get(userOf(request), request.params.id),
  );
  app.patch(
    apiPaths.accommodationSettings,
    {
      config: { accommodationParam: 'id', access: 'admin' },
      schema: {
        summary: "Changes the accommodation's mail settings (administrators)",
        tags: ['accommodations'],
        params: idParams,
        body: accommodationSettingsUpdateSchema,
        response: { 200: accommodationSettingsSchema, ...settingsErrors },
      },
    },
    async (request) => settings.update(userOf(request), request.params.id, request.body),
  );
};

export default accommodationRoutes;
