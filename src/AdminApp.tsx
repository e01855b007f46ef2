import { lazy, Suspense, type ReactElement } from 'react';
import { LinearProgress } from '@mui/material';
import { Admin, CustomRoutes, defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from '../dataProvider/authProvider';
import { hasSession } from '../dataProvider/tokenStore';
import { dataProvider } from '../dataProvider/dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import type { AppMessageKey } from '../i18n/ja';
import { AppNotification } from './components/AppNotification';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage, PlaceholderPage } from './pages/PlaceholderPage';
import { ADMIN_BASENAME, LOGIN_PATH, pageRoutes, type PageName } from './routes';
import { themeOptions } from './theme';
import { shell } from './themeTokens';
import { calendarAccommodationOf } from './pages/calendar/calendarAddress';
import { preloadableLazy } from './preloadableLazy';
import { booksResource } from '../resources/bookings/resource';
import { faqResource } from '../resources/faq';
import { MailTemplateDetailPage, mailTemplateResource } from '../resources/mailTemplates';
import { optionResource } from '../resources/options';
import { planResource } from '../resources/plans';
import { roomResource } from '../resources/rooms';
import { supplierResource } from '../resources/suppliers';
import { userResource } from '../resources/users';
import { mailAddressResource } from '../resources/mailAddresses';
import { mailPublicationResource } from '../resources/mailPublications';
import { syncItemResource } from '../resources/syncItems';
import { syncLogResource } from '../resources/syncLogs';
import { syncSettingResource } from '../resources/syncSettings';
import { timesheetResource } from '../resources/timesheets';
import { cashResource } from '../resources/cashes';
import { AccommodationGuard } from './pages/AccommodationGuard';

const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...themeOptions.palette },
  typography: { ...defaultTheme.typography, ...themeOptions.typography },
  shape: themeOptions.shape,
  sidebar: { ...defaultTheme.sidebar, width: shell.menuWidth },
};

// The dashboard and the lodging list load on first visit too: the calendar, where staff work,
// never waits for their tables, dialogs and the booking panel.
const LazyHomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));
const LodgingListPage = lazy(() => import('./pages/LodgingListPage').then((m) => ({ default: m.LodgingListPage })));
function HomePage() {
  return (
    <Suspense fallback={<LinearProgress />}>
      <LazyHomePage />
    </Suspense>
  );
}

// The calendar pages load on first visit: the shell's chunk stays as it is. The calendar is where
// staff work (10 kB gzip): it is fetched with the shell, not after its route renders.
const calendar = preloadableLazy(() => import('./pages/calendar/CalendarPage'));
void calendar.preload().catch(() => undefined);
const CalendarPage = calendar.Component;

/** The code of the page at `pathname`, when it is one that opens often by its address (the calendar). */
export function preloadPageFor(pathname: string): Promise<unknown> {
  return calendarAccommodationOf(pathname) !== null ? calendar.preload() : Promise.resolve();
}
const DaySchedulePage = lazy(() => import('./pages/daySchedule/DaySchedulePage'));
const SyncCheckPage = lazy(() => import('./pages/syncCheck/SyncCheckPage'));
const AnalyticsPage = lazy(() => import('./pages/analytics/AnalyticsPage'));
const PriceGridPage = lazy(() => import('../resources/prices/PriceGridPage'));
const PriceCsvPage = lazy(() => import('../resources/prices/PriceCsvPage'));
const PriceCreatorPage = lazy(() => import('../resources/prices/PriceCreatorPage'));
const ReceivedMailListPage = lazy(() => import('./pages/mail/ReceivedMailListPage'));
const ReceivedMailPage = lazy(() => import('./pages/mail/ReceivedMailPage'));
const TimesheetPage = lazy(() => import('./pages/timesheet/TimesheetPage'));

/** The pages built so far; every other route shows its placeholder. */
const pages: Partial<Record<PageName, ReactElement>> = {
  guestBooks: <LodgingListPage />,
  calendar: <CalendarPage />,
  booking: <CalendarPage />,
  day: <DaySchedulePage />,
  plans: <planResource.list />,
  syncCheck: <SyncCheckPage />,
  analytics: <AnalyticsPage />,
  analyticsMonth: <AnalyticsPage />,
  rooms: <roomResource.list />,
  cash: <cashResource.list />,
  prices: <PriceGridPage />,
  priceCsv: <PriceCsvPage />,
  priceCreator: <PriceCreatorPage />,
  options: <optionResource.list />,
  faq: <faqResource.list />,
  bulkMail: <mailPublicationResource.list />,
  bulkMailCreate: <mailPublicationResource.create />,
  mailTemplates: <mailTemplateResource.list />,
  mailTemplate: <MailTemplateDetailPage />,
  receivedMailList: <ReceivedMailListPage />,
  receivedMail: <ReceivedMailPage />,
  mailAddresses: <mailAddressResource.list />,
  setting: <syncSettingResource.list />,
  syncLogs: <syncLogResource.list />,
  timesheets: <timesheetResource.list />,
  timesheet: <TimesheetPage />,
};

/**
 * Every CRUD entity is a react-admin <Resource> (its list, forms and validation generated from its
 * description in contract/). A company-level resource's name is its spec route (/m/supplier,
 * /m/user). An accommodation's resource (rooms, plans, options, FAQ) is shown at the spec's address
 * under /m/accommodation/{id}/ (the pages above); its own route (/m/rooms) opens the first
 * accommodation's page. Bulk mail (`mail_publishes`) and the sender addresses are shown the same way
 * at /m/mail, /m/mail/create and /m/mail/addresses.
 */
const resources = [
  booksResource,
  supplierResource,
  userResource,
  roomResource,
  planResource,
  optionResource,
  faqResource,
  mailTemplateResource,
  mailAddressResource,
  mailPublicationResource,
  syncSettingResource,
  syncItemResource,
  syncLogResource,
  timesheetResource,
  cashResource,
];

/** Routes a <Resource> serves at the spec's address itself. */
const resourceRoutes: readonly PageName[] = ['suppliers', 'users'];

/** react-admin's catch-all: any other address under /m/. */
const CatchAll = () => <NotFoundPage />;

const pageOf = (name: PageName, title: AppMessageKey) => pages[name] ?? <PlaceholderPage title={title} />;

/** A page of one accommodation: a clear not-found page when the user may not reach it. */
const isAccommodationPage = (path: string) => path.startsWith('accommodation/');

/**
 * Everything under /m/. react-admin runs inside the app's BrowserRouter with basename /m; its own
 * redirects to a login page go to '/' (checkAuth and checkError reject with redirectTo '/', logout
 * resolves '/', and /m/login forwards there).
 */
export default function AdminApp() {
  // Without a session, go to '/' before react-admin mounts: its own checkAuth redirect re-runs on
  // every location change while the outer router is still switching routes, and loops for seconds.
  if (!hasSession()) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <Admin
      basename={ADMIN_BASENAME}
      title="やどばん"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      dashboard={HomePage}
      notification={AppNotification}
      catchAll={CatchAll}
      theme={adminTheme}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="login" element={<Navigate to={LOGIN_PATH} replace />} />
      </CustomRoutes>
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
      <CustomRoutes>
        {Object.entries(pageRoutes)
          .filter(([name]) => !resourceRoutes.includes(name as PageName))
          .map(([name, route]) => (
            <Route
              key={name}
              path={route.path}
              element={
                <Suspense fallback={<LinearProgress />}>
                  {isAccommodationPage(route.path) ? (
                    <AccommodationGuard>{pageOf(name as PageName, route.title)}</AccommodationGuard>
                  ) : (
                    pageOf(name as PageName, route.title)
                  )}
                </Suspense>
              }
            />
          ))}
      </CustomRoutes>
    </Admin>
  );
}
