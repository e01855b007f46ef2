import { lazy, Suspense, type ComponentType } from 'react';
import { CssBaseline, LinearProgress } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  defaultTheme,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Resource,
  type RaThemeOptions,
} from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from '../dataProvider/authProvider';
import { hasSession } from '../dataProvider/tokenStore';
import { dataProvider } from '../dataProvider/dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { AccommodationGuard } from './components/AccommodationGuard';
import { AppNotification } from './components/AppNotification';
import { NotFoundPage } from './components/MessagePage';
import { domains } from './domains';
import { AppLayout } from './layout/AppLayout';
import { ADMIN_BASENAME, LOGIN_PATH, pageRoutes, type PageName } from './routes';
import { themeOptions } from './theme';
import { shell } from './themeTokens';

const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...themeOptions.palette },
  typography: { ...defaultTheme.typography, ...themeOptions.typography },
  shape: themeOptions.shape,
  sidebar: { ...defaultTheme.sidebar, width: shell.menuWidth },
};

// The dashboard loads on first visit too: the calendar, where staff work, never waits for its
// tables, dialogs and the booking panel.
const LazyHomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));
function HomePage() {
  return (
    <Suspense fallback={<LinearProgress />}>
      <LazyHomePage />
    </Suspense>
  );
}

/** The code of the page at `pathname`, when it is one that opens often by its address (the calendar). */
export function preloadPageFor(pathname: string): Promise<unknown> {
  return Promise.all(domains.map((domain) => domain.preload?.(pathname)));
}

/**
 * Every CRUD entity is a react-admin <Resource> (its list, forms and validation generated from its
 * description in contract/), registered by its domain (resources/<domain>/index.ts, src/crud/domain.ts).
 * A company-level resource's name is its spec route (/m/supplier, /m/user); every other spec
 * address is a route of its domain, mounted below.
 */
const resources = domains.flatMap((domain) => domain.resources);
const routes = domains.flatMap((domain) => Object.entries(domain.routes)) as [PageName, ComponentType][];

/** What react-admin's <Admin> keeps: the sidebar's state and the lists' preferences, per browser. */
const store = localStorageStore();

/** react-admin's catch-all: any other address under /m/. */
const CatchAll = () => <NotFoundPage />;

/** A page of one accommodation: a clear not-found page when the user may not reach it. */
const isAccommodationPage = (path: string) => path.startsWith('accommodation/');

/** What react-admin runs on: the address it lives under, the API, sign-in, messages, theme and store. */
const adminContext = {
  basename: ADMIN_BASENAME,
  dataProvider,
  authProvider,
  i18nProvider,
  theme: adminTheme,
  store,
};

/** The shell's own screens: its layout and home, and the pages react-admin shows outside every resource. */
const shellPages = {
  layout: AppLayout,
  dashboard: HomePage,
  catchAll: CatchAll,
  loading: LoadingPage,
  error: ErrorPage,
  accessDenied: AccessDenied,
  authenticationError: AuthenticationError,
  authCallbackPage: AuthCallback,
};

/**
 * Everything under /m/. react-admin runs inside the app's BrowserRouter with basename /m; its own
 * redirects to a login page go to '/' (checkAuth and checkError reject with redirectTo '/', logout
 * resolves '/', and /m/login forwards there).
 *
 * It is react-admin's <Admin> taken apart as its documentation shows (<AdminContext> and the UI,
 * here ra-core's <CoreAdminUI> with react-admin's pages): <Admin> and <AdminUI> import react-admin's
 * login form (react-hook-form and the inputs) and English messages as defaults, even when unused,
 * and they would be in every first load (issue 29, docs/benchmarks.md "reference").
 */
export default function AdminApp() {
  // Without a session, go to '/' before react-admin mounts: its own checkAuth redirect re-runs on
  // every location change while the outer router is still switching routes, and loops for seconds.
  if (!hasSession()) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <AdminContext {...adminContext}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI title="やどばん" {...shellPages} loginPage={false} requireAuth disableTelemetry>
          <CustomRoutes noLayout>
            <Route path="login" element={<Navigate to={LOGIN_PATH} replace />} />
          </CustomRoutes>
          {resources.map((resource) => (
            <Resource key={resource.name} {...resource} />
          ))}
          <CustomRoutes>
            {routes.map(([name, View]) => {
              const { path } = pageRoutes[name];
              return (
                <Route
                  key={name}
                  path={path}
                  element={
                    <Suspense fallback={<LinearProgress />}>
                      {isAccommodationPage(path) ? (
                        <AccommodationGuard>
                          <View />
                        </AccommodationGuard>
                      ) : (
                        <View />
                      )}
                    </Suspense>
                  }
                />
              );
            })}
          </CustomRoutes>
        </CoreAdminUI>
        <AppNotification />
      </CssBaseline>
    </AdminContext>
  );
}
