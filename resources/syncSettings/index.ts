import SettingsIcon from '@mui/icons-material/Settings';
import { defineResource } from '../../src/crud/lazyView';

/**
 * A facility's channel settings (administrators): edited in the 外部予約サイト連携 section of the
 * detailed settings page at /m/accommodation/{id}/setting; its own route opens the first facility's.
 */
export const syncSettingResource = defineResource({
  name: 'sync_settings',
  list: () => import('./SettingPage'),
  icon: SettingsIcon,
  recordRepresentation: 'tag',
});
