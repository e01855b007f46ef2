import { Alert, LinearProgress, Link, Stack, Typography, useMediaQuery } from '@mui/material';
import { Title, useGetOne } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Booking } from '../../contract/booking';
import { useAccommodations } from '../../dataProvider/accommodations';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../../src/components/FacilityIcon';
import { links } from '../../src/routes';
import { NotFoundPage } from '../../src/components/MessagePage';
import { LazyBookingPanel } from './LazyBookingPanel';

/** A booking that does not exist (or is out of reach) answers 404 at once: asking again changes nothing. */
const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;
const MAX_RETRIES = 2;

/**
 * The edit view of the `books` resource (/m/books/{id}): the booking panel of a booking found in the
 * booking search, headed by its facility, closing back to the search.
 */
export function BookingEditPage({ id }: { id: number }) {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const { accommodations } = useAccommodations();
  // The wide layout's columns need the room: a phone gets the panel's own (narrow) layout.
  const roomy = useMediaQuery('(min-width:900px)');
  const { data, isPending, error } = useGetOne<Booking>(
    'books',
    { id },
    { retry: (count, failure) => !isNotFound(failure) && count < MAX_RETRIES },
  );
  if (isPending) return <LinearProgress />;
  if (isNotFound(error)) {
    return (
      <>
        <Title title={translate('app.page.booking')} preferenceKey={false} />
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="booking-not-found">
          {translate('app.booking.not_found')}
        </Alert>
      </>
    );
  }
  if (error || !data) return <NotFoundPage />;
  const facility = accommodations.find((a) => a.id === data.accommodation_id);
  return (
    <>
      <Title title={translate('app.page.booking')} preferenceKey={false} />
      {facility && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, my: 1 }} data-testid="booking-facility">
          <FacilityIcon color={facility.color} shortName={facility.short_name} title={facility.name} />
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {/* Its place in the facility's calendar, where the booking sits among the others. */}
            <Link component={RouterLink} to={links.booking(facility.id, id)} underline="hover" color="inherit">
              {facility.name}
            </Link>
          </Typography>
        </Stack>
      )}
      <LazyBookingPanel
        accommodationId={data.accommodation_id}
        bookId={id}
        onClose={() => navigate('/m/books')}
        wide={roomy}
      />
    </>
  );
}
