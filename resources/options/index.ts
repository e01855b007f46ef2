import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import { lazyView } from '../../src/crud/lazyView';

/** The option catalogue of an accommodation: the list lives at /m/accommodation/{id}/option (spec 2); /m/options opens the first accommodation's. */
export const optionResource = {
  name: 'options',
  list: lazyView(() => import('./OptionList')),
  icon: ShoppingBasketIcon,
  recordRepresentation: 'name',
  hasCreate: true,
  hasEdit: true,
} as const;
