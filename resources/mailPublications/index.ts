import MailIcon from '@mui/icons-material/Mail';
import type { ResourceName } from '../../contract/resourceApi';
import { lazyView } from '../../src/crud/lazyView';

/**
 * Bulk mail publications (`mailPublicationEntity`, contract/mailPublication.ts), for administrators
 * and staff: the list at /m/mail and the create page at /m/mail/create (spec 2 "Bulk mail list and
 * creation"), both loaded on first visit. A publication is never edited.
 */
export const mailPublicationResource = {
  name: 'mail_publishes' satisfies ResourceName,
  list: lazyView(() => import('./MailPublicationList')),
  create: lazyView(() => import('./MailPublicationCreate')),
  icon: MailIcon,
  /** The title lives in the record's setting. */
  recordRepresentation: 'setting.title',
};
