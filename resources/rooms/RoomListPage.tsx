import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { NotFoundPage } from '../../src/pages/PlaceholderPage';
import { RoomList } from './RoomList';

/** /m/accommodation/{id}/room. */
export default function RoomListPage() {
  const translate = useAppTranslate();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <>
      <Title title={translate('app.page.rooms')} preferenceKey={false} />
      <RoomList key={id} accommodationId={id} />
    </>
  );
}
