import { optionEntity } from '../../../contract/option';
import { OptionService, optionCrud } from '../../services/options';
import { crudRoutes } from '../crud';

/**
 * The option catalogue of an accommodation (spec 7 "Options, FAQ, suppliers"), on the generated
 * routes (server/routes/crud.ts) with the catalogue's rules (services/options.ts). A reorder is a
 * PATCH of display_order alone.
 */
const optionRoutes = crudRoutes({
  entity: optionEntity,
  service: (ctx) => optionCrud(new OptionService(ctx.db)),
  summaries: {
    list: 'The catalogue in display order; with room_id, what that room type offers (its own options and those for all rooms)',
    get: 'One option of the catalogue (the edit overlay reads it)',
    create: 'Create an option (spec 5 "Option"); it goes after the last unless display_order is given',
    update: 'Change an option (any subset; a reorder sends display_order alone). supplier_id and room_id cannot change',
    delete: 'Delete an option; the bookings that hold it keep its name and price',
  },
});

export default optionRoutes;
