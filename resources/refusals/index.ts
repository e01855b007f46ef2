import GavelIcon from '@mui/icons-material/Gavel';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** The refusal log (宿泊拒否の記録, issue 30) of the facilities the user reaches: /m/refusals. */
const refusalResource = defineResource({
  name: 'refusals',
  list: () => import('./RefusalList'),
  icon: GavelIcon,
  recordRepresentation: 'guest_name',
});

export const refusalsDomain = defineDomain({ resources: [refusalResource], routes: {} });
