import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_HEALTH_REFRESH_MS, type SyncHealth } from '../../../contract/syncHealth';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/** react-query's key of GET /api/admin/sync/health: the header's warning and the dashboard card share one copy. */
export const SYNC_HEALTH_KEY = ['syncHealth'] as const;

/**
 * The channel's sync health of the facilities the user reaches, asked again every 30 s. `delayMs`
 * holds the first call back after mounting, so that the header's warning never competes with the
 * first screen's own calls (the calendar's first paint).
 */
export function useSyncHealth({ delayMs = 0 }: { delayMs?: number } = {}) {
  const dataProvider = useAppDataProvider();
  const [started, setStarted] = useState(delayMs <= 0);
  useEffect(() => {
    if (started) return;
    const timer = setTimeout(() => setStarted(true), delayMs);
    return () => clearTimeout(timer);
  }, [started, delayMs]);
  return useQuery<SyncHealth>({
    queryKey: SYNC_HEALTH_KEY,
    queryFn: ({ signal }) => dataProvider.getSyncHealth(signal),
    enabled: started,
    refetchInterval: SYNC_HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** After a stop-sell or its lift: the rows (their stop-sold nights) are read again. */
export function useRefreshSyncHealth() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SYNC_HEALTH_KEY });
}

/** Whole minutes sync has been stopped, at least 1 (the warning says "n分以上"). */
export function staleMinutes(staleSeconds: number): number {
  return Math.max(1, Math.floor(staleSeconds / 60));
}
