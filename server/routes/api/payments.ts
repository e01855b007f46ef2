import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Payments and refunds (spec 7 "Payments", the refund and unpaid lists): filled by issue 5. */
const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};

export default paymentRoutes;
