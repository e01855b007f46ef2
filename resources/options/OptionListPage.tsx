import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { NotFoundPage } from '../../src/pages/PlaceholderPage';
import { OptionList } from './OptionList';

/** /m/accommodation/{id}/option. */
export default function OptionListPage() {
  const translate = useAppTranslate();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <>
      <Title title={translate('app.page.options')} preferenceKey={false} />
      <OptionList key={id} accommodationId={id} />
    </>
  );
}
