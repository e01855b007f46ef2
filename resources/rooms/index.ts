import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** Room types of an accommodation: the list lives at /m/accommodation/{id}/room (spec 2); /m/rooms opens the first accommodation's. */
const roomResource = defineResource({
  name: 'rooms',
  list: () => import('./RoomList'),
  icon: MeetingRoomIcon,
  recordRepresentation: 'name',
});

export const roomsDomain = defineDomain({ resources: [roomResource], routes: { rooms: roomResource.list } });
