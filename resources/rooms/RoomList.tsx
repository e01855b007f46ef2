import { Chip, Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { roomEntity, type Room } from '../../contract/room';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EntityList } from '../../src/crud/EntityList';
import { ForAccommodation } from '../../src/crud/ForAccommodation';
import { links } from '../../src/routes';
import { SyncItemsSection } from '../sync/shared';
import { RoomPlans } from './RoomPlans';
import { UnpublishRoomPlansButton } from './UnpublishRoomPlansButton';

function PlanChips({ record }: { record: RaRecord }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {(record as Room).plans.map((p) => (
        <Chip key={p.id} size="small" label={p.name} title={p.name} sx={{ maxWidth: 180 }} />
      ))}
    </Stack>
  );
}

/**
 * The room types of an accommodation (spec 2 "Rooms", /m/accommodation/{id}/room), generated from
 * their description: name, rooms, the plans they sell, and the settings panel (existing rooms save
 * each field as it is left, new ones need 作成; plans are attached once the room exists). 削除 is
 * refused while bookings use the room type: then このタイプのプランをすべて非公開にする is offered.
 */
export default function RoomList() {
  const translate = useAppTranslate();
  return (
    <ForAccommodation link={links.rooms}>
      {(accommodationId) => (
        <EntityList
          entity={roomEntity}
          form="panel"
          meta={{ accommodationId }}
          cells={{ plans: (record) => <PlanChips record={record} /> }}
          inputs={{ plans: null }}
          panelChildren={
            <>
              <RoomPlans />
              <SyncItemsSection targetType={1} />
            </>
          }
          deleteRefusedAction={(record, done) => <UnpublishRoomPlansButton record={record} done={done} />}
          createNote={
            <Typography variant="body2" color="text.secondary">
              {translate('resources.rooms.plans.after_create')}
            </Typography>
          }
        />
      )}
    </ForAccommodation>
  );
}
