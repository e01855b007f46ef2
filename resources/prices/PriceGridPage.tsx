import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { NotFoundPage } from '../../src/pages/PlaceholderPage';
import { PriceGrid } from './PriceGrid';

/** /m/accommodation/{id}/plan/{planId}/price. */
export default function PriceGridPage() {
  const translate = useAppTranslate();
  const params = useParams();
  const id = Number(params.id);
  const planId = Number(params.planId);
  if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(planId) || planId <= 0) return <NotFoundPage />;
  return (
    <>
      <Title title={translate('app.page.prices')} preferenceKey={false} />
      <PriceGrid key={`${id}:${planId}`} accommodationId={id} planId={planId} />
    </>
  );
}
