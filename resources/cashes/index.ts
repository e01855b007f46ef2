import PaymentsIcon from '@mui/icons-material/Payments';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** A facility's petty cash ledger, shown at /m/accommodation/{id}/cash (src/routes.ts `cash`). */
const cashResource = defineResource({
  name: 'cashes',
  list: () => import('./CashPage'),
  icon: PaymentsIcon,
  recordRepresentation: 'intended_use',
});

export const cashesDomain = defineDomain({ resources: [cashResource], routes: { cash: cashResource.list } });
