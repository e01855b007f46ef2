import { Box, Button, Card, CardContent, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { addDays } from '../../../contract/dates';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { parseApiDate } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { links } from '../../../src/routes';
import { fullDayLabel } from '../calendar/calendarLabels';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { DayBookingsTable } from './DayBookingsTable';
import { DayComments } from './DayComments';
import { DayStatusBadges } from './DayStatusBadges';

const pad = (n: string | undefined) => (n ?? '').padStart(2, '0');

/** /m/accommodation/{id}/book/{year}/{month}/{day}: the day's comments, room status and bookings. */
export default function DaySchedulePage() {
  const translate = useAppTranslate();
  const params = useParams();
  const { accommodations } = useAccommodations();
  const accommodationId = Number(params.id);
  const date = `${params.year ?? ''}-${pad(params.month)}-${pad(params.day)}`;
  if (!Number.isInteger(accommodationId) || accommodationId <= 0 || !parseApiDate(date)) return <NotFoundPage />;
  const accommodation = accommodations.find((a) => a.id === accommodationId);

  return (
    <>
      <Title title={translate('app.page.day')} preferenceKey={false} />
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <Button component={Link} to={links.calendar(accommodationId)} startIcon={<ArrowBackIcon />} size="small">
              {translate('app.day.back')}
            </Button>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <IconButton
                component={Link}
                to={links.dayOf(accommodationId, addDays(date, -1))}
                aria-label={translate('app.day.prev')}
                title={translate('app.day.prev')}
              >
                <ChevronLeftIcon />
              </IconButton>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {fullDayLabel(date)}
              </Typography>
              <IconButton
                component={Link}
                to={links.dayOf(accommodationId, addDays(date, 1))}
                aria-label={translate('app.day.next')}
                title={translate('app.day.next')}
              >
                <ChevronRightIcon />
              </IconButton>
            </Box>
            {accommodation && <Typography color="text.secondary">{accommodation.name}</Typography>}
          </Box>
          <DayStatusBadges key={`s${date}`} accommodationId={accommodationId} date={date} />
          <Box sx={{ mb: 3, maxWidth: 720 }}>
            <DayComments key={`c${date}`} accommodationId={accommodationId} date={date} />
          </Box>
          <DayBookingsTable key={`b${date}`} accommodationId={accommodationId} date={date} />
        </CardContent>
      </Card>
    </>
  );
}
