import type {
  Customer,
  MailPublication,
  MailPublicationCreate,
  MailPublicationDetail,
  MailPublicationTest,
  MailRecipient,
  MailRecipientQuery,
} from '../../contract/mailPublication';
import type { QueuedTestMail } from '../../contract/mailTemplate';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The bulk mail calls that are not CRUD (spec 7 "Mail templates and bulk mail"): the customers to
 * pick recipients from, creating a publication, a test message, one publication with its recipients
 * and its failures. The
 * list and delete are the `mail_publishes` resource's getList and delete.
 */
export interface CustomerSearch {
  accommodation_id?: readonly number[];
  book_from?: string | null;
  book_to?: string | null;
  stay_from?: string | null;
  stay_to?: string | null;
}

export interface MailFailure {
  to_address: string;
  to_name: string | null;
  error: string | null;
  attempts: number;
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

  async sendPublicationTest(body: MailPublicationTest): Promise<QueuedTestMail> {
    return (await httpClient<QueuedTestMail>(apiUrl(apiPath('mailPublishTest')), { method: 'POST', body })).json;
  },

  async getPublication(id: number): Promise<MailPublicationDetail> {
    return (await httpClient<MailPublicationDetail>(apiUrl(apiPath('mailPublish', { id })))).json;
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

  async publicationFailures(id: number): Promise<MailFailure[]> {
    return (await httpClient<{ failures: MailFailure[] }>(apiUrl(apiPath('mailPublishFailures', { id })))).json
      .failures;
  },
};
