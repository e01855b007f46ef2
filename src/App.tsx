import { Suspense, useEffect } from 'react';
import { Box, CircularProgress, CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from './pages/LoginPage';
import { LOGIN_PATH } from './routes';
import { themeOptions } from './theme';

import { preloadableLazy } from './preloadableLazy';

/** react-admin and every page under /m/ load after the login page (a separate chunk). */
const admin = preloadableLazy(() => import('./AdminApp'));
const AdminApp = admin.Component;
const loadAdmin = admin.preload;

/**
 * The shell and the page of an address under /m/, fetched before the first render (main.tsx):
 * then it renders at once, in one pass. Never rejects (a failed chunk is the render's to show).
 */
export function preloadAdminFor(pathname: string): Promise<void> {
  return loadAdmin()
    .then((module) => module.preloadPageFor(pathname))
    .then(() => undefined)
    .catch(() => undefined);
}

const loginTheme = createTheme(themeOptions);

function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

function LoginRoute() {
  useEffect(() => {
    // Fetch the shell while the user types, so that /m/ opens at once after sign-in.
    const timer = setTimeout(() => void loadAdmin().catch(() => undefined), 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ThemeProvider theme={loginTheme}>
      <CssBaseline />
      <LoginPage />
    </ThemeProvider>
  );
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

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
