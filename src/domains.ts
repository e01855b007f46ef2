import { lazy } from 'react';
import { bookingsDomain } from '../resources/bookings';
import { pettyCashDomain } from '../resources/pettyCash';
import { faqDomain } from '../resources/faq';
import { mailDomain } from '../resources/mail';
import { optionsDomain } from '../resources/options';
import { plansDomain } from '../resources/plans';
import { roomsDomain } from '../resources/rooms';
import { refusalsDomain } from '../resources/refusals';
import { suppliersDomain } from '../resources/suppliers';
import { syncDomain } from '../resources/sync';
import { timesheetsDomain } from '../resources/timesheets';
import { usersDomain } from '../resources/users';
import { defineDomain, type Domain } from './crud/domain';

const AnalyticsPage = lazy(() => import('./pages/analytics/AnalyticsPage'));

/** The pages that belong to no entity (the dashboard is react-admin's, in AdminApp). */
const shellPages = defineDomain({
  resources: [],
  routes: {
    analytics: AnalyticsPage,
    analyticsMonth: AnalyticsPage,
  },
});

/** Every domain of the console: AdminApp registers their resources and mounts their routes. */
export const domains: readonly Domain[] = [
  bookingsDomain,
  suppliersDomain,
  refusalsDomain,
  usersDomain,
  roomsDomain,
  plansDomain,
  optionsDomain,
  faqDomain,
  mailDomain,
  syncDomain,
  timesheetsDomain,
  pettyCashDomain,
  shellPages,
];
