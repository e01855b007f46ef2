import type { ReceivedMail, ReceivedMailList } from '../../contract/receivedMail';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/** Received mail (spec 7 "Received mail"): the list, one mail (opening marks it read), its association. */
export const receivedMailMethods = {
  async listReceivedMail(page: { offset: number; limit: number }): Promise<ReceivedMailList> {
    const url = apiUrl(apiPath('receivedMails'));
    return (await httpClient<ReceivedMailList>(url, { query: { offset: page.offset, limit: page.limit } })).json;
  },

  async getReceivedMail(id: number): Promise<ReceivedMail> {
    return (await httpClient<ReceivedMail>(apiUrl(apiPath('receivedMail', { id })))).json;
  },

  async associateReceivedMail(id: number, bookId: number): Promise<ReceivedMail> {
    const url = apiUrl(apiPath('receivedMail', { id }));
    return (await httpClient<ReceivedMail>(url, { method: 'PATCH', body: { book_id: bookId } })).json;
  },
};
