import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { lazyView } from '../../src/crud/lazyView';

/** Room types of an accommodation: the list lives at /m/accommodation/{id}/room (spec 2); /m/rooms opens the first accommodation's. */
export const roomResource = {
  name: 'rooms',
  list: lazyView(() => import('./RoomList')),
  icon: MeetingRoomIcon,
  recordRepresentation: 'name',
  hasCreate: true,
  hasEdit: true,
} as const;
