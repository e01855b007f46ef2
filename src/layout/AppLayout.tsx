import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useAccommodations } from '../../dataProvider/accommodations';
import { setSessionExpiredHandler } from '../../dataProvider/httpClient';
import { LOGIN_PATH } from '../routes';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { endFirstPaint } from '../../resources/bookings/calendar/firstPaintHandoff';

/** The shell around every page under /m/. */
export function AppLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // The list may have changed since sign-in (granted accommodations, colours): fetch it once.
  useAccommodations({ refreshOnMount: true });
  // The calendar's first paint, if it still shows, goes before this first page is painted.
  useLayoutEffect(endFirstPaint, []);

  useEffect(() => {
    // An ended session goes back to the login page without reloading the application.
    setSessionExpiredHandler(() => navigate(LOGIN_PATH, { replace: true, state: { sessionExpired: true } }));
    return () => setSessionExpiredHandler(null);
  }, [navigate]);

  return (
    <Layout
      appBar={AppHeader}
      menu={AppMenu}
      // No hide-on-scroll header: the sidebar must not slide up under it.
      appBarAlwaysOn
      // The header is sticky and grows a second row; react-admin's fixed-header offset is not needed.
      sx={{ '& .RaLayout-appFrame': { marginTop: 0 }, '& .RaLayout-content': { p: 2 } }}
    >
      {children}
    </Layout>
  );
}
