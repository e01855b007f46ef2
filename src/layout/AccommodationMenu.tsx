import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import type { Accommodation } from '../../dataProvider/types';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { accommodationMenuEntries, activeAccommodationTab } from './accommodationMenu';

/** The header's second row when an accommodation is selected. */
export function AccommodationMenu({ accommodation }: { accommodation: Accommodation }) {
  const translate = useAppTranslate();
  const { pathname } = useLocation();
  const entries = accommodationMenuEntries(accommodation);
  return (
    <Tabs
      component="nav"
      aria-label={translate('app.accommodation_menu.label')}
      value={activeAccommodationTab(pathname)}
      variant="scrollable"
      scrollButtons="auto"
      textColor="inherit"
      TabIndicatorProps={{ sx: { bgcolor: 'common.white', height: 3 } }}
      sx={{ minHeight: 40, px: 1, bgcolor: 'rgba(0,0,0,0.12)' }}
    >
      {entries.map((entry) => (
        <Tab
          key={entry.key}
          value={entry.key}
          label={translate(entry.label)}
          component={Link}
          to={entry.to}
          sx={{ minHeight: 40, py: 0.5, fontWeight: 600 }}
        />
      ))}
    </Tabs>
  );
}
