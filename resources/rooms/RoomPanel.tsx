import { useState } from 'react';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify } from 'react-admin';
import type { Room } from '../../contract/room';
import { errorMessages } from '../../contract/messages';
import {
  attachPlan,
  createRoom,
  detachPlan,
  getRoom,
  updateRoom,
  type PlanListItem,
  type RoomBody,
  type RoomPatch,
} from '../../dataProvider/catalogueApi';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SettingsPanel, type SettingsPanelLinks } from '../../src/components/SettingsPanel';
import { useAutosaveForm, type AutosaveFormModel } from '../../src/hooks/useAutosaveForm';
import { failureMessage } from '../../dataProvider/apiErrors';
import {
  ROOM_FIELDS,
  attachablePlans,
  emptyRoomForm,
  isRoomFieldChanged,
  prepareRoomCreate,
  roomFieldError,
  roomFieldPatch,
  roomToForm,
  type RoomField,
  type RoomFormValues,
} from './roomModel';

export interface RoomPanelProps extends SettingsPanelLinks<Room> {
  /** 0: a new room. */
  roomId: number;
  /** The accommodation's plans: the choices to attach. */
  plans: PlanListItem[];
}

const roomForm: AutosaveFormModel<Room, RoomFormValues, RoomField, RoomPatch, RoomBody> = {
  fields: ROOM_FIELDS,
  empty: emptyRoomForm,
  toForm: roomToForm,
  isChanged: isRoomFieldChanged,
  fieldError: roomFieldError,
  fieldPatch: roomFieldPatch,
  prepareCreate: prepareRoomCreate,
  createdMessage: 'app.message.info.roomCreated',
  calls: { get: getRoom, update: updateRoom, create: createRoom },
};

/** The room settings panel (spec section 2 "Rooms"): beside the room list. */
export function RoomPanel(props: RoomPanelProps) {
  return <RoomPanelBody key={`${props.accommodationId}:${props.roomId}`} {...props} />;
}

function RoomPanelBody({ roomId, plans, onClose, ...links }: RoomPanelProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const { accommodationId, onChanged } = links;
  const isNew = roomId === 0;
  const settings = useAutosaveForm(roomForm, { ...links, id: roomId });
  const { record: room, form, errors, change, save, refresh } = settings;
  const [changingPlans, setChangingPlans] = useState(false);
  const [planToAttach, setPlanToAttach] = useState('');

  /** Attach or detach: the room is fetched again to show its plans, and the list reloads. */
  const changePlans = async (task: (room: Room) => Promise<unknown>) => {
    if (!room) return;
    setChangingPlans(true);
    try {
      await task(room);
      await refresh();
      onChanged();
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setChangingPlans(false);
    }
  };

  const attach = () => {
    if (planToAttach === '') return;
    void changePlans(async (r) => {
      await attachPlan(accommodationId, r.id, Number(planToAttach));
      setPlanToAttach('');
    });
  };

  const detach = (planId: number) => void changePlans((r) => detachPlan(accommodationId, r.id, planId));

  const choices = room ? attachablePlans(plans, room) : [];
  const input = (field: RoomField) => ({
    id: `room-${field}`,
    name: field,
    label: translate(`resources.rooms.fields.${field}`),
    value: form[field],
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    onBlur: () => void save(field),
    error: Boolean(errors[field]),
    helperText: errors[field],
    required: true,
    size: 'small' as const,
    fullWidth: true,
  });

  return (
    <SettingsPanel resource="room" settings={settings} maxWidth={{ xs: '100%', lg: 440 }} onClose={onClose}>
      <TextField {...input('name')} />
      <TextField
        {...input('max_num')}
        type="number"
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
      {isNew ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.room.plans_after_create')}
        </Typography>
      ) : (
        room && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 700 }}>
              {translate('resources.rooms.fields.plans')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }} data-testid="room-plans">
              {room.plans.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.room.no_plans')}
                </Typography>
              )}
              {room.plans.map((p) => (
                <Chip
                  key={p.id}
                  label={p.name}
                  onDelete={changingPlans ? undefined : () => detach(p.id)}
                  slotProps={{ root: { 'aria-label': p.name } }}
                  deleteIcon={<CloseIcon aria-label={translate('app.room.detach', { name: p.name })} />}
                />
              ))}
            </Stack>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <TextField
                id="room-attach-plan"
                label={translate('app.room.choose_plan')}
                value={planToAttach}
                onChange={(e) => setPlanToAttach(e.target.value)}
                select
                size="small"
                fullWidth
                disabled={choices.length === 0}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">
                  {translate(choices.length === 0 ? 'app.room.no_attachable' : 'app.booking.choose')}
                </option>
                {choices.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name}
                  </option>
                ))}
              </TextField>
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={attach}
                disabled={changingPlans || planToAttach === ''}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {translate('app.room.attach')}
              </Button>
            </Stack>
          </Box>
        )
      )}
    </SettingsPanel>
  );
}
