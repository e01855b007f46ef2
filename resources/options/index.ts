import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import { defineResource } from '../../src/crud/lazyView';

/** The option catalogue of an accommodation: the list lives at /m/accommodation/{id}/option (spec 2); /m/options opens the first accommodation's. */
export const optionResource = defineResource({
  name: 'options',
  list: () => import('./OptionList'),
  icon: ShoppingBasketIcon,
  recordRepresentation: 'name',
});
