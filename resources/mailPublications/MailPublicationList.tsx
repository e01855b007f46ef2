import { ResourceContextProvider } from 'react-admin';
import BulkMailListPage from '../../src/pages/mail/BulkMailListPage';

/** The publications with their progress (the custom list page), in the resource's context. */
export default function MailPublicationList() {
  return (
    <ResourceContextProvider value="mail_publishes">
      <BulkMailListPage />
    </ResourceContextProvider>
  );
}
