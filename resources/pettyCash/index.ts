import PaymentsIcon from '@mui/icons-material/Payments';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** A facility's petty cash ledger, shown at /m/accommodation/{id}/cash (src/routes.ts `cash`). */
const pettyCashResource = defineResource({
  name: 'cashes',
  list: () => import('./PettyCashPage'),
  icon: PaymentsIcon,
  recordRepresentation: 'intended_use',
});

export const pettyCashDomain = defineDomain({
  resources: [pettyCashResource],
  routes: { cash: pettyCashResource.list },
});
