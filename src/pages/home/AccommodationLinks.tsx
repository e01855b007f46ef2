import { List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { FacilityIcon } from '../../components/FacilityIcon';
import { links } from '../../routes';
import { SectionCard } from '../../components/SectionCard';

/** The company and its accommodations, each a link to its booking calendar. */
export function AccommodationLinks() {
  const translate = useAppTranslate();
  const { accommodations, company } = useAccommodations();
  return (
    <SectionCard title={company?.name ?? translate('app.home.company')} testId="home-accommodations">
      <Typography variant="body2" color="text.secondary">
        {translate('app.home.accommodations')}
      </Typography>
      {accommodations.length === 0 ? (
        <Typography color="text.secondary">{translate('app.home.no_accommodations')}</Typography>
      ) : (
        <List dense disablePadding>
          {accommodations.map((a) => (
            <ListItemButton
              key={a.id}
              component={Link}
              to={links.calendar(a.id)}
              aria-label={translate('app.home.open_calendar', { name: a.name })}
              sx={{ borderRadius: 1 }}
            >
              <ListItemAvatar sx={{ minWidth: 40 }}>
                <FacilityIcon color={a.color} shortName={a.short_name} size={28} title={a.name} />
              </ListItemAvatar>
              <ListItemText primary={a.name} />
            </ListItemButton>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
