import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import MailIcon from '@mui/icons-material/MailOutline';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { dateJa } from '../../../contract/dates';
import type { CheckinLink } from '../../../contract/precheckin';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { MailComposeDialog } from '../MailComposeDialog';
import { mailHistoryKey } from '../MailSection';

/**
 * The link to the guest's pre-check-in page (issue 30), made when the popup opens: shown to copy, or
 * sent to the guest in a free mail that the popup writes (and staff may change) before sending.
 */
export function CheckinLinkDialog({
  booking,
  link,
  onClose,
}: {
  booking: Booking;
  link: CheckinLink;
  onClose: () => void;
}) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [mailing, setMailing] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      notify('app.register.checkin_link_copied', { type: 'success' });
    } catch {
      // A browser that refuses the clipboard: the link stays selected in its field to copy by hand.
      document.getElementById('checkin-link-url')?.focus();
    }
  };

  if (mailing) {
    return (
      <MailComposeDialog
        booking={booking}
        draft={{
          title: translate('app.register.checkin_mail_title'),
          body: translate('app.register.checkin_mail_body', { name: booking.name, url: link.url }),
        }}
        onClose={onClose}
        onSent={() => {
          notify('app.booking_mail.sent', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: mailHistoryKey(booking.id) });
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="checkin-link-title">
      <DialogTitle id="checkin-link-title">{translate('app.register.checkin_link_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{translate('app.register.checkin_link_help')}</Typography>
          <TextField
            id="checkin-link-url"
            value={link.url}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'checkin-link-url' } }}
            onFocus={(e) => e.target.select()}
          />
          <Alert severity="info" variant="outlined">
            {translate('app.register.checkin_link_expires', { date: dateJa(booking.end_date) })}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
          {translate('app.register.checkin_link_copy')}
        </Button>
        <Button startIcon={<MailIcon />} onClick={() => setMailing(true)} disabled={!booking.mail}>
          {translate('app.register.checkin_link_mail')}
        </Button>
        <Button onClick={onClose}>{translate('app.register.checkin_link_close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
