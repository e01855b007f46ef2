import SyncIcon from '@mui/icons-material/Sync';
import { defineResource } from '../../src/crud/lazyView';

/** What each sync with the external channel did: shown at /m/sync/logs. */
export const syncLogResource = defineResource({
  name: 'sync_logs',
  list: () => import('./SyncLogList'),
  icon: SyncIcon,
  recordRepresentation: 'message',
});
