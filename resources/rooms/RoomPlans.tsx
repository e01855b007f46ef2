import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useEditContext, useGetList, useNotify } from 'react-admin';
import type { Room } from '../../contract/room';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useCallMeta } from '../../src/crud/CallMeta';
import { refusalMessage } from '../../src/crud/formErrors';

/**
 * The plans a room type sells, in its settings panel (spec 2 "Rooms", 4): × detaches one, 追加
 * attaches another of the accommodation. The room and the list beside it are read again after each
 * change (spec 4: attaching or detaching reloads the room).
 */
export function RoomPlans() {
  const translate = useAppTranslate();
  const notify = useNotify();
  const meta = useCallMeta();
  const accommodationId = Number(meta?.accommodationId);
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { record, refetch } = useEditContext<Room>();
  const { data: plans = [] } = useGetList('plans', { pagination: { page: 1, perPage: 1000 }, meta });
  const [toAttach, setToAttach] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const attached = new Set(record.plans.map((p) => p.id));
  const choices = plans.filter((p) => !attached.has(p.id as number));

  const change = async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
      await refetch();
      await queryClient.invalidateQueries({ queryKey: ['rooms', 'getList'] });
    } catch (error) {
      notify(refusalMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 700 }}>
        {translate('resources.rooms.fields.plans')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }} data-testid="room-plans">
        {record.plans.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.rooms.plans.none')}
          </Typography>
        )}
        {record.plans.map((p) => (
          <Chip
            key={p.id}
            label={p.name}
            onDelete={
              busy ? undefined : () => void change(() => dataProvider.detachPlan(accommodationId, record.id, p.id))
            }
            deleteIcon={<CloseIcon aria-label={translate('resources.rooms.plans.detach', { name: p.name })} />}
          />
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          fullWidth
          label={translate('resources.rooms.plans.choose')}
          value={toAttach}
          onChange={(e) => setToAttach(e.target.value)}
          disabled={choices.length === 0}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            {translate(choices.length === 0 ? 'resources.rooms.plans.no_attachable' : 'resources.rooms.plans.pick')}
          </MenuItem>
          {choices.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {String(p.name)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={busy || toAttach === ''}
          onClick={() =>
            void change(async () => {
              await dataProvider.attachPlan(accommodationId, record.id, Number(toAttach));
              setToAttach('');
            })
          }
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('resources.rooms.plans.attach')}
        </Button>
      </Stack>
    </Box>
  );
}
