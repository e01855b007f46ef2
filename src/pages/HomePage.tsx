import {
  Card,
  CardContent,
  CardHeader,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAccommodations } from '../../dataProvider/accommodations';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../components/FacilityIcon';
import { links } from '../routes';

/** /m/: the company and its accommodations. The full dashboard (spec "Home dashboard") comes later. */
export function HomePage() {
  const translate = useAppTranslate();
  const { accommodations, company } = useAccommodations();
  return (
    <>
      <Title title={translate('app.page.home')} preferenceKey={false} />
      <Card sx={{ mt: 1, maxWidth: 720 }}>
        <CardHeader
          title={company?.name ?? ''}
          subheader={translate('app.home.company')}
          slotProps={{ title: { component: 'h1', variant: 'h5' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {translate('app.home.accommodations')}
          </Typography>
          {accommodations.length === 0 ? (
            <Typography color="text.secondary">{translate('app.home.no_accommodations')}</Typography>
          ) : (
            <List>
              {accommodations.map((a) => (
                <ListItemButton
                  key={a.id}
                  component={Link}
                  to={links.calendar(a.id)}
                  aria-label={translate('app.home.open_calendar', { name: a.name })}
                >
                  <ListItemAvatar>
                    <FacilityIcon color={a.color} shortName={a.short_name} size={36} title={a.name} />
                  </ListItemAvatar>
                  <ListItemText primary={a.name} />
                </ListItemButton>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </>
  );
}

export default HomePage;
