import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LodgingList } from './LodgingList';
import { BookingEditPage } from './BookingEditPage';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/**
 * /m/books/{mail}: the stay history of one guest. A number there is a booking's id: the edit view
 * of the `books` resource (the booking panel of a booking opened from the booking search); a guest
 * mail always holds an @.
 */
export function LodgingListPage() {
  const translate = useAppTranslate();
  const { mail = '' } = useParams();
  if (/^[1-9]\d{0,9}$/.test(mail)) return <BookingEditPage id={Number(mail)} />;
  return (
    <>
      <Title title={translate('app.page.books')} preferenceKey={false} />
      <LodgingList mail={mail} />
    </>
  );
}
