import { Alert, Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, ListBase, Title, useListContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { sendTypeLabel } from '../../../contract/enums';
import { mailTemplateEntity, type MailTemplate } from '../../../contract/mailTemplate';
import type { Accommodation } from '../../../dataProvider/types';
import { tableScrollSx } from '../../../src/components/ListStatus';
import { useEntityText } from '../../../src/crud/entityText';
import { links } from '../../../src/routes';
import { ForAccommodationUid } from './ForAccommodationUid';
import { PageCard } from '../../../src/components/PageCard';

/**
 * The mail templates of an accommodation (spec 2 "Mail templates"): template name, template type
 * (the send type's label), sender address and an edit link to the template's page. Templates come
 * with their accommodation (one per send type): none is created or deleted here.
 */
export default function MailTemplateList() {
  return (
    <ForAccommodationUid>
      {(accommodation) => (
        <ListBase
          resource={mailTemplateEntity.resource}
          queryOptions={{ meta: { accommodationId: accommodation.id } }}
          perPage={1000}
          sort={{ field: '', order: 'ASC' }}
          disableSyncWithLocation
          storeKey={false}
        >
          <MailTemplateTable accommodation={accommodation} />
        </ListBase>
      )}
    </ForAccommodationUid>
  );
}

function MailTemplateTable({ accommodation }: { accommodation: Accommodation }) {
  const list = useListContext<MailTemplate & RaRecord>();
  const { text, label, translate } = useEntityText(mailTemplateEntity);
  const title = text('titles.list');
  // On a phone the edit link comes right after the name, in view without scrolling sideways.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const editColumn = (
    <DataTable.Col
      source="edit"
      label={translate('app.crud.edit')}
      disableSort
      render={(r: MailTemplate) => (
        <Button
          size="small"
          variant="outlined"
          component={Link}
          to={links.mailTemplate(accommodation.uid, r.id)}
          aria-label={`${r.title}を${translate('app.crud.edit')}`}
        >
          {translate('app.crud.edit')}
        </Button>
      )}
    />
  );
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={title} preferenceKey={false} />
      <PageCard data-testid="mail_templates-list" title={title} subheader={accommodation.name}>
        {list.error ? (
          <Alert severity="error">{text('messages.load_failed')}</Alert>
        ) : (
          <Box sx={tableScrollSx}>
            <DataTable
              bulkActionButtons={false}
              rowClick={false}
              empty={<Typography color="text.secondary">{text('messages.empty')}</Typography>}
              data-testid="mail_templates-table"
              sx={{ '& th, & td': { whiteSpace: 'nowrap' }, '& td.wrap': { whiteSpace: 'normal' } }}
            >
              <DataTable.Col source="title" label={label('title')} disableSort cellClassName="wrap" />
              {narrow && editColumn}
              <DataTable.Col
                source="send_type"
                label={label('send_type')}
                disableSort
                render={(r: MailTemplate) => sendTypeLabel(r.send_type)}
              />
              <DataTable.Col source="from_address" label={label('from_address')} disableSort />
              {!narrow && editColumn}
            </DataTable>
          </Box>
        )}
      </PageCard>
    </Box>
  );
}
