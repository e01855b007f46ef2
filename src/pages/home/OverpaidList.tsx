import { billOf, type Booking } from '../../../contract/booking';
import { overpaidOf } from '../../../contract/payment';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { BookingListCard } from './BookingListCard';
import type { DashboardSectionProps } from './TodayPlans';
import { useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/**
 * Live bookings paid beyond their bill (GET /admin/books/overpaid, issue 32): each with its excess,
 * the refund to make, and paid / bill; a click opens the booking. Cancelled bookings holding money
 * are the refund list's (RefundList), not this card's.
 */
export function OverpaidList({ version, ...open }: Omit<DashboardSectionProps, 'today'>) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['books', 'overpaid', version], () => dataProvider.listOverpaidBooks());
  const details = (b: Booking) =>
    [
      translate('app.dashboard.overpaid.refund', { amount: formatYen(overpaidOf(b)) }),
      translate('app.dashboard.overpaid.stay', { date: formatDate(b.start_date) }),
      translate('app.dashboard.paid_of_total', { paid: formatYen(b.price), total: formatYen(billOf(b)) }),
    ].join('・');
  return <BookingListCard texts="overpaid" testId="overpaid-bookings" state={state} details={details} {...open} />;
}
