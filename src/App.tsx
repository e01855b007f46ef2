import { Suspense, useCallback, useEffect, useLayoutEffect } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LoginPage } from './pages/LoginPage';
import { preloadableLazy } from './preloadableLazy';
import { LOGIN_PATH, links } from './routes';
import { endFirstPaint } from '../resources/bookings/calendar/firstPaintHandoff';

/** react-admin and every page under /m/ load after the login page (a separate chunk). */
const admin = preloadableLazy(() => import('./AdminApp'));
const AdminApp = admin.Component;

/** Fetches the shell ahead (the login page does, while the user types). */
export const preloadAdmin = () => void admin.preload().catch(() => undefined);

/**
 * The shell and the page of an address under /m/, fetched before the first render (main.tsx):
 * then it renders at once, in one pass. Never rejects (a failed chunk is the render's to show).
 */
export function preloadAdminFor(pathname: string): Promise<void> {
  return admin
    .preload()
    .then((module) => module.preloadPageFor(pathname))
    .then(() => undefined)
    .catch(() => undefined);
}

function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

/** The login page when the console sends the user back to '/' (sign-out, session over). */
function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const sessionExpired = Boolean((location.state as { sessionExpired?: boolean } | null)?.sessionExpired);
  const onSignedIn = useCallback(() => navigate(links.home(), { replace: true }), [navigate]);
  useEffect(() => preloadAdmin(), []);
  // A calendar's first paint (a session that ended meanwhile) never stays over the login page.
  useLayoutEffect(endFirstPaint, []);
  return <LoginPage onSignedIn={onSignedIn} sessionExpired={sessionExpired} />;
}

/** The two halves of the console: the login page at '/' and react-admin under '/m/'. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={LOGIN_PATH} element={<LoginRoute />} />
      <Route path="/login" element={<Navigate to={LOGIN_PATH} replace />} />
      <Route
        path="/m/*"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to={LOGIN_PATH} replace />} />
    </Routes>
  );
}

/** The console with its router: every address but a first visit to the login page (main.tsx). */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
