import { useState } from 'react';
import { Alert, LinearProgress, TableCell, TablePagination, TableRow, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ReceivedMailList } from '../../../contract/receivedMail';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDateTime } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { links } from '../../../src/routes';
import { Facility } from '../../../src/components/Facility';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { MailTabs } from '../MailTabs';
import { ScrollTable } from '../../../src/components/ScrollTable';
import { PageCard } from '../../../src/components/PageCard';

const PER_PAGE = 50;

/**
 * /m/mail/receive: the received mail staff may see, newest first, 50 a page; an unread mail is in
 * bold with 未読, and each row says whether it is linked to a booking. A row opens its detail.
 */
export function ReceivedMailListPage() {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [page, setPage] = useState(0);
  const state = useApiQuery<ReceivedMailList>(['received_mail', 'list', page], () =>
    dataProvider.listReceivedMail({ offset: page * PER_PAGE, limit: PER_PAGE }),
  );
  const title = translate('app.page.received_mail_list');

  return (
    <>
      <Title title={title} preferenceKey={false} />
      <MailTabs current="receive" />
      <PageCard
        sx={{ mt: 2 }}
        data-testid="received-mail-list"
        title={title}
        subheader={
          state.status === 'ready' && state.data.unread_mail > 0
            ? translate('app.received_mail.unread_link', { count: state.data.unread_mail })
            : undefined
        }
      >
        {state.status === 'loading' && <LinearProgress />}
        {state.status === 'failed' && <Alert severity="error">{translate('app.received_mail.load_failed')}</Alert>}
        {state.status === 'ready' && state.data.count === 0 && (
          <Typography color="text.secondary">{translate('app.received_mail.empty')}</Typography>
        )}
        {state.status === 'ready' && state.data.count > 0 && (
          <>
            <ScrollTable
              sx={{ '& th': { whiteSpace: 'nowrap' } }}
              head={
                <TableRow>
                  <TableCell>{translate('app.received_mail.col_title')}</TableCell>
                  <TableCell>{translate('app.received_mail.col_from')}</TableCell>
                  <TableCell>{translate('app.received_mail.col_received')}</TableCell>
                  <TableCell>{translate('app.received_mail.col_booking')}</TableCell>
                </TableRow>
              }
            >
              {state.data.mails.map((mail) => (
                <TableRow key={mail.id} hover data-testid="received-mail-row">
                  <TableCell sx={{ minWidth: 180, fontWeight: mail.read ? 400 : 700 }}>
                    {!mail.read && (
                      <Typography
                        component="span"
                        variant="caption"
                        sx={{
                          mr: 1,
                          px: 0.75,
                          borderRadius: 1,
                          bgcolor: 'primary.main',
                          color: 'primary.contrastText',
                        }}
                      >
                        {translate('app.received_mail.unread')}
                      </Typography>
                    )}
                    <Link to={links.receivedMail(mail.id)}>
                      {mail.title || translate('app.received_mail.no_title')}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{mail.from_address}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {mail.accommodation_id !== null && <Facility accommodationId={mail.accommodation_id} iconOnly />}{' '}
                    {translate(mail.book_id === null ? 'app.received_mail.unlinked' : 'app.received_mail.linked')}
                  </TableCell>
                </TableRow>
              ))}
            </ScrollTable>
            {state.data.count > PER_PAGE && (
              <TablePagination
                component="div"
                count={state.data.count}
                page={page}
                rowsPerPage={PER_PAGE}
                rowsPerPageOptions={[PER_PAGE]}
                onPageChange={(_e, next) => setPage(next)}
              />
            )}
          </>
        )}
      </PageCard>
    </>
  );
}

export default ReceivedMailListPage;
