import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { useNotify } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { confirmationNumber } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { links } from '../../src/routes';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';
import { BookingInputs } from './BookingInputs';
import { leavesPlan, prepareCreate, type BookingField } from './bookingModel';
import type { NewStay } from './newStay';
import { BookingSections } from './BookingSections';
import { BookingSummary } from './BookingSummary';
import { CancelBookingDialog, type CancelChoice } from './CancelBookingDialog';
import { ChannelSyncNotice } from './ChannelSyncNotice';
import { PlanlessTotalDialog } from './PlanlessTotalDialog';
import { useBookingPanel } from './useBookingPanel';
import { useEscapeToClose } from './useEscapeToClose';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';

export interface BookingPanelProps {
  accommodationId: number;
  /** 0: a new booking. */
  bookId: number;
  onClose: () => void;
  /** After a save, a creation or a cancellation: the calendar reloads. */
  onChanged?: () => void;
  /** The received-mail screen shows the panel wider. */
  wide?: boolean;
  /** A new booking (bookId 0) whose stay was chosen on the calendar. */
  newStay?: NewStay | null;
  /**
   * The booking belongs to another accommodation than the one the panel was opened under (an
   * address edited or shared): the screen goes to that accommodation's address instead.
   */
  onOtherAccommodation?: (accommodationId: number, bookId: number) => void;
}

/** The booking detail panel (spec section 2 "Booking detail panel"), beside the calendar. */
export function BookingPanel(props: BookingPanelProps) {
  // A fresh state per booking: the form of one booking never shows under another's title.
  const stay = props.newStay ? `${props.newStay.start_date}+${props.newStay.days}` : '';
  return <BookingPanelBody key={`${props.accommodationId}:${props.bookId}:${stay}`} {...props} />;
}

function BookingPanelBody({
  accommodationId,
  bookId,
  onClose,
  onChanged: onChangedProp,
  wide = false,
  newStay,
  onOtherAccommodation,
}: BookingPanelProps) {
  // Every list of bookings read through react-admin (the month view, the booking search) refreshes
  // from its cache; the screen around the panel is told too (the calendar's window).
  const queryClient = useQueryClient();
  const onChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['books'] });
    onChangedProp?.();
  }, [queryClient, onChangedProp]);
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const panel = useBookingPanel(accommodationId, bookId, onChanged, newStay);
  const [cancelOpen, setCancelOpen] = useState(false);
  // プランなし picked on an existing booking: the total is asked for before anything is sent.
  const [askingTotal, setAskingTotal] = useState(false);
  const [busy, setBusy] = useState(false);
  // A new booking's booking-completed mail: sent unless unticked (a booking taken by phone).
  const [sendMail, setSendMail] = useState(true);
  const { booking, form } = panel;
  const isNew = bookId === 0;
  const cancelled = booking?.delete_flg === 1;
  useEscapeToClose(onClose);
  // Never shown under another accommodation's rooms and plans: loading until the screen moves.
  const elsewhere = booking !== null && booking.accommodation_id !== accommodationId;
  const status = elsewhere ? 'loading' : panel.status;
  useEffect(() => {
    if (booking && elsewhere) onOtherAccommodation?.(booking.accommodation_id, booking.id);
  }, [booking, elsewhere, onOtherAccommodation]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareCreate(accommodationId, form);
    if (prepared.error) {
      // Every refused field marked at once; the box says the first in the spec's order.
      panel.setErrors(prepared.errors);
      notify(prepared.error.message, { type: 'error' });
      return;
    }
    panel.setErrors({});
    setBusy(true);
    try {
      const created = await dataProvider.createBook(sendMail ? prepared.body : { ...prepared.body, send_mail: false });
      notify('app.booking.created', { type: 'success' });
      onChanged?.();
      navigate(links.booking(accommodationId, created.id));
    } catch (error) {
      panel.setErrors(fieldErrorsOf(error));
      notify(failureMessage(error, errorMessages.bookingCreateFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (choice: CancelChoice) => {
    if (!booking) return;
    setBusy(true);
    try {
      await dataProvider.cancelBook(booking.id, choice);
      setCancelOpen(false);
      notify('app.message.info.bookingCancelled', { type: 'success' });
      await panel.refresh();
      onChanged?.();
    } catch (error) {
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const choose = (field: BookingField, value: string) => {
    if (field === 'plan_id' && booking && leavesPlan(panel.saved, value)) setAskingTotal(true);
    else panel.choose(field, value);
  };

  /** A payment or an option was written: the booking (amounts, lists) and the calendar follow. */
  const afterWrite = async () => {
    await panel.refresh();
    onChanged?.();
  };

  const title = translate(isNew ? 'app.booking.title_new' : 'app.booking.title');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid="booking-panel"
      sx={{ p: 2, width: '100%', maxWidth: wide ? 1100 : 640 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {booking && (
          <Typography variant="body2" color="text.secondary" data-testid="booking-confirmation">
            {translate('resources.bookings.fields.uid')}: <strong>{confirmationNumber(booking.uid)}</strong>
          </Typography>
        )}
        <IconButton aria-label={translate('app.action.close')} onClick={onClose} sx={{ ml: 'auto' }}>
          <CloseIcon />
        </IconButton>
      </Stack>

      {status === 'loading' && <CircularProgress size={28} aria-label={translate('app.booking.loading')} />}
      {status === 'missing' && <Alert severity="warning">{translate('app.booking.not_found')}</Alert>}
      {status === 'ready' && (
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          {booking && cancelled && (
            <Alert severity="error" variant="filled" data-testid="booking-cancelled" icon={false}>
              <Typography component="span" sx={{ fontWeight: 700, mr: 2 }}>
                {translate('app.booking.cancelled')}
              </Typography>
              {booking.deleted_at && translate('app.booking.cancelled_on', { date: formatDate(booking.deleted_at) })}
              {booking.cancel_fee !== null && (
                <Box component="span" sx={{ ml: 2 }}>
                  {translate('app.booking.cancel_fee', { amount: formatYen(booking.cancel_fee) })}
                </Box>
              )}
            </Alert>
          )}
          {cancelled && (
            <Alert severity="info" data-testid="booking-read-only">
              {translate('app.booking.read_only')}
            </Alert>
          )}
          {booking && <ChannelSyncNotice booking={booking} onSynced={afterWrite} />}
          <BookingSummary booking={booking} form={form} onRefunded={() => void afterWrite()} />
          {booking && !cancelled && (
            <Typography variant="body2" color="text.secondary" data-testid="booking-autosave">
              {translate('app.crud.autosave')}
            </Typography>
          )}
          <BookingInputs
            form={form}
            rooms={panel.rooms}
            plans={panel.plans}
            currentPlan={booking?.plan_id ? { id: booking.plan_id, name: booking.plan_name ?? '' } : null}
            isNew={isNew}
            readOnly={cancelled}
            wide={wide}
            errors={panel.errors}
            onChange={panel.setField}
            onBlur={(field) => void panel.save(field)}
            onChoose={choose}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {isNew && form.mail.trim() !== '' && (
              <FormControlLabel
                control={<Checkbox checked={sendMail} onChange={(e) => setSendMail(e.target.checked)} />}
                label={translate('app.booking.send_mail')}
              />
            )}
            {isNew && (
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('app.booking.submit')}
              </Button>
            )}
            {booking?.mail && (
              <Button component={Link} to={links.guestBooks(booking.mail)} startIcon={<HistoryIcon />}>
                {translate('app.booking.history')}
              </Button>
            )}
            {booking && !cancelled && (
              <Button color="error" variant="outlined" onClick={() => setCancelOpen(true)} sx={{ ml: 'auto' }}>
                {translate('app.booking.cancel')}
              </Button>
            )}
          </Stack>
          {booking && <BookingSections booking={booking} onChanged={afterWrite} />}
        </Stack>
      )}
      {askingTotal && (
        <PlanlessTotalDialog
          onClose={() => setAskingTotal(false)}
          onConfirm={async (total) => {
            if (await panel.leavePlan(total)) setAskingTotal(false);
          }}
        />
      )}
      {booking && !cancelled && (
        <CancelBookingDialog
          open={cancelOpen}
          priceSub={booking.price_sub}
          loading={busy}
          onConfirm={(choice) => void cancel(choice)}
          onClose={() => setCancelOpen(false)}
        />
      )}
    </Paper>
  );
}
