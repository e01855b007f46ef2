import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqEntity } from '../../../contract/faq';
import type { AppContext } from '../../context';
import { FaqService } from '../../services/faqs';
import { crudRoutes } from '../crud';

/** The FAQ screen (spec 7 "GET accommodation/{accommodation_id}/faq, optional room_id; POST ...; PATCH/DELETE .../faq/{id}"). */
const faqRoutes: FastifyPluginAsyncZod<AppContext> = crudRoutes({
  entity: faqEntity,
  service: (ctx) => new FaqService(ctx.db),
  summaries: {
    list: 'The FAQ in display order; with room_id, the items of that room type and those for all rooms',
    get: 'One FAQ item',
    create: 'Create a FAQ item; it goes after the last (maximum + 1, 0 when empty) unless display_order is given',
    update: 'Change a FAQ item (any subset; a reorder sends display_order alone; room_id may change)',
    delete: 'Delete a FAQ item',
  },
});

export default faqRoutes;
