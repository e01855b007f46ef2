import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { errorBodySchema } from '../../../contract/error';
import { meSchema } from '../../../contract/user';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';

const meRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    apiPaths.me,
    { schema: { summary: 'The signed-in user', tags: ['users'], response: { 200: meSchema, 401: errorBodySchema } } },
    async (request) => {
      const user = userOf(request);
      return {
        id: user.id,
        name: user.name,
        mail: user.mail,
        user_type: user.userType,
        accommodations: [...user.accommodationIds],
      };
    },
  );
};

export default meRoutes;
