import { useSearchParams } from 'react-router-dom';
import { isValidDate } from '../../../contract/dates';
import { PlanPriceRoute } from './PlanPriceRoute';
import { PriceGrid } from './PriceGrid';

/** /m/accommodation/{id}/plan/{planId}/price[?month=yyyy-MM-dd]: the month of that date first. */
export default function PriceGridPage() {
  const [search] = useSearchParams();
  const month = search.get('month');
  return (
    <PlanPriceRoute title="app.page.prices">
      {(ids) => <PriceGrid {...ids} initialMonth={month && isValidDate(month) ? month : undefined} />}
    </PlanPriceRoute>
  );
}
