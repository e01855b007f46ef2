import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { NotFoundPage } from '../../src/pages/PlaceholderPage';
import { PlanList } from './PlanList';

/** /m/accommodation/{id}/plan. */
export default function PlanListPage() {
  const translate = useAppTranslate();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <>
      <Title title={translate('app.page.plans')} preferenceKey={false} />
      <PlanList key={id} accommodationId={id} />
    </>
  );
}
