import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** The option catalogue of an accommodation: the list lives at /m/accommodation/{id}/option (spec 2); /m/options opens the first accommodation's. */
const optionResource = defineResource({
  name: 'options',
  list: () => import('./OptionList'),
  icon: ShoppingBasketIcon,
  recordRepresentation: 'name',
});

export const optionsDomain = defineDomain({ resources: [optionResource], routes: { options: optionResource.list } });
