import { useCallback } from 'react';
import { List } from '@mui/material';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ListStatus } from '../../components/ListStatus';
import { BookingListItem } from './BookingListItem';
import { SectionCard } from './SectionCard';
import type { DashboardSectionProps } from './TodayPlans';
import { rowsOf, useLoad } from './useLoad';

/**
 * Channel bookings kept although the site oversold the night (issue 21: flagged, never dropped),
 * whose stay has not ended: facility, stay date, guest and room type; a click opens the booking.
 * GET /admin/books?overbooked=1 from today.
 */
export function OverbookedList({ today, version, selectedId, onOpen }: DashboardSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  // Asked from a promise: a call that throws at once fails this block's load, not the dashboard.
  const load = useCallback(
    () => Promise.resolve().then(() => dataProvider.listOverbookedBooks(today)),
    [dataProvider, today],
  );
  const state = useLoad(load, version);
  const books = rowsOf(state);

  return (
    <SectionCard title={translate('app.overbooked.title')} count={books.length} testId="overbooked-bookings">
      <ListStatus
        status={state.status}
        count={books.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate('app.overbooked.empty')}
      />
      {books.length > 0 && (
        <List dense disablePadding sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {books.map((b) => (
            <BookingListItem
              key={b.id}
              booking={b}
              selected={b.id === selectedId}
              onOpen={onOpen}
              details={[
                `${translate('app.overbooked.col_stay')} ${formatDate(b.start_date)}`,
                `${translate('app.overbooked.col_room')} ${b.room_name}`,
              ].join('・')}
            />
          ))}
        </List>
      )}
    </SectionCard>
  );
}
