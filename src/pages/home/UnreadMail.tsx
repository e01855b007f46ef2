import { Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { links } from '../../routes';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../hooks/useApiQuery';

/**
 * The dashboard's count of received mail nobody has opened (`unread_mail` of GET
 * /api/admin/mail/receive), with the way to the received-mail list.
 */
export function UnreadMail({ version }: { version: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['received_mail', 'unread', version], () =>
    dataProvider.listReceivedMail({ offset: 0, limit: 0 }).then((l) => l.unread_mail),
  );
  const unread = state.status === 'ready' ? state.data : 0;
  return (
    <SectionCard title={translate('app.received_mail.unread_count')} count={unread} testId="unread-mail">
      {state.status === 'failed' ? (
        <Typography color="text.secondary">{translate('app.received_mail.load_failed')}</Typography>
      ) : (
        <Typography color={unread > 0 ? 'text.primary' : 'text.secondary'} sx={{ mb: 1 }}>
          {state.status === 'ready' &&
            (unread > 0
              ? translate('app.received_mail.unread_link', { count: unread })
              : translate('app.received_mail.unread_none'))}
        </Typography>
      )}
      <Button component={Link} to={links.receivedMailList()} size="small" variant="outlined">
        {translate('app.received_mail.open_list')}
      </Button>
    </SectionCard>
  );
}
