import type { SyncCheckErrorRow } from '../../../contract/syncCheck';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { rowsOf, useApiQuery } from '../../../src/hooks/useApiQuery';

/**
 * The dashboard's sync-check table: the error days of the stored checks from today on, of every
 * facility the user reaches (GET /api/checks?errors=1), again when the dashboard reloads
 * (`version`). With `enabled` false it asks nothing (the rows come from elsewhere).
 */
export function useSyncCheckErrors(version: number, enabled = true): SyncCheckErrorRow[] {
  const dataProvider = useAppDataProvider();
  return rowsOf(useApiQuery(['sync_checks', 'errors', version], () => dataProvider.listSyncCheckErrors(), { enabled }));
}
