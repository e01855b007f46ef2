import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNotify } from 'react-admin';
import type { Room } from '../../contract/room';
import { errorMessages } from '../../contract/messages';
import { deleteRoom, listPlans, listRooms, type PlanListItem } from '../../dataProvider/catalogueApi';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { failureMessage } from '../bookings/bookingErrors';
import { RoomPanel } from './RoomPanel';
import { ListStatus, tableScrollSx } from '../../src/components/ListStatus';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rooms: Room[] };

/** The room list of an accommodation with its settings panel (spec section 2 "Rooms"). */
export function RoomList({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [plans, setPlans] = useState<PlanListItem[]>([]);
  /** null: no panel; 0: a new room. */
  const [selected, setSelected] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Room | null>(null);
  const [deleting, setDeleting] = useState(false);

  const reload = useCallback(
    () =>
      listRooms(accommodationId).then(
        (rooms) => setLoad({ status: 'ready', rooms }),
        () => setLoad({ status: 'failed' }),
      ),
    [accommodationId],
  );

  useEffect(() => {
    void reload();
    listPlans(accommodationId).then(setPlans, () => undefined);
  }, [accommodationId, reload]);

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteRoom(accommodationId, toDelete.id);
      notify('app.message.info.roomDeleted', { type: 'info' });
      if (selected === toDelete.id) setSelected(null);
      setToDelete(null);
      await reload();
    } catch (error) {
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  const rooms = load.status === 'ready' ? load.rooms : [];
  const header = (key: 'name' | 'max_num' | 'plans' | 'settings' | 'delete') =>
    translate(`resources.rooms.fields.${key}`);

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: 'flex-start', mt: 1 }}>
      <Card sx={{ flex: 1, minWidth: 0, width: '100%' }} data-testid="room-list">
        <CardHeader
          title={translate('app.page.rooms')}
          slotProps={{ title: { component: 'h1', variant: 'h6', sx: { fontWeight: 700 } } }}
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSelected(0)}>
              {translate('app.room.new')}
            </Button>
          }
        />
        <CardContent sx={{ pt: 0 }}>
          <ListStatus
            status={load.status}
            count={rooms.length}
            loadingLabel={translate('app.room.loading')}
            failedText={translate('app.room.load_failed')}
            emptyText={translate('app.room.empty')}
          />
          {rooms.length > 0 && (
            <Box sx={tableScrollSx}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{header('name')}</TableCell>
                    <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} align="right">
                      {header('max_num')}
                    </TableCell>
                    <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{header('plans')}</TableCell>
                    <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{header('settings')}</TableCell>
                    <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{header('delete')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rooms.map((r) => (
                    <TableRow key={r.id} data-testid="room-row" selected={selected === r.id}>
                      <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{r.name}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {translate('app.room.count', { count: r.max_num })}
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                          {r.plans.map((p) => (
                            <Chip key={p.id} size="small" label={p.name} title={p.name} sx={{ maxWidth: 180 }} />
                          ))}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <Button size="small" variant="outlined" onClick={() => setSelected(r.id)}>
                          {translate('app.room.settings')}
                        </Button>
                      </TableCell>
                      <TableCell>
                        <Button size="small" color="error" onClick={() => setToDelete(r)}>
                          {translate('app.room.delete')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
      {selected !== null && (
        <RoomPanel
          accommodationId={accommodationId}
          roomId={selected}
          plans={plans}
          onClose={() => setSelected(null)}
          onChanged={() => void reload()}
          onCreated={(room) => setSelected(room.id)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        content={toDelete ? translate('app.room.delete_content', { name: toDelete.name }) : undefined}
        loading={deleting}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
