import holidayJp from '@holiday-jp/holiday_jp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokyoToday } from '../../../contract/dates';
import { errorBodySchema } from '../../../contract/error';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';

const holidayListSchema = z.object({
  items: z.array(z.object({ name: z.string(), target_date: z.string() })),
});

/** Japanese national holidays of a year and the next, from the maintained @holiday-jp/holiday_jp table. */
export function holidaysOf(year: number) {
  const table = holidayJp.holidays as unknown as Record<string, { name: string }>;
  return Object.keys(table)
    .filter((date) => date.startsWith(`${year}-`) || date.startsWith(`${year + 1}-`))
    .sort()
    .map((date) => ({ name: table[date]!.name, target_date: date }));
}

/** GET /holidays (spec section 7): the price creator's holiday and day-before-holiday steps use it. */
const holidayRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/holidays',
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
