import { useState } from 'react';
import {
  Box,
  Button,
  ButtonBase,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../contract/booking';
import type { MailHistoryItem } from '../../contract/mailTemplate';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDateTime } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { MailComposeDialog } from './MailComposeDialog';
import { EmptyNote, PanelSection } from './PanelSection';
import { mailFailedText, mailHistoryTitle, mailPollInterval, mailStatusColor } from './mailModel';

/** The query key of a booking's mail history: a mail sent from another section reloads it. */
export const mailHistoryKey = (bookId: number) => ['books', 'mail', bookId] as const;

/**
 * メール of an existing booking whose guest has an address (spec 2 "Booking detail panel", 3 "Mail
 * history item"): メール送信 opens the compose popup; below, the booking's mail, newest first, each
 * with its title cut to 27 characters, its time, its state (and why a failed one failed, with 再送).
 * The history is read again after a send and every 2 s while a mail is on its way.
 */
export function MailSection({ booking }: { booking: Booking }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [composing, setComposing] = useState(false);
  const [shown, setShown] = useState<MailHistoryItem | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const bookId = booking.id;
  const history = useQuery({
    queryKey: mailHistoryKey(bookId),
    queryFn: ({ signal }) => dataProvider.listBookMail(bookId, signal),
    refetchInterval: (query) => mailPollInterval(query.state.data),
  });

  const sent = () => {
    setComposing(false);
    notify('app.booking_mail.sent', { type: 'success' });
    void history.refetch();
  };

  const resend = async (item: MailHistoryItem) => {
    setResending(item.id);
    try {
      await dataProvider.resendMail(item.id);
      notify('app.booking_mail.resent', { type: 'success' });
    } catch (error) {
      notify(mailFailedText(error), { type: 'error' });
    } finally {
      setResending(null);
      void history.refetch();
    }
  };

  const items = history.data?.items ?? [];
  return (
    <PanelSection
      title={translate('app.booking.mails')}
      testId="booking-mails"
      action={
        <Button size="small" startIcon={<SendIcon />} onClick={() => setComposing(true)}>
          {translate('app.booking_mail.compose')}
        </Button>
      }
    >
      {history.isPending && <EmptyNote>{translate('app.booking.loading')}</EmptyNote>}
      {history.isError && !history.data && <EmptyNote>{translate('app.booking_mail.load_failed')}</EmptyNote>}
      {history.data && items.length === 0 && <EmptyNote>{translate('app.booking_mail.empty')}</EmptyNote>}
      {items.length > 0 && (
        <List dense disablePadding aria-label={translate('app.booking.mails')}>
          {items.map((item) => (
            <ListItem
              key={item.id}
              disableGutters
              data-testid="mail-row"
              data-status={item.status}
              sx={{ display: 'block', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <ButtonBase
                onClick={() => setShown(item)}
                title={item.title}
                aria-label={translate('app.booking_mail.open', { title: item.title })}
                sx={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  color: 'primary.main',
                  typography: 'body2',
                  overflowWrap: 'anywhere',
                  '&:hover': { textDecoration: 'underline' },
                }}
              >
                <span data-testid="mail-title">{mailHistoryTitle(item.title)}</span>
              </ButtonBase>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.25 }}>
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatDateTime(item.sent_at ?? item.created_at)}
                </Typography>
                <Chip
                  size="small"
                  data-testid="mail-status"
                  label={item.status_label}
                  color={mailStatusColor(item.status)}
                  variant={item.status === 'queued' ? 'outlined' : 'filled'}
                />
                {item.status === 'failed' && (
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<ReplayIcon />}
                    disabled={resending === item.id}
                    aria-label={translate('app.booking_mail.resend_label', { title: item.title })}
                    onClick={() => void resend(item)}
                    sx={{ ml: 'auto', py: 0 }}
                  >
                    {translate('app.booking_mail.resend')}
                  </Button>
                )}
              </Box>
              {item.status === 'failed' && item.error && (
                <Typography
                  variant="body2"
                  color="error"
                  data-testid="mail-reason"
                  sx={{ mt: 0.25, overflowWrap: 'anywhere' }}
                >
                  {translate('app.booking_mail.reason', { reason: item.error })}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {composing && <MailComposeDialog booking={booking} onClose={() => setComposing(false)} onSent={sent} />}
      <MailDialog item={shown} onClose={() => setShown(null)} />
    </PanelSection>
  );
}

/** The mail popup of the history: its whole title and its body with the line breaks kept. */
function MailDialog({ item, onClose }: { item: MailHistoryItem | null; onClose: () => void }) {
  const translate = useAppTranslate();
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby="mail-dialog-title" maxWidth="sm" fullWidth>
      {item && (
        <>
          <DialogTitle id="mail-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary">
              {item.sent_at
                ? translate('app.booking_mail.sent_at', { at: formatDateTime(item.sent_at) })
                : translate('app.booking_mail.created_at', { at: formatDateTime(item.created_at) })}{' '}
              · {item.status_label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
              {translate('app.booking_mail.to', { mail: item.to_address })}
            </Typography>
            <Typography
              variant="body2"
              data-testid="mail-dialog-body"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {item.body}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('app.action.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
