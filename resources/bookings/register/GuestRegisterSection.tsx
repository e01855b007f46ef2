import { useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAddAlt';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import LinkIcon from '@mui/icons-material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { countryName, JAPAN } from '../../../contract/countries';
import { tokyoToday } from '../../../contract/dates';
import type { CheckinLink } from '../../../contract/precheckin';
import type { BookingGuests, Guest, RegisterStatusName } from '../../../contract/guestRegister';
import { errorMessages } from '../../../contract/messages';
import { REGISTER_FIELD_LABELS } from '../../../contract/registerLabels';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { PanelSection } from '../PanelSection';
import { CheckinLinkDialog } from './CheckinLinkDialog';
import { GuestDialog } from './GuestDialog';
import { StayActions } from './StayActions';

const STATUS_COLOR: Record<RegisterStatusName, 'default' | 'warning' | 'success'> = {
  none: 'default',
  incomplete: 'warning',
  complete: 'success',
};

/** The query key of a booking's register: under `books`, so the header's refresh reloads it too. */
const registerKey = (bookId: number) => ['books', 'guests', bookId] as const;

type Popup = { kind: 'add' } | { kind: 'edit'; guest: Guest };

/**
 * 宿泊者名簿 of an existing booking (issue 30): its state (未 / 不足 / 済) with what is missing per guest
 * and how many guests of the headcount are not entered yet, each guest with 代表者 or 同行者 and a
 * foreign country, and the add / edit / remove popups; above them the stay's state and the front
 * desk's check-in, check-out and no-show (StayActions). A cancelled booking's register is read-only.
 */
export function GuestRegisterSection({ booking, onChanged }: { booking: Booking; onChanged: () => Promise<void> }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<Popup | null>(null);
  const [removing, setRemoving] = useState<Guest | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<CheckinLink | null>(null);
  const register = useApiQuery(registerKey(booking.id), (signal) => dataProvider.listBookGuests(booking.id, signal), {
    keepPrevious: false,
  });
  const settings = useApiQuery(['register_settings', booking.accommodation_id], (signal) =>
    dataProvider.getRegisterSettings(booking.accommodation_id, signal),
  );
  const readOnly = booking.delete_flg === 1;
  const reload = () => queryClient.invalidateQueries({ queryKey: registerKey(booking.id) });

  const saved = async (added: boolean) => {
    setPopup(null);
    notify(added ? 'app.register.added' : 'app.register.saved', { type: 'success' });
    await reload();
  };

  const remove = async (guest: Guest) => {
    setBusy(true);
    try {
      await dataProvider.removeBookGuest(booking.id, guest.id);
      setRemoveOpen(false);
      notify('app.register.removed', { type: 'success' });
      await reload();
    } catch (error) {
      setRemoveOpen(false);
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const openLink = async () => {
    try {
      setLink(await dataProvider.makeCheckinLink(booking.id));
    } catch (error) {
      notify(failureMessage(error, translate('app.register.checkin_link_failed')), { type: 'error' });
    }
  };

  const uploadPassport = async (guest: Guest, file: File) => {
    try {
      await dataProvider.putGuestPassport(booking.id, guest.id, file);
      notify('app.register.passport_saved', { type: 'success', messageArgs: { name: guest.name } });
      await reload();
    } catch (error) {
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    }
  };

  const data: BookingGuests | null = register.status === 'ready' ? register.data : null;
  const notEntered = data?.register.missing.filter((m) => m.guest_id === null).length ?? 0;
  const missingOf = (guest: Guest) => data?.register.missing.find((m) => m.guest_id === guest.id)?.fields ?? [];

  return (
    <PanelSection
      title={translate('app.register.title')}
      testId="booking-register"
      action={
        !readOnly &&
        settings.status === 'ready' && (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {booking.end_date >= tokyoToday() && (
              <Button size="small" startIcon={<LinkIcon />} onClick={() => void openLink()}>
                {translate('app.register.checkin_link')}
              </Button>
            )}
            <Button size="small" startIcon={<AddIcon />} onClick={() => setPopup({ kind: 'add' })}>
              {translate('app.register.add')}
            </Button>
          </Stack>
        )
      }
    >
      <StayActions
        booking={booking}
        onMoved={async () => {
          await Promise.all([onChanged(), reload()]);
        }}
      />
      {register.status === 'failed' && <Alert severity="error">{translate('app.register.load_failed')}</Alert>}
      {data && (
        <Stack spacing={0.5}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Chip
              size="small"
              color={STATUS_COLOR[data.register.status]}
              label={translate(`app.register.status.${data.register.status}`)}
              data-testid="register-status"
              data-status={data.register.status}
            />
            <Typography variant="body2">{translate(`app.register.status_long.${data.register.status}`)}</Typography>
          </Stack>
          {data.guests.length > 0 && (
            <List dense disablePadding>
              {data.guests.map((g) => (
                <GuestRow
                  key={g.id}
                  guest={g}
                  missing={missingOf(g)}
                  readOnly={readOnly}
                  onPassport={(file) => void uploadPassport(g, file)}
                  onEdit={() => setPopup({ kind: 'edit', guest: g })}
                  onRemove={() => {
                    setRemoving(g);
                    setRemoveOpen(true);
                  }}
                />
              ))}
            </List>
          )}
          {notEntered > 0 && (
            <Typography variant="body2" color="warning.main" data-testid="register-not-entered">
              {translate('app.register.not_entered', { count: notEntered })}
            </Typography>
          )}
          {readOnly && data.guests.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {translate('app.register.read_only')}
            </Typography>
          )}
        </Stack>
      )}
      {popup && settings.status === 'ready' && (
        <GuestDialog
          bookId={booking.id}
          settings={settings.data}
          guest={popup.kind === 'edit' ? popup.guest : undefined}
          first={(data?.guests.length ?? 0) === 0}
          onClose={() => setPopup(null)}
          onSaved={(added) => void saved(added)}
        />
      )}
      {link && <CheckinLinkDialog booking={booking} link={link} onClose={() => setLink(null)} />}
      <ConfirmDialog
        open={removeOpen}
        title={translate('app.register.remove_title')}
        content={removing && translate('app.register.remove_content', { name: removing.name })}
        loading={busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoveOpen(false)}
      />
    </PanelSection>
  );
}

interface GuestRowProps {
  guest: Guest;
  missing: string[];
  readOnly: boolean;
  /** A file chosen for the guest's passport copy. */
  onPassport: (file: File) => void;
  onEdit: () => void;
  onRemove: () => void;
}

function GuestRow({ guest, missing, readOnly, onPassport, onEdit, onRemove }: GuestRowProps) {
  const translate = useAppTranslate();
  const labels = REGISTER_FIELD_LABELS as Record<string, string>;
  const country = guest.nationality && guest.nationality !== JAPAN ? countryName(guest.nationality) : null;
  return (
    <ListItem disableGutters divider data-testid="register-guest" sx={{ alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {guest.name}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={translate(guest.representative ? 'app.register.representative' : 'app.register.companion')}
          />
          {country && (
            <Typography variant="caption" color="text.secondary">
              {country}
            </Typography>
          )}
        </Stack>
        {missing.length > 0 && (
          <Typography variant="caption" color="warning.main" data-testid="register-missing">
            {translate('app.register.missing', { fields: missing.map((f) => labels[f] ?? f).join('、') })}
          </Typography>
        )}
      </Box>
      {guest.has_passport_copy && (
        <Chip size="small" color="success" variant="outlined" label={translate('app.register.passport_kept')} />
      )}
      {!readOnly && (guest.has_passport_copy || missing.includes('passport_copy')) && (
        <Button size="small" component="label" startIcon={<UploadIcon />}>
          {translate(guest.has_passport_copy ? 'app.register.passport_replace' : 'app.register.passport_upload')}
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,application/pdf"
            capture="environment"
            aria-label={`${guest.name} ${translate('app.register.passport_upload')}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onPassport(file);
            }}
          />
        </Button>
      )}
      {!readOnly && (
        <>
          <IconButton size="small" aria-label={`${guest.name} ${translate('app.register.edit')}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`${guest.name} ${translate('app.register.remove')}`} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </ListItem>
  );
}
