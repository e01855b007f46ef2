import { useCallback } from 'react';
import type { SyncCheckErrorRow } from '../../../contract/syncCheck';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { rowsOf, useLoad } from '../../../src/hooks/useLoad';

const NONE = () => Promise.resolve([] as SyncCheckErrorRow[]);

/**
 * The dashboard's sync-check table: the error days of the stored checks from today on, of every
 * facility the user reaches (GET /api/checks?errors=1), again when the dashboard reloads
 * (`version`). With `enabled` false it asks nothing (the rows come from elsewhere).
 */
export function useSyncCheckErrors(version: number, enabled = true): SyncCheckErrorRow[] {
  const dataProvider = useAppDataProvider();
  // Asked from a promise: a call that throws at once fails the load like one that rejects.
  const load = useCallback(
    () => (enabled ? Promise.resolve().then(() => dataProvider.listSyncCheckErrors()) : NONE()),
    [dataProvider, enabled],
  );
  return rowsOf(useLoad(load, version));
}
