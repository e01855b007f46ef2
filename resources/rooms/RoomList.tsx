import { useEffect, useState } from 'react';
import { Chip, Stack } from '@mui/material';
import type { Room } from '../../contract/room';
import { deleteRoom, listPlans, listRooms, type PlanListItem } from '../../dataProvider/catalogueApi';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SettingsList, useSettingsList, type SettingsListColumn } from '../../src/components/SettingsList';
import { RoomPanel } from './RoomPanel';

type Column = 'name' | 'max_num' | 'plans';

/** The room list of an accommodation with its settings panel (spec section 2 "Rooms"). */
export function RoomList({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const list = useSettingsList(accommodationId, listRooms, deleteRoom, 'app.message.info.roomDeleted');
  const [plans, setPlans] = useState<PlanListItem[]>([]);

  useEffect(() => {
    listPlans(accommodationId).then(setPlans, () => undefined);
  }, [accommodationId]);

  const header = (key: Column | 'settings' | 'delete') => translate(`resources.rooms.fields.${key}`);
  const columns: SettingsListColumn<Column>[] = [
    { key: 'name', header: header('name'), sx: { fontWeight: 500, whiteSpace: 'nowrap' } },
    { key: 'max_num', header: header('max_num'), align: 'right', sx: { whiteSpace: 'nowrap' } },
    { key: 'plans', header: header('plans') },
    { key: 'settings', header: header('settings') },
    { key: 'delete', header: header('delete') },
  ];

  const cell = (c: Column, r: Room) => {
    switch (c) {
      case 'name':
        return r.name;
      case 'max_num':
        return translate('app.room.count', { count: r.max_num });
      case 'plans':
        return (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {r.plans.map((p) => (
              <Chip key={p.id} size="small" label={p.name} title={p.name} sx={{ maxWidth: 180 }} />
            ))}
          </Stack>
        );
    }
  };

  return (
    <SettingsList
      state={list}
      resource="room"
      besideFrom="lg"
      columns={columns}
      cell={cell}
      panel={(id, links) => <RoomPanel {...links} roomId={id} plans={plans} />}
    />
  );
}
