import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { lazyView, defineResource } from '../../src/crud/lazyView';

/**
 * The mail templates of an accommodation: the list at /m/accommodation/{uid}/mail/template and one
 * template at .../mail/template/{id} (spec 2 "Mail templates"; the path uses the uid). /m/mail_templates
 * opens the first accommodation's list.
 */
export const mailTemplateResource = defineResource({
  name: 'mail_templates',
  list: () => import('./MailTemplateList'),
  icon: MailOutlineIcon,
  recordRepresentation: 'title',
});

/** The detail page (view, edit, test send), loaded on first visit. */
export const MailTemplateDetailPage = lazyView(() => import('./MailTemplateDetail'));
