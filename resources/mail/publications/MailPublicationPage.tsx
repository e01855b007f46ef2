import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Title } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { mailStatusLabels } from '../../../contract/enums';
import { MAIL_RECIPIENT_PAGE, type MailPublicationDetail } from '../../../contract/mailPublication';
import { HttpError } from '../../../dataProvider/http';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDateTime, formatFileSize } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { FactList } from '../../../src/components/FactList';
import { PageCard } from '../../../src/components/PageCard';
import { SectionCard } from '../../../src/components/SectionCard';
import { ListStatus } from '../../../src/components/ListStatus';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { ScrollTable } from '../../../src/components/ScrollTable';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { links } from '../../../src/routes';
import { MailTabs } from '../MailTabs';
import {
  isSending,
  isWaiting,
  RECIPIENT_FILTERS,
  SENDING_REFRESH_MS,
  recipientFilterOf,
  type RecipientFilter,
} from './publicationState';

const STATUS_COLOR = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' } as const;

/**
 * One bulk mail (issue 32), at /m/mail/{id} from its title in the list: what was sent (title,
 * sender, times, attachment, the text recipients get) and each recipient with what became of the
 * message (送信待ち, 送信済み with its time, 送信失敗 with the mail server's words), filtered by state
 * (kept in the address, `?status=failed`: the list's 失敗 link opens it so) and paged by
 * MAIL_RECIPIENT_PAGE. While nothing of it went out, 編集 opens its edit form (issue 32).
 */
export default function MailPublicationPage() {
  const { id } = useParams();
  const publicationId = Number(id);
  const valid = Number.isInteger(publicationId) && publicationId > 0;
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const asked = useApiQuery(
    ['mail_publishes', 'one', publicationId],
    () => dataProvider.getPublication(publicationId),
    {
      enabled: valid,
      keepPrevious: false,
      // While it goes out, its progress and each recipient's state follow (as the list's do).
      refetchInterval: (data) => (data && isSending(data) ? SENDING_REFRESH_MS : false),
    },
  );
  if (!valid || (asked.status === 'failed' && asked.error instanceof HttpError && asked.error.status === 404)) {
    return <NotFoundPage />;
  }
  return (
    <>
      <Title title={translate('app.page.mail_publication')} preferenceKey={false} />
      <MailTabs current="bulk" />
      <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button component={Link} to={links.mailPublications()} startIcon={<ArrowBackIcon />} size="small">
          {translate('app.mail_publication.detail_back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {asked.status === 'ready' && isWaiting(asked.data) && (
          <Button
            component={Link}
            to={links.mailPublicationEdit(publicationId)}
            variant="contained"
            size="small"
            startIcon={<EditIcon />}
          >
            {translate('app.mail_publication.edit')}
          </Button>
        )}
      </Box>
      {asked.status === 'loading' && <CircularProgress size={28} />}
      {asked.status === 'failed' && (
        <Alert severity="error">{translate('app.mail_publication.detail_load_failed')}</Alert>
      )}
      {asked.status === 'ready' && (
        <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
          <Content publication={asked.data} />
          <Recipients publication={asked.data} />
        </Box>
      )}
    </>
  );
}

function Content({ publication: p }: { publication: MailPublicationDetail }) {
  const translate = useAppTranslate();
  const t = (key: Parameters<typeof translate>[0]) => translate(key);
  const facts: [string, string][] = [
    [
      t('app.mail_publication.detail_from'),
      p.setting.from_name ? `${p.setting.from_name} <${p.setting.from_address}>` : p.setting.from_address,
    ],
    [t('app.mail_publication.detail_send_at'), formatDateTime(p.send_at)],
    [t('app.mail_publication.detail_sent_at'), p.sent_at ? formatDateTime(p.sent_at) : '—'],
    [t('app.mail_publication.detail_created_at'), formatDateTime(p.created_at)],
    [
      t('app.mail_publication.col_recipients'),
      translate('app.mail_publication.recipients_count', { count: p.recipient_count.toLocaleString('ja-JP') }),
    ],
    [
      t('app.mail_publication.detail_attachment'),
      p.attachment
        ? `${p.attachment.name}（${formatFileSize(p.attachment.size)}）`
        : t('app.mail_publication.detail_no_attachment'),
    ],
  ];
  return (
    <PageCard
      data-testid="publication-content"
      title={p.setting.title}
      headerSx={{ '& .MuiCardHeader-title': { overflowWrap: 'anywhere' } }}
    >
      <FactList facts={facts} />
      <Typography variant="subtitle2" component="h2">
        {t('app.mail_publication.detail_body')}
      </Typography>
      <Typography
        variant="body2"
        data-testid="publication-body"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
      >
        {p.body_text}
      </Typography>
    </PageCard>
  );
}

function Recipients({ publication }: { publication: MailPublicationDetail }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [search, setSearch] = useSearchParams();
  const status = recipientFilterOf(search);
  const [offset, setOffset] = useState(0);
  const query = { ...(status === 'all' ? {} : { status }), offset, limit: MAIL_RECIPIENT_PAGE };
  // The publication's progress in the key: as it goes out (the page asks again), its rows follow.
  const { sent, failed, total } = publication.progress;
  const asked = useApiQuery(['mail_publishes', 'recipients', publication.id, status, offset, sent, failed], () =>
    dataProvider.publicationRecipients(publication.id, query),
  );
  const rows = asked.status === 'ready' ? asked.data.recipients : [];
  const count = asked.status === 'ready' ? asked.data.count : 0;
  // 送信待ち: the rows not done yet, the ones being sent at this moment too (as the server filters them).
  const counts: Record<RecipientFilter, number> = { all: total, queued: total - sent - failed, sent, failed };
  const choose = (next: RecipientFilter | null) => {
    if (next === null) return;
    // In the address (no new history entry), so a reload or a shared link shows the same filter.
    setSearch(next === 'all' ? {} : { status: next }, { replace: true });
    setOffset(0);
  };
  return (
    <SectionCard testId="publication-recipients" title={translate('app.mail_publication.detail_recipients')}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        onChange={(_e, next: RecipientFilter | null) => choose(next)}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {RECIPIENT_FILTERS.map((s) => (
          <ToggleButton key={s} value={s}>
            {s === 'all' ? translate('app.mail_publication.status_all') : mailStatusLabels[s]}
            {`（${counts[s].toLocaleString('ja-JP')}）`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ListStatus
        status={asked.status}
        count={rows.length}
        loadingLabel={translate('app.mail_publication.recipients_loading')}
        failedText={translate('app.mail_publication.detail_load_failed')}
        emptyText={translate('app.mail_publication.recipients_empty')}
      />
      {rows.length > 0 && (
        <ScrollTable
          aria-label={translate('app.mail_publication.detail_recipients')}
          head={
            <TableRow>
              <TableCell>{translate('app.mail_publication.col_address')}</TableCell>
              <TableCell>{translate('app.mail_publication.col_name')}</TableCell>
              <TableCell>{translate('app.mail_publication.col_state')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('app.mail_publication.col_done_at')}</TableCell>
              <TableCell>{translate('app.mail_publication.col_reason')}</TableCell>
            </TableRow>
          }
        >
          {rows.map((r) => (
            <TableRow key={r.to_address} data-testid="publication-recipient" data-status={r.status}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.to_address}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.to_name ?? ''}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[r.status]} label={mailStatusLabels[r.status]} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.sent_at ? formatDateTime(r.sent_at) : ''}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.status === 'sent' ? '' : (r.error ?? '')}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
      {count > MAIL_RECIPIENT_PAGE && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <Typography variant="body2">
            {translate('app.mail_publication.page_range', {
              count: count.toLocaleString('ja-JP'),
              from: (offset + 1).toLocaleString('ja-JP'),
              to: Math.min(offset + MAIL_RECIPIENT_PAGE, count).toLocaleString('ja-JP'),
            })}
          </Typography>
          <Button size="small" disabled={offset === 0} onClick={() => setOffset(offset - MAIL_RECIPIENT_PAGE)}>
            {translate('app.mail_publication.page_prev')}
          </Button>
          <Button
            size="small"
            disabled={offset + MAIL_RECIPIENT_PAGE >= count}
            onClick={() => setOffset(offset + MAIL_RECIPIENT_PAGE)}
          >
            {translate('app.mail_publication.page_next')}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
