import { senderAddressEntity } from '../../contract/senderAddress';
import { EntityList } from '../../src/crud/EntityList';
import { AdminOnly } from '../../src/pages/AdminOnly';
import { MailTabs } from '../../src/pages/mail/MailTabs';

/**
 * The company's sender addresses (spec 3 "Sender address"), generated from their description:
 * administrators add one in the overlay and remove one; an address is never changed.
 */
export default function MailAddressList() {
  return (
    <>
      <MailTabs current="addresses" />
      <AdminOnly>
        <EntityList entity={senderAddressEntity} form="dialog" editable={false} />
      </AdminOnly>
    </>
  );
}
