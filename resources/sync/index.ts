import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';
import SyncIcon from '@mui/icons-material/Sync';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/**
 * A facility's channel settings (administrators): edited in the 外部予約サイト連携 section of the
 * detailed settings page at /m/accommodation/{id}/setting; its own route opens the first facility's.
 */
const syncSettingResource = defineResource({
  name: 'sync_settings',
  list: () => import('./settings/SettingPage'),
  icon: SettingsIcon,
  recordRepresentation: 'tag',
});

/**
 * Sync items: a room type's or plan's name on the external channel (spec 3 "Sync item"). They have
 * no page of their own: each sits in its room type's or plan's settings panel (SyncItemsSection,
 * through shared.ts). The <Resource> carries their calls and cache (admin/sync/items, sync-item/{id}).
 */
const syncItemResource = { name: 'sync_items', recordRepresentation: 'target_name' } as const;

/** What each sync with the external channel did: shown at /m/sync/logs. */
const syncLogResource = defineResource({
  name: 'sync_logs',
  list: () => import('./logs/SyncLogList'),
  icon: SyncIcon,
  recordRepresentation: 'message',
});

/**
 * Sync with the external booking site: the settings page, the sync items, the logs, a plan's sync
 * check, and the sync health (the dashboard's cards and the header's stale warning, through shared.ts).
 */
export const syncDomain = defineDomain({
  resources: [syncSettingResource, syncItemResource, syncLogResource],
  routes: {
    setting: syncSettingResource.list,
    syncLogs: syncLogResource.list,
    syncCheck: lazy(() => import('./check/SyncCheckPage')),
  },
});
