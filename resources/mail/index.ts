import { lazy } from 'react';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import MailIcon from '@mui/icons-material/Mail';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { ResourceName } from '../../contract/resourceApi';
import { defineDomain } from '../../src/crud/domain';
import { defineResource, lazyView } from '../../src/crud/lazyView';

/**
 * The mail templates of an accommodation: the list at /m/accommodation/{uid}/mail/template and one
 * template at .../mail/template/{id} (spec 2 "Mail templates"; the path uses the uid).
 * /m/mail_templates opens the first accommodation's list.
 */
const mailTemplateResource = defineResource({
  name: 'mail_templates',
  list: () => import('./templates/MailTemplateList'),
  icon: MailOutlineIcon,
  recordRepresentation: 'title',
});

/** The company's sender addresses, for administrators: shown at /m/mail/addresses under the mail tabs. */
const mailAddressResource = defineResource({
  name: 'mail_addresses',
  list: () => import('./addresses/MailAddressList'),
  icon: AlternateEmailIcon,
  recordRepresentation: 'from_address',
});

/**
 * Bulk mail publications (`mailPublicationEntity`, contract/mailPublication.ts), for administrators
 * and staff: the list at /m/mail and the create page at /m/mail/create (spec 2 "Bulk mail list and
 * creation"), one publication with its recipients' states at /m/mail/{id}, and its edit form
 * at /m/mail/{id}/edit while nothing of it went out (issue 32).
 */
const publications = 'mail_publishes' satisfies ResourceName;
const mailPublicationResource = {
  name: publications,
  list: lazyView(() => import('./publications/MailPublicationListPage'), publications),
  create: lazyView(() => import('./publications/MailPublicationCreatePage'), publications),
  icon: MailIcon,
  /** The title lives in the record's setting. */
  recordRepresentation: 'setting.title',
};

/** Mail: bulk mail, the templates, the sender addresses and the received mail (spec 2 "Mail"). */
export const mailDomain = defineDomain({
  resources: [mailTemplateResource, mailAddressResource, mailPublicationResource],
  routes: {
    mailPublications: mailPublicationResource.list,
    mailPublicationCreate: mailPublicationResource.create,
    mailPublication: lazy(() => import('./publications/MailPublicationPage')),
    mailPublicationEdit: lazy(() => import('./publications/MailPublicationEditPage')),
    mailTemplates: mailTemplateResource.list,
    mailTemplate: lazy(() => import('./templates/MailTemplateDetail')),
    receivedMailList: lazy(() => import('./received/ReceivedMailListPage')),
    receivedMail: lazy(() => import('./received/ReceivedMailPage')),
    mailAddresses: mailAddressResource.list,
  },
});
