import { lazy } from 'react';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** Rate plans of an accommodation: the list lives at /m/accommodation/{id}/plan (spec 2); /m/plans opens the first accommodation's. */
const planResource = defineResource({
  name: 'plans',
  list: () => import('./PlanList'),
  icon: EventNoteIcon,
  recordRepresentation: 'name',
});

export const plansDomain = defineDomain({
  resources: [planResource],
  routes: {
    plans: planResource.list,
    prices: lazy(() => import('./prices/PriceGridPage')),
    priceCsv: lazy(() => import('./prices/PriceCsvPage')),
    priceCreator: lazy(() => import('./prices/PriceCreatorPage')),
  },
});
