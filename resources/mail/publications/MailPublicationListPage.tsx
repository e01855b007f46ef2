import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link as MuiLink,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useDelete, useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import type { MailPublication } from '../../../contract/mailPublication';
import { mailPublicationMessages } from '../../../contract/mailPublication';
import { errorMessages } from '../../../contract/messages';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { links } from '../../../src/routes';
import { formatDate, formatDateTime } from '../../../i18n/formats';
import { MailTabs } from '../MailTabs';
import { ScrollTable } from '../../../src/components/ScrollTable';
import { failuresLink, isSending, isWaiting, SENDING_REFRESH_MS } from './publicationState';

const PER_PAGE = 100;

/**
 * The bulk mail list (spec 2): title (opening its page), send date, created date, delete (only while not sent),
 * recipient count, and how far its sending has gone (a bar of sent / total while it is sent, the
 * failed count opening its page on the failed recipients with their reasons). Refreshes itself
 * every few seconds while a publication is being sent.
 */
export default function MailPublicationListPage() {
  const translate = useAppTranslate();
  const notify = useNotify();
  const {
    data = [],
    isPending,
    error,
    refetch,
  } = useGetList<MailPublication>(
    'mail_publishes',
    { pagination: { page: 1, perPage: PER_PAGE } },
    { refetchInterval: (query) => ((query.state.data?.data ?? []).some(isSending) ? SENDING_REFRESH_MS : false) },
  );
  const [deleting, setDeleting] = useState<MailPublication | null>(null);
  const [remove, { isPending: removing }] = useDelete<MailPublication>();
  // A phone gets one block per publication: six columns do not fit 390 px.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const confirmDelete = () => {
    if (!deleting) return;
    void remove(
      'mail_publishes',
      { id: deleting.id, previousData: deleting },
      {
        onSuccess: () => {
          setDeleting(null);
          notify(translate('app.mail_publication.deleted'), { type: 'success' });
        },
        onError: (e) => {
          setDeleting(null);
          notify(failureMessage(e, errorMessages.deleteFailed), { type: 'error' });
          void refetch();
        },
      },
    );
  };

  return (
    <>
      <Title title={translate('app.page.mail_publications')} preferenceKey={false} />
      <MailTabs current="bulk" />
      <Card sx={{ mt: 1 }} data-testid="bulk-mail-list">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
            <Typography variant="h6" component="h1">
              {translate('app.mail_publication.heading')}
            </Typography>
            <Button component={Link} to={links.mailPublicationCreate()} variant="contained" startIcon={<AddIcon />}>
              {translate('app.mail_publication.create')}
            </Button>
          </Box>
          {isPending && <LinearProgress />}
          {error ? <Alert severity="error">{translate('app.mail_publication.load_failed')}</Alert> : null}
          {!isPending && !error && data.length === 0 && (
            <Typography color="text.secondary">{translate('app.mail_publication.empty')}</Typography>
          )}
          {data.length > 0 && narrow && (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.map((p) => (
                <Box
                  component="li"
                  key={p.id}
                  data-testid={`publication-${p.id}`}
                  sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
                >
                  <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    <TitleLink publication={p} />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.mail_publication.col_send_at')} <SendTime publication={p} />・
                    <span data-testid="recipient-count">
                      {translate('app.mail_publication.recipients_count', {
                        count: p.recipient_count.toLocaleString('ja-JP'),
                      })}
                    </span>
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }} data-testid="progress">
                      <Progress publication={p} />
                    </Box>
                    {isWaiting(p) && (
                      <Button size="small" color="error" onClick={() => setDeleting(p)}>
                        {translate('app.mail_publication.delete')}
                      </Button>
                    )}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
          {data.length > 0 && !narrow && (
            <ScrollTable
              aria-label={translate('app.mail_publication.heading')}
              head={
                <TableRow>
                  <TableCell>{translate('app.mail_publication.col_title')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('app.mail_publication.col_send_at')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                    {translate('app.mail_publication.col_created_at')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('app.mail_publication.col_recipients')}
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{translate('app.mail_publication.col_progress')}</TableCell>
                  <TableCell>{translate('app.mail_publication.col_delete')}</TableCell>
                </TableRow>
              }
            >
              {data.map((p) => (
                <TableRow key={p.id} data-testid={`publication-${p.id}`}>
                  <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                    <TitleLink publication={p} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <SendTime publication={p} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatDate(p.created_at)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="recipient-count">
                    {translate('app.mail_publication.recipients_count', {
                      count: p.recipient_count.toLocaleString('ja-JP'),
                    })}
                  </TableCell>
                  <TableCell data-testid="progress">
                    <Progress publication={p} />
                  </TableCell>
                  <TableCell>
                    {isWaiting(p) ? (
                      <Button size="small" color="error" onClick={() => setDeleting(p)}>
                        {translate('app.mail_publication.delete')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </ScrollTable>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title={translate('app.mail_publication.delete_title')}
        content={mailPublicationMessages.deleteConfirm}
        loading={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** The title opens the publication's page: its content and each recipient's state (issue 32). */
function TitleLink({ publication: p }: { publication: MailPublication }) {
  return (
    <MuiLink component={Link} to={links.mailPublication(p.id)}>
      {p.setting.title}
    </MuiLink>
  );
}

/**
 * When it went: the time its last message went out once sent (issue 32: a time typed in the past
 * is not when it was sent), the time it is set for while not yet sent, marked （予定）.
 */
function SendTime({ publication: p }: { publication: MailPublication }) {
  const translate = useAppTranslate();
  return (
    <span data-testid="send-time">
      {p.sent_at !== null
        ? formatDateTime(p.sent_at)
        : translate('app.mail_publication.scheduled_at', { at: formatDateTime(p.send_at) })}
    </span>
  );
}

function Progress({ publication: p }: { publication: MailPublication }) {
  const translate = useAppTranslate();
  const { sent, failed, total } = p.progress;
  // The failed recipients with the mail server's words are on the publication's page, filtered so.
  const failedLink =
    failed > 0 ? (
      <MuiLink component={Link} to={failuresLink(p.id)} color="error" sx={{ ml: 1 }}>
        {translate('app.mail_publication.failed', { count: failed })}
      </MuiLink>
    ) : null;
  if (p.sent_at !== null) {
    return (
      <Typography variant="body2" component="span">
        {translate('app.mail_publication.sent')}
        {total > 0 ? `（${translate('app.mail_publication.progress_label', { sent, total })}）` : ''}
        {failedLink}
      </Typography>
    );
  }
  if (!isSending(p)) {
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        {translate('app.mail_publication.scheduled')}
      </Typography>
    );
  }
  const done = total === 0 ? 0 : Math.round(((sent + failed) / total) * 100);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={done}
        aria-label={translate('app.mail_publication.progress_label', { sent, total })}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="caption" component="span">
        {translate('app.mail_publication.sending')} {translate('app.mail_publication.progress_label', { sent, total })}
      </Typography>
      {failedLink}
    </Box>
  );
}
