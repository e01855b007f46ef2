import type { ReactNode } from 'react';
import type { Booking } from '../../../contract/booking';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ListStatus } from '../../components/ListStatus';
import { BookingList } from './BookingListItem';
import { SectionCard } from '../../components/SectionCard';
import { rowsOf, type Loaded } from '../../hooks/useApiQuery';

/** Each card's title and the sentence it shows when it lists nothing. */
const TEXTS = {
  unpaid: { title: 'app.dashboard.unpaid_official.title', empty: 'app.dashboard.unpaid_official.empty' },
  overbooked: { title: 'app.overbooked.title', empty: 'app.overbooked.empty' },
  overpaid: { title: 'app.dashboard.overpaid.title', empty: 'app.dashboard.overpaid.empty' },
} as const;

export interface BookingListCardProps {
  texts: keyof typeof TEXTS;
  testId: string;
  state: Loaded<Booking[]>;
  selectedId: number | null;
  onOpen: (booking: Booking) => void;
  /** The line under the guest's name. */
  details: (booking: Booking) => string;
  /** A button at each row's end (the 過入金 card's 返金). */
  action?: (booking: Booking) => ReactNode;
}

/** A dashboard card listing bookings (unpaid, overbooked, overpaid): its state, then one row per booking that opens it. */
export function BookingListCard({ texts, testId, state, ...list }: BookingListCardProps) {
  const translate = useAppTranslate();
  const books = rowsOf(state);
  return (
    <SectionCard title={translate(TEXTS[texts].title)} count={books.length} testId={testId}>
      <ListStatus
        status={state.status}
        count={books.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate(TEXTS[texts].empty)}
      />
      {books.length > 0 && (
        // The rest of the card's props (the row open, its details line and action) are the list's.
        <BookingList books={books} {...list} sx={{ maxHeight: 360, overflowY: 'auto' }} />
      )}
    </SectionCard>
  );
}
