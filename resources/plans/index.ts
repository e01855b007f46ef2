import EventNoteIcon from '@mui/icons-material/EventNote';
import { defineResource } from '../../src/crud/lazyView';

/** Rate plans of an accommodation: the list lives at /m/accommodation/{id}/plan (spec 2); /m/plans opens the first accommodation's. */
export const planResource = defineResource({
  name: 'plans',
  list: () => import('./PlanList'),
  icon: EventNoteIcon,
  recordRepresentation: 'name',
});
