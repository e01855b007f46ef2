import type {
  Customer,
  MailPublication,
  MailPublicationCreate,
  MailPublicationDetail,
  MailPublicationTest,
  MailPublicationUpdate,
  MailRecipient,
  MailRecipientQuery,
} from '../../contract/mailPublication';
import type { QueuedTestMail } from '../../contract/mailTemplate';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The bulk mail calls that are not CRUD (spec 7 "Mail templates and bulk mail"): the customers to
 * pick recipients from, creating a publication, replacing one not sent yet (issue 32), a test
 * message, one publication and a page of its recipients with their states. The list and delete are
 * the `mail_publishes` resource's getList and delete.
 */
export interface CustomerSearch {
  accommodation_id?: readonly number[];
  book_from?: string | null;
  book_to?: string | null;
  stay_from?: string | null;
  stay_to?: string | null;
}

export const mailPublicationMethods = {
  async searchCustomers(search: CustomerSearch): Promise<{ data: Customer[]; count: number }> {
    return (
      await httpClient<{ data: Customer[]; count: number }>(apiUrl(apiPath('customers')), { query: { ...search } })
    ).json;
  },

  async createPublication(body: MailPublicationCreate): Promise<MailPublication> {
    return (await httpClient<MailPublication>(apiUrl(apiPath('mailPublishes')), { method: 'POST', body })).json;
  },

  async updatePublication(id: number, body: MailPublicationUpdate): Promise<MailPublication> {
    return (await httpClient<MailPublication>(apiUrl(apiPath('mailPublish', { id })), { method: 'PUT', body })).json;
  },

  async sendPublicationTest(body: MailPublicationTest): Promise<QueuedTestMail> {
    return (await httpClient<QueuedTestMail>(apiUrl(apiPath('mailPublishTest')), { method: 'POST', body })).json;
  },

  /** One publication; `withUsers` answers its recipients too (setting.users), for its edit form. */
  async getPublication(id: number, { withUsers = false } = {}): Promise<MailPublicationDetail> {
    return (
      await httpClient<MailPublicationDetail>(apiUrl(apiPath('mailPublish', { id })), {
        ...(withUsers ? { query: { include: 'users' } } : {}),
      })
    ).json;
  },

  async publicationRecipients(
    id: number,
    query: Partial<MailRecipientQuery>,
  ): Promise<{ recipients: MailRecipient[]; count: number }> {
    return (
      await httpClient<{ recipients: MailRecipient[]; count: number }>(
        apiUrl(apiPath('mailPublishRecipients', { id })),
        { query: { ...query } },
      )
    ).json;
  },
};
