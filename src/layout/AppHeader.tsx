import { lazy, Suspense, useEffect, useState } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import BusinessIcon from '@mui/icons-material/Business';
import { LoadingIndicator, SidebarToggleButton, TitlePortal, useLogout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { findAccommodationByPath, useAccommodations } from '../../dataProvider/accommodations';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../components/FacilityIcon';
import { AccommodationMenu } from './AccommodationMenu';
import { HEADER_VERSION } from './versions';
import { shell } from '../themeTokens';

/** The stale-sync warning (issue 21): its own chunk, with zod through its contract. */
const SyncStaleBanner = lazy(() => import('../../resources/sync/health/SyncStaleBanner'));

/**
 * Time after the header's first render before the warning's code is asked for, and then its first
 * health call: the first screen (the calendar and its bookings) loads and paints before either.
 */
const SYNC_BANNER_DELAY_MS = 1500;

/** The stale-sync warning, mounted SYNC_BANNER_DELAY_MS after the header: not in the first load. */
function LaterSyncStaleBanner() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), SYNC_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <SyncStaleBanner />
    </Suspense>
  );
}

/**
 * The header: page title (filled by each page's <Title>), the selected accommodation, the company,
 * logout and the version label; the accommodation's own menu below when one is selected.
 */
export function AppHeader() {
  const translate = useAppTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const { accommodations, company } = useAccommodations();
  const selected = findAccommodationByPath(pathname, accommodations);

  return (
    <AppBar
      position="sticky"
      color="primary"
      elevation={2}
      data-testid="app-header"
      // react-admin's layout is min-width: fit-content; capped here, the accommodation tabs scroll
      // inside the header instead of widening the page on a phone.
      sx={{ maxWidth: '100vw' }}
    >
      <Toolbar variant="dense" disableGutters sx={{ pl: 1, pr: 2, gap: 1.5, minHeight: shell.headerRowHeight }}>
        <SidebarToggleButton />
        <TitlePortal sx={{ flex: '0 1 auto', minWidth: 0, fontSize: '1.1rem', fontWeight: 700 }} />
        {selected ? (
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
            aria-label={translate('app.header.selected_accommodation')}
            data-testid="selected-accommodation"
          >
            <FacilityIcon color={selected.color} shortName={selected.short_name} size={28} title={selected.name} />
            <Typography noWrap sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' } }}>
              {selected.name}
            </Typography>
          </Box>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {company?.name ? (
          <Box
            sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.5, minWidth: 0 }}
            aria-label={translate('app.header.company')}
            data-testid="company-name"
          >
            <BusinessIcon fontSize="small" />
            <Typography noWrap variant="body2">
              {company.name}
            </Typography>
          </Box>
        ) : null}
        <LoadingIndicator />
        {/* On a phone only the icon shows; the button keeps its name for screen readers. */}
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => void logout()}
          aria-label={translate('app.header.logout')}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {translate('app.header.logout')}
          </Box>
        </Button>
        <Typography
          variant="caption"
          sx={{ opacity: 0.8, whiteSpace: 'nowrap', flexShrink: 0 }}
          data-testid="header-version"
        >
          {translate('app.version', { version: HEADER_VERSION })}
        </Typography>
      </Toolbar>
      {selected ? <AccommodationMenu accommodation={selected} /> : null}
      <LaterSyncStaleBanner />
    </AppBar>
  );
}
