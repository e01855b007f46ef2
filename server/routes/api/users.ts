import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/error';
import { userListSchema } from '../../../contract/user';
import type { AppContext } from '../../context';
import { listCompanyUsers } from '../../db/queries/users';
import { userOf } from '../../plugins/access';

const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The users of the company (administrators only)',
        tags: ['users'],
        response: { 200: userListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ users: await listCompanyUsers(ctx.db, userOf(request).companyId) }),
  );
};

export default userRoutes;
