import { resourceApi } from '../../contract/resourceApi';
import type { SenderAddress } from '../../contract/senderAddress';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

const itemUrl = (id: number, action: string) => apiUrl(`${resourceApi.mail_addresses.path}/${id}/${action}`);

/** The sender address calls that are not CRUD: its verification (issue 28). */
export const senderAddressMethods = {
  /** POST admin/mail/addresses/{id}/verify: the code mailed to the address. */
  async verifySenderAddress(id: number, code: string): Promise<SenderAddress> {
    return (await httpClient<SenderAddress>(itemUrl(id, 'verify'), { method: 'POST', body: { code } })).json;
  },
  /** POST admin/mail/addresses/{id}/verification: a new code to the address. */
  async resendSenderVerification(id: number): Promise<SenderAddress> {
    return (await httpClient<SenderAddress>(itemUrl(id, 'verification'), { method: 'POST' })).json;
  },
};
