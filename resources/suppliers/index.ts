import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazyView } from '../../src/crud/lazyView';

/** Partners (suppliers) of the company, for administrators: /m/supplier. */
export const supplierResource = {
  name: 'supplier',
  list: lazyView(() => import('./SupplierList')),
  icon: HandshakeIcon,
  recordRepresentation: 'name',
  hasCreate: true,
  hasEdit: true,
} as const;
