import { useState } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useNotify } from 'react-admin';
import type { Booking } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import { failureMessage } from '../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** The external channel's bookings carry via 1 (docs/channel.md "Names"). */
const VIA_CHANNEL = 1;

export interface ChannelSyncNoticeProps {
  booking: Pick<Booking, 'id' | 'via' | 'sync' | 'overbooked'> & Partial<Pick<Booking, 'minpaku_over' | 'delete_flg'>>;
  /**
   * After a sync: the panel reloads the booking's detail, then the lists of bookings (the
   * unsynced ones from today among them, spec section 4 "Syncing a booking").
   */
  onSynced: () => Promise<void> | void;
}

/**
 * What the booking panel says about a booking from the external channel (issue 21): the warning of
 * an overbooked one (the site sold a room we no longer had; staff move someone), of one that took
 * its minpaku house past 180 days in a fiscal year (the site sold a day the law does not allow), and, while our
 * change has not reached the site (sync 0), the 同期 button (PATCH /admin/books/{id}/sync) with the
 * site's refusal in Japanese when it fails.
 */
export function ChannelSyncNotice({ booking, onSynced }: ChannelSyncNoticeProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (booking.via !== VIA_CHANNEL) return null;
  const overbooked = booking.overbooked === 1;
  const minpakuOver = booking.minpaku_over === 1 && booking.delete_flg !== 1;
  const unsynced = booking.sync === 0;
  if (!overbooked && !minpakuOver && !unsynced) return null;

  const sync = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.syncBook(booking.id);
      notify('app.message.info.syncCompleted', { type: 'success' });
      await onSynced();
    } catch (error) {
      const message = failureMessage(error, errorMessages.syncFailed);
      setFailure(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="channel-sync-notice">
      {overbooked && (
        <Alert severity="error" data-testid="booking-overbooked">
          {translate('app.booking_sync.overbooked')}
        </Alert>
      )}
      {minpakuOver && (
        <Alert severity="error" data-testid="booking-minpaku-over">
          {translate('app.booking_sync.minpaku_over')}
        </Alert>
      )}
      {unsynced && (
        <Alert
          severity="warning"
          data-testid="booking-unsynced"
          sx={{ alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              disabled={busy}
              onClick={() => void sync()}
              startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
            >
              {translate('app.booking_sync.sync')}
            </Button>
          }
        >
          {translate('app.booking_sync.unsynced')}
          {failure && (
            <div role="alert" data-testid="booking-sync-failure">
              {failure}
            </div>
          )}
        </Alert>
      )}
    </Stack>
  );
}
