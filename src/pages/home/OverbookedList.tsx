import type { Booking } from '../../../contract/booking';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { BookingListCard } from './BookingListCard';
import type { DashboardSectionProps } from './TodayPlans';
import { useApiQuery } from '../../hooks/useApiQuery';

/**
 * Channel bookings kept although the site oversold the night (issue 21: flagged, never dropped),
 * whose stay has not ended: facility, stay date, guest and room type; a click opens the booking.
 * GET /admin/books?overbooked=1 from today.
 */
export function OverbookedList({ today, version, ...open }: DashboardSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  // Asked from a promise: a call that throws at once fails this block's load, not the dashboard.
  const state = useApiQuery(['books', 'overbooked', today, version], () => dataProvider.listOverbookedBooks(today));
  const details = (b: Booking) =>
    [
      `${translate('app.overbooked.col_stay')} ${formatDate(b.start_date)}`,
      `${translate('app.overbooked.col_room')} ${b.room_name}`,
    ].join('・');
  return <BookingListCard texts="overbooked" testId="overbooked-bookings" state={state} details={details} {...open} />;
}
