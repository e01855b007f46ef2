import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Options attached to a booking (spec 7 "Booking options"): filled by issue 5. */
const bookingOptionRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};

export default bookingOptionRoutes;
