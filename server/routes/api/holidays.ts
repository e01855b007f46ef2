import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import { tokyoToday } from '../../../contract/dates';
import { errorBodySchema } from '../../../contract/error';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { holidaysOf } from '../../services/holidays';

const holidayListSchema = z.object({
  items: z.array(z.object({ name: z.string(), target_date: z.string() })),
});

/** GET /holidays (spec section 7): the price creator's holiday and day-before-holiday steps use it. */
const holidayRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    apiPaths.holidays,
    {
      schema: {
        summary: 'National holidays of Japan for this year and next (Asia/Tokyo)',
        tags: ['prices'],
        response: { 200: holidayListSchema, 401: errorBodySchema },
      },
    },
    async () => ({ items: holidaysOf(Number(tokyoToday().slice(0, 4))) }),
  );
};

export default holidayRoutes;
