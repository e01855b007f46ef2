import PeopleIcon from '@mui/icons-material/People';
import { lazyView } from '../../src/crud/lazyView';

/** Users of the company, for administrators: /m/user. */
export const userResource = {
  name: 'user',
  list: lazyView(() => import('./UserList')),
  icon: PeopleIcon,
  recordRepresentation: 'name',
  hasCreate: true,
  hasEdit: true,
} as const;
