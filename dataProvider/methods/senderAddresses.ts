import type { SenderAddress } from '../../contract/senderAddress';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/** The sender address calls that are not CRUD: its verification (issue 28). */
export const senderAddressMethods = {
  /** POST admin/mail/addresses/{id}/verify: the code mailed to the address. */
  async verifySenderAddress(id: number, code: string): Promise<SenderAddress> {
    return (
      await httpClient<SenderAddress>(apiUrl(apiPath('mailAddressVerify', { itemId: id })), {
        method: 'POST',
        body: { code },
      })
    ).json;
  },
  /** POST admin/mail/addresses/{id}/verification: a new code to the address. */
  async resendSenderVerification(id: number): Promise<SenderAddress> {
    return (
      await httpClient<SenderAddress>(apiUrl(apiPath('mailAddressVerification', { itemId: id })), { method: 'POST' })
    ).json;
  },
};
