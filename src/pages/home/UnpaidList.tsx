import { billOf, type Booking } from '../../../contract/booking';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { BookingListCard } from './BookingListCard';
import type { DashboardSectionProps } from './TodayPlans';
import { useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/** Official bookings still unpaid 24 hours after they were made (GET /admin/books/unpaid). */
export function UnpaidList({ version, ...open }: Omit<DashboardSectionProps, 'today'>) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['books', 'unpaid', version], () => dataProvider.listUnpaidBooks());
  const details = (b: Booking) =>
    [
      translate('app.dashboard.unpaid_official.stay', { date: formatDate(b.start_date) }),
      translate('app.dashboard.unpaid_official.created', { date: formatDate(b.created_at) }),
      translate('app.dashboard.paid_of_total', { paid: formatYen(b.price), total: formatYen(billOf(b)) }),
    ].join('・');
  return <BookingListCard texts="unpaid" testId="unpaid-official" state={state} details={details} {...open} />;
}
