import { senderAddressEntity } from '../../../contract/senderAddress';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { EntityList } from '../../../src/crud/EntityList';
import { AdminOnly } from '../../../src/components/AdminOnly';
import { MailTabs } from '../MailTabs';
import { SenderAddressState } from './SenderAddressState';

/**
 * The company's sender addresses (spec 3 "Sender address"), generated from their description:
 * administrators add one in the overlay and remove one; an address is never changed. A new address
 * sends only once verified (issue 28): its state column offers the code mailed to it.
 */
export default function MailAddressList() {
  const translate = useAppTranslate();
  return (
    <>
      <MailTabs current="addresses" />
      <AdminOnly>
        <EntityList
          entity={senderAddressEntity}
          form="dialog"
          editable={false}
          extraColumns={[
            {
              name: 'verified',
              label: translate('resources.mail_addresses.fields.verified'),
              render: (record) => <SenderAddressState record={record} />,
            },
          ]}
          createNote={translate('resources.mail_addresses.verification.create_note')}
        />
      </AdminOnly>
    </>
  );
}
