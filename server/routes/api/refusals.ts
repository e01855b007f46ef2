import { refusalEntity } from '../../../contract/refusal';
import { refusalCrud } from '../../services/refusals';
import { crudRoutes } from '../crud';

/**
 * The refusal log (宿泊拒否の記録, issue 30): GET/POST /api/admin/refusals and GET/PATCH/DELETE
 * /api/admin/refusals/{id}, for the facilities the user reaches (another facility's record is 404).
 */
const refusalRoutes = crudRoutes({
  entity: refusalEntity,
  service: (ctx) => refusalCrud(ctx.db),
  summaries: {
    list: 'The refusals of the facilities the user reaches (or of accommodation_id), the latest first',
    get: 'One refusal',
    create:
      "Record a refusal (旅館業法5条): the facility, when, the guest, the law's ground, the facts; signed by the user",
    update: 'Correct a refusal (audited with what it replaced); its facility stays',
    delete: 'Delete a refusal: 409 for the three years the law keeps it',
  },
});

export default refusalRoutes;
