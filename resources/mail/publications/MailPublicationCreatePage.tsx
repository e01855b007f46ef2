import { Title, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { links } from '../../../src/routes';
import { PublicationEditor } from './PublicationEditor';

/**
 * Bulk mail creation (spec 2 "Bulk mail list and creation", 5 "Bulk mail send") at /m/mail/create:
 * the editor (PublicationEditor: destinations and the mail) starting empty. On success, back to
 * /m/mail.
 */
export default function MailPublicationCreatePage() {
  const translate = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useAppDataProvider();
  return (
    <>
      <Title title={translate('app.page.mail_publication_create')} preferenceKey={false} />
      <PublicationEditor
        mode="create"
        save={(body) => dataProvider.createPublication(body)}
        onSaved={(created) => {
          notify(translate('app.mail_publication.created', { count: created.recipient_count }), { type: 'success' });
          navigate(links.mailPublications());
        }}
      />
    </>
  );
}
