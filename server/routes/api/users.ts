import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEntity } from '../../../contract/user';
import type { AppContext } from '../../context';
import { UserService } from '../../services/users';
import { crudRoutes } from '../crud';

/** The users screen (spec 7 "User: GET list; POST ...; PATCH user/{id} partial or password only; DELETE user/{id}"). */
const userRoutes: FastifyPluginAsyncZod<AppContext> = crudRoutes({
  entity: userEntity,
  service: (ctx) => new UserService(ctx.db),
  access: 'admin',
  summaries: {
    list: "The company's users by id, with the accommodations each reaches (administrators)",
    get: 'One user',
    create: 'Create a user (mail unique, password rule of contract/password.ts, grants of the company)',
    update: 'Change a user (any subset, or the password alone: it ends their other sessions)',
    delete: 'Delete a user (not oneself, not the last administrator); their sessions end',
  },
});

export default userRoutes;
