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
    <AppBar position="sticky" color="primary" elevation={2} data-testid="app-header">
      <Toolbar variant="dense" disableGutters sx={{ pl: 1, pr: 2, gap: 1.5, minHeight: 52 }}>
        <SidebarToggleButton />
        <TitlePortal sx={{ flex: '0 1 auto', fontSize: '1.1rem', fontWeight: 700 }} />
        {selected ? (
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
            aria-label={translate('app.header.selected_accommodation')}
            data-testid="selected-accommodation"
          >
            <FacilityIcon color={selected.color} shortName={selected.short_name} size={28} title={selected.name} />
            <Typography noWrap sx={{ fontWeight: 600 }}>
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
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()} sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.header.logout')}
        </Button>
        <Typography variant="caption" sx={{ opacity: 0.8, whiteSpace: 'nowrap' }} data-testid="header-version">
          {translate('app.version', { version: HEADER_VERSION })}
        </Typography>
      </Toolbar>
      {selected ? <AccommodationMenu accommodation={selected} /> : null}
    </AppBar>
  );
}
