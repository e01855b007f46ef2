import HandshakeIcon from '@mui/icons-material/Handshake';
import { defineResource } from '../../src/crud/lazyView';

/** Partners (suppliers) of the company, for administrators: /m/supplier. */
export const supplierResource = defineResource({
  name: 'supplier',
  list: () => import('./SupplierList'),
  icon: HandshakeIcon,
  recordRepresentation: 'name',
});
