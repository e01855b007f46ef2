import { Box, Divider, ListSubheader, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PeopleIcon from '@mui/icons-material/People';
import HandshakeIcon from '@mui/icons-material/Handshake';
import MailIcon from '@mui/icons-material/Mail';
import InsightsIcon from '@mui/icons-material/Insights';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SyncIcon from '@mui/icons-material/Sync';
import GavelIcon from '@mui/icons-material/Gavel';
import { Menu, MenuItemLinkClasses, usePermissions, useSidebarState } from 'react-admin';
import type { Permissions } from '../../dataProvider/authProvider';
import { useLocation } from 'react-router-dom';
import { findAccommodationByPath, useAccommodations } from '../../dataProvider/accommodations';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../components/FacilityIcon';
import { links } from '../routes';
import { SIDEBAR_VERSION } from './versions';

/**
 * The sidebar: company-level entries (every company page of src/routes.ts, placeholders too), then
 * one entry per accommodation, then the version label.
 */
export function AppMenu() {
  const translate = useAppTranslate();
  const [open] = useSidebarState();
  const { accommodations } = useAccommodations();
  // User management and partners are company administration: offered to administrators only.
  const { permissions } = usePermissions<Permissions>();
  const isAdmin = permissions?.isAdmin === true;
  // Mail template pages carry the uid, which react-admin's own path match does not see.
  const selected = findAccommodationByPath(useLocation().pathname, accommodations);

  return (
    <Menu>
      <Menu.Item to={links.home()} primaryText={translate('app.menu.home')} leftIcon={<HomeIcon />} />
      <Menu.Item to={links.bookSearch()} primaryText={translate('app.menu.book_search')} leftIcon={<EventNoteIcon />} />
      {isAdmin ? (
        <Menu.Item to={links.users()} primaryText={translate('app.menu.users')} leftIcon={<PeopleIcon />} />
      ) : null}
      {isAdmin ? (
        <Menu.Item to={links.suppliers()} primaryText={translate('app.menu.suppliers')} leftIcon={<HandshakeIcon />} />
      ) : null}
      <Menu.Item to={links.timesheets()} primaryText={translate('app.menu.timesheets')} leftIcon={<ScheduleIcon />} />
      <Menu.Item
        to={links.mailPublications()}
        primaryText={translate('app.menu.mail_publications')}
        leftIcon={<MailIcon />}
      />
      <Menu.Item to={links.analytics()} primaryText={translate('app.menu.analytics')} leftIcon={<InsightsIcon />} />
      <Menu.Item to={links.syncLogs()} primaryText={translate('app.menu.sync_logs')} leftIcon={<SyncIcon />} />
      <Menu.Item to={links.refusals()} primaryText={translate('app.menu.refusals')} leftIcon={<GavelIcon />} />
      <Divider sx={{ my: 1 }} />
      {open && accommodations.length > 0 ? (
        <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2 }}>
          {translate('app.menu.accommodations')}
        </ListSubheader>
      ) : null}
      {accommodations.map((accommodation) => (
        <Menu.Item
          key={accommodation.id}
          to={links.calendar(accommodation.id)}
          // A node, not a string: react-admin would try to translate a string as a key.
          primaryText={<span>{accommodation.name}</span>}
          leftIcon={
            <FacilityIcon
              color={accommodation.color}
              shortName={accommodation.short_name}
              size={26}
              title={accommodation.name}
            />
          }
          className={selected?.id === accommodation.id ? MenuItemLinkClasses.active : undefined}
          data-testid="accommodation-menu-item"
        />
      ))}
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="caption" color="text.secondary" data-testid="sidebar-version">
          {translate('app.version', { version: SIDEBAR_VERSION })}
        </Typography>
      </Box>
    </Menu>
  );
}
