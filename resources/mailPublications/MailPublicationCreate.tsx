import { ResourceContextProvider } from 'react-admin';
import BulkMailCreatePage from '../../src/pages/mail/BulkMailCreatePage';

/** A new publication: recipients, sender, send date, body (the custom create page), in the resource's context. */
export default function MailPublicationCreate() {
  return (
    <ResourceContextProvider value="mail_publishes">
      <BulkMailCreatePage />
    </ResourceContextProvider>
  );
}
