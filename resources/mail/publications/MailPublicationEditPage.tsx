import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { tokyoMinute } from '../../../contract/dates';
import type { MailPublicationDetail } from '../../../contract/mailPublication';
import { HttpError } from '../../../dataProvider/http';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { links } from '../../../src/routes';
import { MailTabs } from '../MailTabs';
import { isWaiting } from './publicationState';
import { PublicationEditor, type PublicationDraft } from './PublicationEditor';

/** A saved publication as the editor starts from it: its text, time (Tokyo), sender, file and recipients. */
export function draftOf(p: MailPublicationDetail): PublicationDraft {
  return {
    values: {
      title: p.setting.title,
      from_address: p.setting.from_address,
      send_at: tokyoMinute(p.send_at),
      body: p.setting.body,
    },
    // The name saved, even none: the facility's is offered only to a new one.
    fromName: p.setting.from_name ?? '',
    attached: p.attachment ? { dataUrl: null, name: p.attachment.name, size: p.attachment.size } : null,
    recipients: (p.setting.users ?? []).map((u) =>
      typeof u === 'string' ? { mail: u, name: null } : { mail: u.mail, name: u.name ?? null },
    ),
  };
}

/**
 * A bulk mail still waiting, edited whole (issue 32: a scheduled one can still be edited) at
 * /m/mail/{id}/edit, from 編集 on its page: the create page's editor with its saved content and
 * recipients; 保存 asks with the count and the time as 送信 does, then PUTs it and opens its page.
 * One that has started going out says so instead (the server refuses it too, 409).
 */
export default function MailPublicationEditPage() {
  const { id } = useParams();
  const publicationId = Number(id);
  const valid = Number.isInteger(publicationId) && publicationId > 0;
  const translate = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const asked = useApiQuery(
    ['mail_publishes', 'edit', publicationId],
    () => dataProvider.getPublication(publicationId, { withUsers: true }),
    { enabled: valid, keepPrevious: false },
  );
  // Taken once: a refresh of the console while typing changes nothing typed.
  const [opened, setOpened] = useState<{ initial: PublicationDraft; waiting: boolean } | null>(null);
  if (asked.status === 'ready' && opened === null) {
    setOpened({ initial: draftOf(asked.data), waiting: isWaiting(asked.data) });
  }
  if (!valid || (asked.status === 'failed' && asked.error instanceof HttpError && asked.error.status === 404)) {
    return <NotFoundPage />;
  }
  return (
    <>
      <Title title={translate('app.page.mail_publication_edit')} preferenceKey={false} />
      <MailTabs current="bulk" />
      <Box sx={{ mt: 1 }}>
        <Button component={Link} to={links.mailPublication(publicationId)} startIcon={<ArrowBackIcon />} size="small">
          {translate('app.page.mail_publication')}
        </Button>
      </Box>
      {opened === null && asked.status === 'loading' && <CircularProgress size={28} />}
      {asked.status === 'failed' && (
        <Alert severity="error">{translate('app.mail_publication.detail_load_failed')}</Alert>
      )}
      {opened && !opened.waiting && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('app.mail_publication.edit_locked')}
        </Alert>
      )}
      {opened?.waiting && (
        <>
          <Alert severity="info" sx={{ mt: 1 }} data-testid="bulk-mail-edit-hint">
            {translate('app.mail_publication.edit_hint')}
          </Alert>
          <PublicationEditor
            mode="edit"
            initial={opened.initial}
            save={(body) => dataProvider.updatePublication(publicationId, body)}
            onSaved={(saved) => {
              notify(translate('app.mail_publication.updated', { count: saved.recipient_count }), {
                type: 'success',
              });
              // Its page, the list and this form read it again.
              void queryClient.invalidateQueries({ queryKey: ['mail_publishes'] });
              navigate(links.mailPublication(publicationId));
            }}
          />
        </>
      )}
    </>
  );
}
