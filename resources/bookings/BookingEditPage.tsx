import { LinearProgress } from '@mui/material';
import { Title, useGetOne } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Booking } from '../../contract/booking';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { NotFoundPage } from '../../src/pages/PlaceholderPage';
import { LazyBookingPanel } from './LazyBookingPanel';

/**
 * The edit view of the `books` resource (/m/books/{id}): the booking panel of a booking found in the
 * booking search, closing back to the search.
 */
export function BookingEditPage({ id }: { id: number }) {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const { data, isPending, error } = useGetOne<Booking>('books', { id });
  if (isPending) return <LinearProgress />;
  if (error || !data) return <NotFoundPage />;
  return (
    <>
      <Title title={translate('app.page.booking')} preferenceKey={false} />
      <LazyBookingPanel accommodationId={data.accommodation_id} bookId={id} onClose={() => navigate('/m/books')} wide />
    </>
  );
}
