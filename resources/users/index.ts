import PeopleIcon from '@mui/icons-material/People';
import { defineResource } from '../../src/crud/lazyView';

/** Users of the company, for administrators: /m/user. */
export const userResource = defineResource({
  name: 'user',
  list: () => import('./UserList'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
});
