import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accommodationListSchema, accommodationSchema } from '../../../contract/accommodation';
import { errorBodySchema } from '../../../contract/error';
import type { AppContext } from '../../context';
import { idParams } from '../../../contract/params';
import { findCompany, listAccommodations } from '../../db/queries/accommodations';
import { notFound } from '../../errors';
import { userOf } from '../../plugins/access';

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
};

export default accommodationRoutes;
