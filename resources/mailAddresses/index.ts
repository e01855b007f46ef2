import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import { defineResource } from '../../src/crud/lazyView';

/** The company's sender addresses, for administrators: shown at /m/mail/addresses under the mail tabs. */
export const mailAddressResource = defineResource({
  name: 'mail_addresses',
  list: () => import('./MailAddressList'),
  icon: AlternateEmailIcon,
  recordRepresentation: 'from_address',
});
