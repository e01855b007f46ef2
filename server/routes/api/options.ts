import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** The option catalogue of an accommodation (spec 7 "Options, FAQ, suppliers"): filled by issue 5. */
const optionRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};

export default optionRoutes;
