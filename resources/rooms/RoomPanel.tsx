import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
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
} from '../../dataProvider/catalogueApi';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { failureMessage } from '../bookings/bookingErrors';
import { fieldErrorsOf } from './fieldErrors';
import {
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

export interface RoomPanelProps {
  accommodationId: number;
  /** 0: a new room. */
  roomId: number;
  /** The accommodation's plans: the choices to attach. */
  plans: PlanListItem[];
  onClose: () => void;
  /** After a create or a save: the list reloads. */
  onChanged: () => void;
  /** A new room was created: the panel shows it. */
  onCreated: (room: Room) => void;
}

type Errors = Partial<Record<RoomField, string>>;

const FIELDS: readonly RoomField[] = ['name', 'max_num'];

/** The room settings panel (spec section 2 "Rooms"): beside the room list. */
export function RoomPanel(props: RoomPanelProps) {
  return <RoomPanelBody key={`${props.accommodationId}:${props.roomId}`} {...props} />;
}

function RoomPanelBody({ accommodationId, roomId, plans, onClose, onChanged, onCreated }: RoomPanelProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const isNew = roomId === 0;
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing'>(isNew ? 'ready' : 'loading');
  const [room, setRoom] = useState<Room | null>(null);
  const [saved, setSaved] = useState<RoomFormValues>(emptyRoomForm);
  const [form, setForm] = useState<RoomFormValues>(emptyRoomForm);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLElement>(null);

  // Below the list on a narrower screen: the panel that was just opened comes into view.
  useEffect(() => {
    panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  const [planToAttach, setPlanToAttach] = useState('');

  useEffect(() => {
    if (isNew) return undefined;
    let alive = true;
    getRoom(accommodationId, roomId).then(
      (r) => {
        if (!alive) return;
        setRoom(r);
        setSaved(roomToForm(r));
        setForm(roomToForm(r));
        setStatus('ready');
      },
      () => alive && setStatus('missing'),
    );
    return () => {
      alive = false;
    };
  }, [accommodationId, roomId, isNew]);

  const reloadRoom = async () => {
    try {
      const r = await getRoom(accommodationId, roomId);
      setRoom(r);
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    }
  };

  const change = (field: RoomField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** An existing room saves a field on blur when it changed; what was typed stays when refused. */
  const save = async (field: RoomField) => {
    if (isNew || !room) return;
    if (!isRoomFieldChanged(field, saved, form)) return;
    const problem = roomFieldError(field, form);
    if (problem) {
      setErrors((e) => ({ ...e, [field]: problem }));
      notify(problem, { type: 'error' });
      return;
    }
    const patch = roomFieldPatch(field, form);
    if (!patch) return;
    try {
      const updated = await updateRoom(accommodationId, room.id, patch);
      const values = roomToForm(updated);
      setRoom(updated);
      setSaved(values);
      setForm((f) => ({ ...f, [field]: values[field] }));
      onChanged();
    } catch (error) {
      setErrors((e) => ({ ...e, ...fieldErrorsOf(error, FIELDS) }));
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareRoomCreate(form);
    if (prepared.errors) {
      setErrors(prepared.errors);
      notify(Object.values(prepared.errors)[0]!, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const created = await createRoom(accommodationId, prepared.body);
      notify('app.message.info.roomCreated', { type: 'info' });
      onChanged();
      onCreated(created);
    } catch (error) {
      setErrors(fieldErrorsOf(error, FIELDS));
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const attach = async () => {
    if (!room || planToAttach === '') return;
    setBusy(true);
    try {
      await attachPlan(accommodationId, room.id, Number(planToAttach));
      setPlanToAttach('');
      await reloadRoom();
      onChanged();
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const detach = async (planId: number) => {
    if (!room) return;
    setBusy(true);
    try {
      await detachPlan(accommodationId, room.id, planId);
      await reloadRoom();
      onChanged();
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const title = translate(isNew ? 'app.room.title_new' : 'app.room.title');
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
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      ref={panelRef}
      data-testid="room-panel"
      sx={{ p: 2, width: '100%', maxWidth: { xs: '100%', lg: 440 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <IconButton aria-label={translate('app.action.close')} onClick={onClose} sx={{ ml: 'auto' }}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {status === 'loading' && <CircularProgress size={28} aria-label={translate('app.room.loading')} />}
      {status === 'missing' && <Alert severity="warning">{translate('app.room.not_found')}</Alert>}
      {status === 'ready' && (
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          {!isNew && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.room.autosave')}
            </Typography>
          )}
          <TextField {...input('name')} />
          <TextField
            {...input('max_num')}
            type="number"
            slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          />
          {isNew ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate('app.room.plans_after_create')}
              </Typography>
              <Box>
                <Button type="submit" variant="contained" disabled={busy}>
                  {translate('app.room.create')}
                </Button>
              </Box>
            </>
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
                      onDelete={busy ? undefined : () => void detach(p.id)}
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
                    onClick={() => void attach()}
                    disabled={busy || planToAttach === ''}
                    sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    {translate('app.room.attach')}
                  </Button>
                </Stack>
              </Box>
            )
          )}
        </Stack>
      )}
    </Paper>
  );
}
