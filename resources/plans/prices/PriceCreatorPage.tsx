import { PlanPriceRoute } from './PlanPriceRoute';
import { PriceCreator } from './PriceCreator';

/** /m/accommodation/{id}/plan/{planId}/price/creator. */
export default function PriceCreatorPage() {
  return <PlanPriceRoute title="app.page.price_creator">{(ids) => <PriceCreator {...ids} />}</PlanPriceRoute>;
}
