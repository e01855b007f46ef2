import { useState } from 'react';
import { Box, Button, TableCell, TableRow, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../../contract/messages';
import type { SyncHealthRow } from '../../../contract/syncHealth';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDateTime } from '../../../i18n/formats';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { PlainTable } from '../../../src/components/PlainTable';
import { ListStatus } from '../../../src/components/ListStatus';
import { useRefreshSyncHealth, useSyncHealth } from './useSyncHealth';
import { Facility } from '../../../src/components/Facility';
import { SectionCard } from '../../../src/components/SectionCard';

const COLUMNS: AppMessageKey[] = [
  'app.sync_health.col_facility',
  'app.sync_health.col_pull',
  'app.sync_health.col_push',
  'app.sync_health.col_pending',
  'app.sync_health.col_status',
];

type Translate = ReturnType<typeof useAppTranslate>;

/** 42 → 42秒前, 3,700 → 1時間前. */
export function ageText(translate: Translate, seconds: number): string {
  if (seconds < 60) return translate('app.sync_health.age_seconds', { n: seconds });
  if (seconds < 3600) return translate('app.sync_health.age_minutes', { n: Math.floor(seconds / 60) });
  if (seconds < 86_400) return translate('app.sync_health.age_hours', { n: Math.floor(seconds / 3600) });
  return translate('app.sync_health.age_days', { n: Math.floor(seconds / 86_400) });
}

/**
 * The dashboard's sync health (issue 21): per facility with a channel setting, the last good pull
 * (最終取込) and push (最終送信), the changes waiting (未送信の変更) with the age of the oldest, and
 * 正常 or 停止中 (in red); the nights stop-sold, with their lift.
 */
export function SyncHealthCard() {
  const translate = useAppTranslate();
  const query = useSyncHealth();
  const rows = query.data?.rows ?? [];
  const status = query.data ? 'ready' : query.isError ? 'failed' : 'loading';
  const staleCount = rows.filter((r) => r.stale).length;

  return (
    <SectionCard title={translate('app.sync_health.card_title')} count={staleCount} testId="sync-health">
      <ListStatus
        status={status}
        count={rows.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate('app.sync_health.empty')}
      />
      {rows.length > 0 && (
        <PlainTable columns={COLUMNS.map((key) => ({ key, header: translate(key) }))}>
          {rows.map((row) => (
            <HealthRow key={row.accommodation_id} row={row} translate={translate} />
          ))}
        </PlainTable>
      )}
    </SectionCard>
  );
}

function HealthRow({ row, translate }: { row: SyncHealthRow; translate: Translate }) {
  const never = translate('app.sync_health.never');
  const error = row.stale && row.last_error;
  // A stale facility's last error goes on a line of its own under the row, across the columns.
  const cellSx = error ? { borderBottom: 0 } : {};
  return (
    <>
      <TableRow data-accommodation-id={row.accommodation_id} data-stale={row.stale ? '1' : '0'}>
        <TableCell sx={cellSx}>
          <Facility accommodationId={row.accommodation_id} />
        </TableCell>
        <TableCell sx={cellSx}>{formatDateTime(row.last_pull_ok_at) || never}</TableCell>
        <TableCell sx={cellSx}>{formatDateTime(row.last_push_ok_at) || never}</TableCell>
        <TableCell sx={cellSx}>
          {translate('app.sync_health.pending', { count: row.pending_changes })}
          {row.oldest_pending_seconds !== null && row.pending_changes > 0 && (
            <Typography component="span" variant="body2" color="text.secondary">
              {translate('app.sync_health.pending_oldest', { age: ageText(translate, row.oldest_pending_seconds) })}
            </Typography>
          )}
        </TableCell>
        <TableCell sx={cellSx}>
          <Typography
            component="span"
            variant="body2"
            sx={{ fontWeight: 700, color: row.stale ? 'error.main' : 'success.main', whiteSpace: 'nowrap' }}
          >
            {translate(row.stale ? 'app.sync_health.stale' : 'app.sync_health.ok')}
          </Typography>
          {row.stop_sell_nights > 0 && <LiftStopSell row={row} />}
          {row.parked_unmapped > 0 && (
            <Typography variant="body2" color="warning.main" data-testid="parked-unmapped">
              {translate('app.sync_health.parked_unmapped', { count: row.parked_unmapped })}
            </Typography>
          )}
          {row.parked_invalid > 0 && (
            <Typography variant="body2" color="error" data-testid="parked-invalid">
              {translate('app.sync_health.parked_invalid', { count: row.parked_invalid })}
            </Typography>
          )}
        </TableCell>
      </TableRow>
      {error && (
        <TableRow>
          <TableCell colSpan={COLUMNS.length} sx={{ pt: 0 }}>
            <Typography variant="caption" color="error">
              {translate('app.sync_health.last_error', { message: error })}
            </Typography>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** 売止中 n泊 and 売止を解除: asks first, then DELETE /admin/sync/stop-sell. */
function LiftStopSell({ row }: { row: SyncHealthRow }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefreshSyncHealth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const { nights } = await dataProvider.liftStopSell(row.accommodation_id);
      setOpen(false);
      notify('app.sync_health.lifted', { type: 'success', messageArgs: { nights } });
      void refresh();
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, whiteSpace: 'nowrap' }}>
      <Typography variant="caption">
        {translate('app.sync_health.stop_sell_nights', { nights: row.stop_sell_nights })}
      </Typography>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('app.sync_health.lift')}
      </Button>
      <ConfirmDialog
        open={open}
        title={translate('app.sync_health.lift_confirm_title')}
        content={translate('app.sync_health.lift_confirm_content', {
          facility: row.name,
          nights: row.stop_sell_nights,
        })}
        confirmColor="primary"
        loading={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
