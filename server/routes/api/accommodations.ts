import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accommodationListSchema,
  accommodationSchema,
  accommodationSettingsSchema,
  accommodationSettingsUpdateSchema,
} from '../../../contract/accommodation';
import { errorBodySchema } from '../../../contract/error';
import type { AppContext } from '../../context';
import { idParams } from '../../../contract/params';
import { findCompany, listAccommodations } from '../../db/queries/accommodations';
import { notFound } from '../../errors';
import { userOf } from '../../plugins/access';
import { AccommodationSettingsService } from '../../services/accommodationSettings';

const accommodationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const schema = {
    summary: 'The accommodations the user may reach, and the company',
    tags: ['accommodations'],
    response: { 200: accommodationListSchema, 401: errorBodySchema },
  };
  const list = async (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    const [accommodations, company] = await Promise.all([
      listAccommodations(ctx.db, user.accommodationIds),
      findCompany(ctx.db, user.companyId),
    ]);
    return { accommodations, company: { name: company?.name ?? '' } };
  };
  app.get('/accommodations', { schema }, list);
  app.get('/admin/accommodations', { schema }, list);

  app.get(
    '/admin/accommodations/:id',
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: 'One accommodation',
        tags: ['accommodations'],
        params: idParams,
        response: { 200: accommodationSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const [row] = await listAccommodations(ctx.db, [request.params.id]);
      if (!row) throw notFound();
      return row;
    },
  );

  // The accommodation's mail settings: the reminder's days, the opt-in automatic cancel (issue 20).
  const settings = new AccommodationSettingsService(ctx.db);
  const settingsErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  app.get(
    '/admin/accommodations/:id/settings',
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
    '/admin/accommodations/:id/settings',
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
