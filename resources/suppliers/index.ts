import HandshakeIcon from '@mui/icons-material/Handshake';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** Partners (suppliers) of the company, for administrators: /m/supplier. */
const supplierResource = defineResource({
  name: 'supplier',
  list: () => import('./SupplierList'),
  icon: HandshakeIcon,
  recordRepresentation: 'name',
});

export const suppliersDomain = defineDomain({ resources: [supplierResource], routes: {} });
