import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useNotify } from 'react-admin';
import { errorMessages } from '../../../contract/messages';
import { STOP_SELL_DAYS, type SyncHealthRow } from '../../../contract/syncHealth';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { staleMinutes, useRefreshSyncHealth, useSyncHealth } from './useSyncHealth';

/**
 * The header's warning while the channel sync of any facility the user reaches is stale (issue 21
 * "Sync health"): one line naming every stale facility, the longest stop and its cause, with the one-click
 * stop-sell of their nights that have at most one room left. Nothing shows while
 * every facility syncs. The header mounts it (and loads its code) a moment after its first render
 * (src/layout/AppHeader.tsx): it asks at once, unless `startDelayMs` says otherwise.
 */
export function SyncStaleBanner({ startDelayMs = 0 }: { startDelayMs?: number }) {
  const translate = useAppTranslate();
  const { data } = useSyncHealth({ delayMs: startDelayMs });
  const stale = data?.rows.filter((r) => r.stale) ?? [];
  // Nothing can sync (the simulator of `npm start` did not start): said first, with what to do.
  const problem = data?.channel_problem && (
    <Box sx={{ px: 1, pb: 0.5 }} data-testid="sync-channel-problem">
      <Alert severity="error" variant="filled" sx={{ py: 0, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>
        {data.channel_problem}
      </Alert>
    </Box>
  );
  if (stale.length === 0) return problem || null;
  const longest = Math.max(...stale.map((r) => r.stale_seconds));
  const stopSold = stale.reduce((sum, r) => sum + r.stop_sell_nights, 0);
  const cause = causes(stale);
  return (
    <>
      {problem}
      <Box sx={{ px: 1, pb: 0.5 }} data-testid="sync-stale-banner">
        <Alert
          severity="warning"
          variant="filled"
          role="alert"
          data-accommodation-ids={stale.map((r) => r.accommodation_id).join(',')}
          sx={{
            py: 0,
            alignItems: 'center',
            fontSize: { xs: '0.8rem', sm: '0.875rem' },
            '& .MuiAlert-message': { py: 0.75 },
            '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
          }}
          action={<StopSellButton rows={stale} />}
        >
          {translate('app.sync_health.stale_banner', {
            minutes: staleMinutes(longest),
            facility: facilityNames(stale),
          })}
          {cause && (
            <Box component="span" sx={{ ml: 1 }} data-testid="sync-stale-cause">
              {translate('app.sync_health.cause', { cause })}
            </Box>
          )}
          {stopSold > 0 && (
            <Box component="span" sx={{ ml: 1, fontWeight: 700, whiteSpace: 'nowrap' }}>
              {translate('app.sync_health.stop_sell_nights', { nights: stopSold })}
            </Box>
          )}
        </Alert>
      </Box>
    </>
  );
}

const facilityNames = (rows: readonly Pick<SyncHealthRow, 'name'>[]) => rows.map((r) => r.name).join('、');

/**
 * Why sync stopped, as the last failed read of the site said it (wrong password, site unreachable),
 * each sentence once; '' when no read failed (changes waiting to be pushed, or no read yet).
 */
const causes = (rows: readonly Pick<SyncHealthRow, 'last_error'>[]) =>
  [...new Set(rows.flatMap((r) => (r.last_error ? [r.last_error] : [])))].join('');

/**
 * 残り1室以下の日を売止, on one click (issue 21): POST /admin/sync/stop-sell for each facility named,
 * then says how many nights were stop-sold and where they are lifted (the dashboard's sync card).
 * Not asked first: while sync is stale every minute may sell a room we no longer have, and the
 * stop-sell is undone in one place (docs/decisions.md).
 */
export function StopSellButton({ rows }: { rows: readonly Pick<SyncHealthRow, 'accommodation_id' | 'name'>[] }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefreshSyncHealth();
  const [busy, setBusy] = useState(false);

  const stopSell = async () => {
    setBusy(true);
    try {
      let nights = 0;
      for (const row of rows) nights += (await dataProvider.stopSellLowStock(row.accommodation_id)).nights;
      if (nights > 0)
        notify('app.sync_health.stopped', { type: 'success', messageArgs: { nights, days: STOP_SELL_DAYS } });
      else notify('app.sync_health.stopped_none', { type: 'info' });
    } catch (error) {
      notify(failureMessage(error, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      disabled={busy}
      onClick={() => void stopSell()}
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
      sx={{ whiteSpace: { sm: 'nowrap' }, bgcolor: 'rgba(255,255,255,0.12)' }}
    >
      {translate('app.sync_health.stop_sell')}
    </Button>
  );
}

export default SyncStaleBanner;
