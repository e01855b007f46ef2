import { billOf, type Booking } from '../../../contract/booking';
import { overpaidOf } from '../../../contract/payment';
import { RefundButton } from '../../../resources/bookings/shared';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { BookingListCard } from './BookingListCard';
import type { DashboardSectionProps } from './TodayPlans';
import { useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

export interface OverpaidListProps extends Omit<DashboardSectionProps, 'today'> {
  /** After a refund from the card: the dashboard loads again. */
  onRefunded: () => void;
}

/**
 * Live bookings paid beyond their bill (GET /admin/books/overpaid, issue 32): each with its excess,
 * the refund to make, and paid / bill; a click opens the booking, 返金 gives the excess back (at most
 * it: contract/payment.ts refundLimit). Cancelled bookings holding money are the refund list's
 * (RefundList), not this card's.
 */
export function OverpaidList({ version, onRefunded, ...open }: OverpaidListProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['books', 'overpaid', version], () => dataProvider.listOverpaidBooks());
  const details = (b: Booking) =>
    [
      translate('app.dashboard.overpaid.refund', { amount: formatYen(overpaidOf(b)) }),
      translate('app.dashboard.overpaid.stay', { date: formatDate(b.start_date) }),
      translate('app.dashboard.paid_of_total', { paid: formatYen(b.price), total: formatYen(billOf(b)) }),
    ].join('・');
  // Keyed by the paid amount: a refund made starts the next one afresh (amount, operation key).
  const action = (b: Booking) => <RefundButton key={`${b.id}:${b.price}`} booking={b} onRefunded={onRefunded} />;
  return (
    <BookingListCard
      texts="overpaid"
      testId="overpaid-bookings"
      state={state}
      details={details}
      action={action}
      {...open}
    />
  );
}
