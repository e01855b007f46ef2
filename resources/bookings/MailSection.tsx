import { useState, type ReactNode } from 'react';
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
import ReplyIcon from '@mui/icons-material/Reply';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../contract/booking';
import type { MailHistoryItem, ReceivedInThread } from '../../contract/mailTemplate';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDateTime } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { MailComposeDialog } from './MailComposeDialog';
import { EmptyNote, PanelSection } from './PanelSection';
import { mailFailedText, mailHistoryTitle, mailPollInterval, mailStatusColor, mailThread } from './mailModel';

/** The query key of a booking's mail history: a mail sent from another section reloads it. */
export const mailHistoryKey = (bookId: number) => ['books', 'mail', bookId] as const;

/**
 * メール of an existing booking whose guest has an address (spec 2 "Booking detail panel", 3 "Mail
 * history item"): メール送信 opens the compose popup; below, the booking's mail, newest first, each
 * with its title cut to 27 characters, its time, its state (and why a failed one failed, with 再送),
 * and the guest's own mails linked to it in the same thread (受信, with 返信: issue 32).
 * The history is read again after a send and every 2 s while a mail is on its way.
 */
export function MailSection({ booking }: { booking: Booking }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [composing, setComposing] = useState(false);
  const [shown, setShown] = useState<ShownMail | null>(null);
  const [replyingTo, setReplyingTo] = useState<ReceivedInThread | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const bookId = booking.id;
  const history = useQuery({
    queryKey: mailHistoryKey(bookId),
    queryFn: ({ signal }) => dataProvider.listBookMail(bookId, signal),
    refetchInterval: (query) => mailPollInterval(query.state.data),
  });

  const sent = () => {
    setComposing(false);
    setReplyingTo(null);
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

  const thread = history.data ? mailThread(history.data) : [];
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
      {history.data && thread.length === 0 && <EmptyNote>{translate('app.booking_mail.empty')}</EmptyNote>}
      {thread.length > 0 && (
        <List dense disablePadding aria-label={translate('app.booking.mails')}>
          {thread.map((entry) =>
            entry.kind === 'sent' ? (
              <MailRow
                key={`sent-${entry.item.id}`}
                title={entry.item.title}
                at={entry.item.sent_at ?? entry.item.created_at}
                status={entry.item.status}
                onOpen={() =>
                  setShown({
                    title: entry.item.title,
                    lines: [
                      `${
                        entry.item.sent_at
                          ? translate('app.booking_mail.sent_at', { at: formatDateTime(entry.item.sent_at) })
                          : translate('app.booking_mail.created_at', { at: formatDateTime(entry.item.created_at) })
                      } · ${entry.item.status_label}`,
                      translate('app.booking_mail.to', { mail: entry.item.to_address }),
                    ],
                    body: entry.item.body,
                  })
                }
                chip={
                  <Chip
                    size="small"
                    data-testid="mail-status"
                    label={entry.item.status_label}
                    color={mailStatusColor(entry.item.status)}
                    variant={entry.item.status === 'queued' ? 'outlined' : 'filled'}
                  />
                }
                action={
                  entry.item.status === 'failed' && (
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      startIcon={<ReplayIcon />}
                      disabled={resending === entry.item.id}
                      aria-label={translate('app.booking_mail.resend_label', { title: entry.item.title })}
                      onClick={() => void resend(entry.item)}
                      sx={{ ml: 'auto', py: 0 }}
                    >
                      {translate('app.booking_mail.resend')}
                    </Button>
                  )
                }
                reason={entry.item.status === 'failed' ? entry.item.error : null}
              />
            ) : (
              <MailRow
                key={`received-${entry.mail.id}`}
                title={entry.mail.title}
                at={entry.at}
                status="received"
                onOpen={() =>
                  setShown({
                    title: entry.mail.title,
                    lines: [
                      translate('app.booking_mail.received_at', { at: formatDateTime(entry.mail.created_at) }),
                      translate('app.booking_mail.from', { mail: entry.mail.from_address }),
                    ],
                    body: entry.mail.body,
                  })
                }
                chip={
                  <Chip
                    size="small"
                    data-testid="mail-status"
                    label={translate('app.booking_mail.received')}
                    color="info"
                    variant="outlined"
                  />
                }
                action={
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<ReplyIcon />}
                    aria-label={translate('app.booking_mail.reply_label', { title: entry.mail.title })}
                    onClick={() => setReplyingTo(entry.mail)}
                    sx={{ ml: 'auto', py: 0 }}
                  >
                    {translate('app.booking_mail.reply')}
                  </Button>
                }
                reason={null}
              />
            ),
          )}
        </List>
      )}
      {(composing || replyingTo) && (
        <MailComposeDialog
          booking={booking}
          {...(replyingTo ? { replyTo: replyingTo } : {})}
          onClose={() => {
            setComposing(false);
            setReplyingTo(null);
          }}
          onSent={sent}
        />
      )}
      <MailDialog shown={shown} onClose={() => setShown(null)} />
    </PanelSection>
  );
}

/**
 * One mail of the thread: its title (cut to 27 characters) opening it, its time, its state, the
 * row's action (再送, 返信), and a failed mail's reason.
 */
function MailRow({
  title,
  at,
  status,
  onOpen,
  chip,
  action,
  reason,
}: {
  title: string;
  at: string;
  status: string;
  onOpen: () => void;
  chip: ReactNode;
  action: ReactNode;
  reason: string | null;
}) {
  const translate = useAppTranslate();
  return (
    <ListItem
      disableGutters
      data-testid="mail-row"
      data-status={status}
      sx={{ display: 'block', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <ButtonBase
        onClick={onOpen}
        title={title}
        aria-label={translate('app.booking_mail.open', { title })}
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
        <span data-testid="mail-title">{mailHistoryTitle(title)}</span>
      </ButtonBase>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.25 }}>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatDateTime(at)}
        </Typography>
        {chip}
        {action}
      </Box>
      {reason && (
        <Typography variant="body2" color="error" data-testid="mail-reason" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
          {translate('app.booking_mail.reason', { reason })}
        </Typography>
      )}
    </ListItem>
  );
}

interface ShownMail {
  title: string;
  /** When and to or from whom, one line each. */
  lines: string[];
  body: string;
}

/** The mail popup of the thread: its whole title, when and who, and its body with the line breaks kept. */
function MailDialog({ shown, onClose }: { shown: ShownMail | null; onClose: () => void }) {
  const translate = useAppTranslate();
  return (
    <Dialog open={shown !== null} onClose={onClose} aria-labelledby="mail-dialog-title" maxWidth="sm" fullWidth>
      {shown && (
        <>
          <DialogTitle id="mail-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
            {shown.title}
          </DialogTitle>
          <DialogContent dividers>
            {shown.lines.map((line, i) => (
              <Typography
                key={line}
                variant="body2"
                color="text.secondary"
                sx={{ mb: i === shown.lines.length - 1 ? 1.5 : 0, overflowWrap: 'anywhere' }}
              >
                {line}
              </Typography>
            ))}
            <Typography
              variant="body2"
              data-testid="mail-dialog-body"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {shown.body}
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
