import PeopleIcon from '@mui/icons-material/People';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** Users of the company, for administrators: /m/user. */
const userResource = defineResource({
  name: 'user',
  list: () => import('./UserList'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
});

export const usersDomain = defineDomain({ resources: [userResource], routes: {} });
