import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LodgingList } from '../../resources/bookings';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** /m/books/{mail}: the stay history of one guest. */
export function LodgingListPage() {
  const translate = useAppTranslate();
  const { mail = '' } = useParams();
  return (
    <>
      <Title title={translate('app.page.books')} preferenceKey={false} />
      <LodgingList mail={mail} />
    </>
  );
}
