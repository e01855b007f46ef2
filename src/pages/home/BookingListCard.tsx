import type { Booking } from '../../../contract/booking';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ListStatus } from '../../components/ListStatus';
import { BookingList } from './BookingListItem';
import { SectionCard } from '../../components/SectionCard';
import { rowsOf, type Loaded } from '../../hooks/useApiQuery';

export interface BookingListCardProps {
  title: string;
  testId: string;
  emptyText: string;
  state: Loaded<Booking[]>;
  selectedId: number | null;
  onOpen: (booking: Booking) => void;
  /** The line under the guest's name. */
  details: (booking: Booking) => string;
}

/** A dashboard card listing bookings (unpaid, overbooked): its state, then one row per booking that opens it. */
export function BookingListCard({
  title,
  testId,
  emptyText,
  state,
  selectedId,
  onOpen,
  details,
}: BookingListCardProps) {
  const translate = useAppTranslate();
  const books = rowsOf(state);
  return (
    <SectionCard title={title} count={books.length} testId={testId}>
      <ListStatus
        status={state.status}
        count={books.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={emptyText}
      />
      {books.length > 0 && (
        <BookingList
          books={books}
          selectedId={selectedId}
          onOpen={onOpen}
          details={details}
          sx={{ maxHeight: 360, overflowY: 'auto' }}
        />
      )}
    </SectionCard>
  );
}
