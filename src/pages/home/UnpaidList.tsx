import { useCallback } from 'react';
import { List } from '@mui/material';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ListStatus } from '../../components/ListStatus';
import { BookingListItem } from './BookingListItem';
import { SectionCard } from './SectionCard';
import type { DashboardSectionProps } from './TodayPlans';
import { rowsOf, useLoad } from './useLoad';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/** Official bookings still unpaid 24 hours after they were made (GET /admin/books/unpaid). */
export function UnpaidList({ version, selectedId, onOpen }: Omit<DashboardSectionProps, 'today'>) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const load = useCallback(() => dataProvider.listUnpaidBooks(), [dataProvider]);
  const state = useLoad(load, version);
  const books = rowsOf(state);

  return (
    <SectionCard title={translate('app.dashboard.unpaid_official.title')} count={books.length} testId="unpaid-official">
      <ListStatus
        status={state.status}
        count={books.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate('app.dashboard.unpaid_official.empty')}
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
                translate('app.dashboard.unpaid_official.stay', { date: formatDate(b.start_date) }),
                translate('app.dashboard.unpaid_official.created', { date: formatDate(b.created_at) }),
                translate('app.dashboard.paid_of_total', { paid: formatYen(b.price), total: formatYen(b.price_sub) }),
              ].join('・')}
            />
          ))}
        </List>
      )}
    </SectionCard>
  );
}
