import { lazy, Suspense, type ReactElement } from 'react';
import { LinearProgress } from '@mui/material';
import { Admin, CustomRoutes, defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from '../dataProvider/authProvider';
import { hasSession } from '../dataProvider/tokenStore';
import { dataProvider } from '../dataProvider/dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { AppNotification } from './components/AppNotification';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage, PlaceholderPage } from './pages/PlaceholderPage';
import { ADMIN_BASENAME, LOGIN_PATH, pageRoutes, type PageName } from './routes';
import { themeOptions } from './theme';
import { faqResource } from '../resources/faq';
import { supplierResource } from '../resources/suppliers';
import { userResource } from '../resources/users';

const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...themeOptions.palette },
  typography: { ...defaultTheme.typography, ...themeOptions.typography },
  shape: themeOptions.shape,
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

// The calendar pages load on first visit: the shell's chunk stays as it is.
const loadCalendar = () => import('./pages/calendar/CalendarPage');
// The calendar is where staff work (7 kB gzip): fetch it with the shell, not after its route renders.
void loadCalendar().catch(() => undefined);
const CalendarPage = lazy(loadCalendar);
const DaySchedulePage = lazy(() => import('./pages/daySchedule/DaySchedulePage'));
const PlanListPage = lazy(() => import('../resources/plans/PlanListPage'));
const RoomListPage = lazy(() => import('../resources/rooms/RoomListPage'));
const PriceGridPage = lazy(() => import('../resources/prices/PriceGridPage'));
const PriceCsvPage = lazy(() => import('../resources/prices/PriceCsvPage'));
const PriceCreatorPage = lazy(() => import('../resources/prices/PriceCreatorPage'));
const OptionListPage = lazy(() => import('../resources/options/OptionListPage'));

/** The pages built so far; every other route shows its placeholder. */
const pages: Partial<Record<PageName, ReactElement>> = {
  guestBooks: <LodgingListPage />,
  calendar: <CalendarPage />,
  booking: <CalendarPage />,
  day: <DaySchedulePage />,
  plans: <PlanListPage />,
  rooms: <RoomListPage />,
  prices: <PriceGridPage />,
  priceCsv: <PriceCsvPage />,
  priceCreator: <PriceCreatorPage />,
  options: <OptionListPage />,
  faq: <faqResource.list />,
};

/** Routes a <Resource> serves at the spec's address itself (its name is the route: /m/supplier, /m/user). */
const resourceRoutes: readonly PageName[] = ['suppliers', 'users'];

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
      catchAll={NotFoundPage}
      theme={adminTheme}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="login" element={<Navigate to={LOGIN_PATH} replace />} />
      </CustomRoutes>
      <Resource {...supplierResource} />
      <Resource {...userResource} />
      <Resource {...faqResource} />
      <CustomRoutes>
        {Object.entries(pageRoutes)
          .filter(([name]) => !resourceRoutes.includes(name as PageName))
          .map(([name, route]) => (
            <Route
              key={name}
              path={route.path}
              element={
                <Suspense fallback={<LinearProgress />}>
                  {pages[name as PageName] ?? <PlaceholderPage title={route.title} />}
                </Suspense>
              }
            />
          ))}
      </CustomRoutes>
    </Admin>
  );
}
