import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { defineResource } from '../../src/crud/lazyView';

/** Room types of an accommodation: the list lives at /m/accommodation/{id}/room (spec 2); /m/rooms opens the first accommodation's. */
export const roomResource = defineResource({
  name: 'rooms',
  list: () => import('./RoomList'),
  icon: MeetingRoomIcon,
  recordRepresentation: 'name',
});
