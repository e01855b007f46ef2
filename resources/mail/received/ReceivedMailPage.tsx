import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  senderAuthLabels,
  type BookingCandidate,
  type ReceivedMail,
  type SenderAuth,
} from '../../../contract/receivedMail';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { HttpError } from '../../../dataProvider/http';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate, formatDateTime } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { LazyBookingPanel as BookingPanel } from '../../bookings/shared';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { links } from '../../../src/routes';
import { FactList } from '../../../src/components/FactList';
import { PageCard } from '../../../src/components/PageCard';
import { SectionCard } from '../../../src/components/SectionCard';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { Facility } from '../../../src/components/Facility';
import { MailTabs } from '../MailTabs';

type State =
  { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; mail: ReceivedMail };

/**
 * /m/mail/receive/{id} (spec 2 "Received mail detail"): the title, sender address, received time and
 * body (text, line breaks kept; a mail's HTML is never rendered, the server sends text), and on the
 * right the linked booking's panel in its wide layout, or the booking candidates found by the
 * sender's address, each with 関連付け. Opening the mail marks it read.
 */
export function ReceivedMailPage() {
  const { id } = useParams();
  const mailId = Number(id);
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  // Candidates fit beside the mail from 1200 px; the booking panel's wide layout needs about 850 px
  // of its own, so it stands beside the mail from 1600 px and under it below that (its own narrow
  // layout on a phone).
  const roomy = useMediaQuery('(min-width:1200px)');
  const roomyForPanel = useMediaQuery('(min-width:1600px)');
  const panelWide = useMediaQuery('(min-width:900px)');
  const valid = Number.isInteger(mailId) && mailId > 0;
  // The answer for the mail of the address; another mail's answer reads as loading.
  const queryClient = useQueryClient();
  const key = ['received_mail', 'one', mailId];
  const asked = useApiQuery(key, () => dataProvider.getReceivedMail(mailId), { enabled: valid, keepPrevious: false });
  const state: State =
    asked.status === 'ready'
      ? { status: 'ready', mail: asked.data }
      : asked.status === 'loading'
        ? { status: 'loading' }
        : { status: asked.error instanceof HttpError && asked.error.status === 404 ? 'missing' : 'failed' };
  const [associating, setAssociating] = useState<number | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);

  const associate = async (candidate: BookingCandidate) => {
    setAssociating(candidate.id);
    try {
      const mail = await dataProvider.associateReceivedMail(mailId, candidate.id);
      queryClient.setQueryData(key, mail);
      setPanelOpen(true);
      notify(translate('app.received_mail.associated'), { type: 'success' });
    } catch (error) {
      notify(failureMessage(error, translate('app.received_mail.load_failed')), { type: 'error' });
    } finally {
      setAssociating(null);
    }
  };

  if (!valid || state.status === 'missing') return <NotFoundPage />;
  const title = translate('app.page.received_mail');
  const mail = state.status === 'ready' ? state.mail : null;

  const mailCard = mail && (
    <PageCard
      data-testid="received-mail"
      sx={{ minWidth: 0 }}
      title={<span data-testid="received-mail-title">{mail.title || translate('app.received_mail.no_title')}</span>}
      headerSx={{ '& .MuiCardHeader-title': { wordBreak: 'break-word' } }}
    >
      <FactList
        facts={[
          [translate('app.received_mail.from'), mail.from_address, 'received-mail-from'],
          [
            translate('app.received_mail.sender_auth'),
            <SenderAuthChip auth={mail.sender_auth} />,
            'received-mail-auth',
          ],
          [translate('app.received_mail.received_at'), formatDateTime(mail.created_at), 'received-mail-date'],
        ]}
      />
      {/* Text only: React escapes it; line breaks are kept by pre-wrap, long words wrap. */}
      <Typography
        component="div"
        variant="body2"
        aria-label={translate('app.received_mail.body')}
        data-testid="received-mail-body"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          borderTop: 1,
          borderColor: 'divider',
          pt: 1.5,
          lineHeight: 1.8,
        }}
      >
        {mail.body}
      </Typography>
    </PageCard>
  );

  const side =
    mail &&
    (mail.book_id !== null && mail.accommodation_id !== null ? (
      panelOpen ? (
        <BookingPanel
          accommodationId={mail.accommodation_id}
          bookId={mail.book_id}
          wide={panelWide}
          onClose={() => setPanelOpen(false)}
        />
      ) : (
        <Button variant="outlined" onClick={() => setPanelOpen(true)}>
          {translate('app.received_mail.linked')}
        </Button>
      )
    ) : (
      <Candidates candidates={mail.candidates} busy={associating} onAssociate={(c) => void associate(c)} />
    ));

  return (
    <>
      <Title title={title} preferenceKey={false} />
      <MailTabs current="receive" />
      <Box sx={{ mt: 1 }}>
        <Button component={Link} to={links.receivedMailList()} size="small">
          {translate('app.received_mail.back')}
        </Button>
      </Box>
      {state.status === 'loading' && <LinearProgress sx={{ mt: 1 }} />}
      {state.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('app.received_mail.load_failed')}
        </Alert>
      )}
      {mail && (
        <Box
          data-testid="received-mail-layout"
          sx={{
            display: 'grid',
            gap: 2,
            mt: 1,
            alignItems: 'start',
            gridTemplateColumns:
              mail.book_id === null
                ? roomy
                  ? 'minmax(320px, 2fr) minmax(0, 3fr)'
                  : 'minmax(0, 1fr)'
                : roomyForPanel
                  ? 'minmax(300px, 2fr) minmax(0, 5fr)'
                  : 'minmax(0, 1fr)',
          }}
        >
          {mailCard}
          <Box sx={{ minWidth: 0 }}>{side}</Box>
        </Box>
      )}
    </>
  );
}

interface CandidatesProps {
  candidates: readonly BookingCandidate[];
  /** The candidate being associated. */
  busy: number | null;
  onAssociate: (candidate: BookingCandidate) => void;
}

/** The bookings of the sender's address (spec 2: facility icon, name, start date, room name, 関連付け). */
function Candidates({ candidates, busy, onAssociate }: CandidatesProps) {
  const translate = useAppTranslate();
  return (
    <SectionCard testId="booking-candidates" title={translate('app.received_mail.candidates')}>
      <Typography variant="body2" color="text.secondary">
        {translate(candidates.length > 0 ? 'app.received_mail.candidates_hint' : 'app.received_mail.no_candidates')}
      </Typography>
      <List dense disablePadding sx={{ mt: 1 }}>
        {candidates.map((c) => (
          <ListItem
            key={c.id}
            divider
            disableGutters
            data-testid="booking-candidate"
            sx={{ gap: 1.5, flexWrap: 'wrap' }}
          >
            <Facility accommodationId={c.accommodation_id} iconOnly />
            <Stack sx={{ flex: 1, minWidth: 160 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {c.name}
                {c.delete_flg === 1 && (
                  <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>
                    {translate('app.received_mail.cancelled')}
                  </Typography>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(c.start_date)}
                {c.room_name ? `\u3000${c.room_name}` : ''}
              </Typography>
            </Stack>
            <Button
              size="small"
              variant="outlined"
              disabled={busy !== null}
              onClick={() => onAssociate(c)}
              aria-label={translate('app.received_mail.associate_label', {
                name: c.name,
                date: formatDate(c.start_date),
              })}
            >
              {translate('app.received_mail.associate')}
            </Button>
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}

export default ReceivedMailPage;

const AUTH_COLOURS = { pass: 'success', fail: 'error', none: 'default', unchecked: 'default' } as const;

/** Whether the sender was authenticated (SPF, DKIM, DMARC), so staff know a forged From when they see one. */
function SenderAuthChip({ auth }: { auth: SenderAuth | null }) {
  const verdict = auth?.verdict ?? 'unchecked';
  const detail = auth ? `SPF: ${auth.spf} / DKIM: ${auth.dkim} / DMARC: ${auth.dmarc}` : undefined;
  return (
    <Tooltip title={detail ?? ''}>
      <Chip
        size="small"
        variant={verdict === 'fail' ? 'filled' : 'outlined'}
        color={AUTH_COLOURS[verdict]}
        label={senderAuthLabels[verdict]}
        sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    </Tooltip>
  );
}
