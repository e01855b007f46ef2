import {
  Alert,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
  TableCell,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { ListBase, Title, useListContext, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { SYNC_LOG_PAGE_SIZE, type SyncLog } from '../../../contract/syncLog';
import { formatDateTime } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { Facility } from '../../../src/components/Facility';
import { refusalMessage } from '../../../src/crud/formErrors';
import { ScrollTable } from '../../../src/components/ScrollTable';
import { PageCard } from '../../../src/components/PageCard';

type Row = SyncLog & RaRecord;

/** A filter select: すべて, then its two values. */
function FlagFilter({ source, labels }: { source: 'success' | 'read'; labels: [string, string] }) {
  const translate = useAppTranslate();
  const { filterValues, setFilters } = useListContext<Row>();
  const value = filterValues[source] === undefined ? '' : String(filterValues[source]);
  return (
    <TextField
      select
      size="small"
      label={translate(`resources.sync_logs.fields.${source}`)}
      value={value}
      onChange={(e) => {
        const next = { ...filterValues };
        if (e.target.value === '') delete next[source];
        else next[source] = Number(e.target.value);
        setFilters(next, {});
      }}
      fullWidth={false}
      sx={{ minWidth: 160, width: 'auto' }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `sync-log-filter-${source}` },
      }}
    >
      <MenuItem value="">{translate('resources.sync_logs.values.all')}</MenuItem>
      <MenuItem value="1">{labels[0]}</MenuItem>
      <MenuItem value="0">{labels[1]}</MenuItem>
    </TextField>
  );
}

/** 既読/未読: the switch PATCHes read, and the list is read again. */
function ReadToggle({ log }: { log: Row }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const read = log.read === 1;
  return (
    <Tooltip title={translate(read ? 'resources.sync_logs.mark_unread' : 'resources.sync_logs.mark_read')}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Switch
          size="small"
          checked={read}
          disabled={isPending}
          onChange={() =>
            void update(
              'sync_logs',
              { id: log.id, data: { read: read ? 0 : 1 }, previousData: log },
              { mutationMode: 'pessimistic', onError: (error) => notify(refusalMessage(error), { type: 'error' }) },
            )
          }
          slotProps={{
            input: {
              'aria-label': translate(read ? 'resources.sync_logs.mark_unread' : 'resources.sync_logs.mark_read'),
            },
          }}
        />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: read ? 400 : 700 }}>
          {translate(read ? 'resources.sync_logs.values.read' : 'resources.sync_logs.values.unread')}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

function SyncLogTable() {
  const translate = useAppTranslate();
  const { data, total, isPending, error, page, setPage } = useListContext<Row>();
  const title = translate('resources.sync_logs.titles.list');
  return (
    <PageCard sx={{ mt: 1 }} data-testid="sync-log-list" title={title}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <FlagFilter
          source="success"
          labels={[translate('resources.sync_logs.values.success'), translate('resources.sync_logs.values.failure')]}
        />
        <FlagFilter
          source="read"
          labels={[translate('resources.sync_logs.values.read'), translate('resources.sync_logs.values.unread')]}
        />
      </Stack>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{translate('resources.sync_logs.messages.load_failed')}</Alert>}
      {!isPending && !error && (data?.length ?? 0) === 0 && (
        <Typography color="text.secondary">{translate('resources.sync_logs.messages.empty')}</Typography>
      )}
      {!isPending && !error && (data?.length ?? 0) > 0 && (
        <>
          <ScrollTable
            sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 700 } }}
            head={
              <TableRow>
                <TableCell>{translate('resources.sync_logs.fields.created_at')}</TableCell>
                <TableCell>{translate('resources.sync_logs.fields.accommodation_name')}</TableCell>
                <TableCell>{translate('resources.sync_logs.fields.success')}</TableCell>
                <TableCell>{translate('resources.sync_logs.fields.message')}</TableCell>
                <TableCell>{translate('resources.sync_logs.fields.read')}</TableCell>
              </TableRow>
            }
          >
            {data!.map((log) => (
              <TableRow key={log.id} hover data-testid="sync-log-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.created_at)}</TableCell>
                <TableCell>
                  <Facility accommodationId={log.accommodation_id} />
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={log.success === 1 ? 'success' : 'error'}
                    label={translate(
                      log.success === 1 ? 'resources.sync_logs.values.success' : 'resources.sync_logs.values.failure',
                    )}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 240, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {log.message}
                </TableCell>
                <TableCell>
                  <ReadToggle log={log} />
                </TableCell>
              </TableRow>
            ))}
          </ScrollTable>
          {(total ?? 0) > SYNC_LOG_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={total ?? 0}
              page={page - 1}
              rowsPerPage={SYNC_LOG_PAGE_SIZE}
              rowsPerPageOptions={[SYNC_LOG_PAGE_SIZE]}
              onPageChange={(_e, next) => setPage(next + 1)}
              labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
            />
          )}
        </>
      )}
    </PageCard>
  );
}

/**
 * The sync logs at /m/sync/logs (spec 7 "GET /admin/logs/sync, optional success, read, offset"):
 * the react-admin list of resource sync_logs, newest first, 50 a page: date and time, facility,
 * 成功/失敗, the message and a 既読/未読 switch that PATCHes read; filters by result and read.
 */
export default function SyncLogList() {
  const translate = useAppTranslate();
  return (
    <>
      <Title title={translate('app.page.sync_logs')} preferenceKey={false} />
      <ListBase
        resource="sync_logs"
        perPage={SYNC_LOG_PAGE_SIZE}
        sort={{ field: 'created_at', order: 'DESC' }}
        disableSyncWithLocation
      >
        <SyncLogTable />
      </ListBase>
    </>
  );
}
