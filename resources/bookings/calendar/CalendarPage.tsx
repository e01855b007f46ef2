import { useParams, useSearchParams } from 'react-router-dom';
import { newStayFromQuery } from '../newStay';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { dateFromQuery } from './calendarAddress';
import { CalendarScreen } from './CalendarScreen';

/**
 * /m/accommodation/{id} and /m/accommodation/{id}/book/{book_id}: one component for both routes,
 * so opening or closing a booking keeps the calendar (its data and its scroll position).
 * `?date=yyyy-MM-dd` is the date shown at the top: a reload or a shared address opens there.
 */
export default function CalendarPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const accommodationId = Number(params.id);
  const bookId = params.bookId === undefined ? null : Number(params.bookId);
  if (!Number.isInteger(accommodationId) || accommodationId <= 0) return <NotFoundPage />;
  if (bookId !== null && !(Number.isInteger(bookId) && bookId >= 0)) return <NotFoundPage />;
  const newStay = bookId === 0 ? newStayFromQuery(query) : null;
  return (
    <CalendarScreen
      key={accommodationId}
      accommodationId={accommodationId}
      bookId={bookId}
      newStay={newStay}
      initialDate={dateFromQuery(query)}
    />
  );
}
