import { mailPublicationMessages as msg } from '../../contract/mailPublication';

/** What POST and PUT of a bulk mail both answer, field by field, for a body with an empty setting and no time. */
export const EMPTY_PUBLICATION_ERRORS = {
  send_at: msg.sendAt,
  'setting.title': msg.title,
  'setting.from_address': msg.fromAddress,
  'setting.body': msg.body,
  'setting.users': msg.users,
};
