import { billOf } from '../../../contract/booking';
import { Box, Typography } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { formatDate, formatPeople, formatYen } from '../../../i18n/formats';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ListStatus } from '../../components/ListStatus';
import { BookingList } from './BookingListItem';
import { splitTodayPlans, todayPlansQuery, type TodayPlans as Plans } from './dashboardModel';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { StayBadges, useRegisterStates } from '../../../resources/bookings/shared';

const GROUPS: { key: keyof Plans; label: AppMessageKey }[] = [
  { key: 'checkOuts', label: 'app.dashboard.today.check_out' },
  { key: 'stays', label: 'app.dashboard.today.stay' },
  { key: 'checkIns', label: 'app.dashboard.today.check_in' },
];

export interface DashboardSectionProps {
  today: string;
  /** Changes when the dashboard should load again. */
  version: number;
  selectedId: number | null;
  onOpen: (booking: Booking) => void;
}

/** Today's check-outs, consecutive stays and check-ins of every reachable accommodation. */
export function TodayPlans({ today, version, selectedId, onOpen }: DashboardSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['books', 'today-plans', today, version], () =>
    dataProvider.listBooks(todayPlansQuery(today)).then((b) => splitTodayPlans(b, today)),
  );
  // Who has arrived, and whose register still misses something.
  const registers = useRegisterStates(
    state.status === 'ready' ? [...state.data.checkIns, ...state.data.stays].map((b) => b.id) : [],
    version,
  );

  return (
    <SectionCard title={translate('app.dashboard.today.title')} aside={formatDate(today)} testId="today-plans">
      {state.status !== 'ready' ? (
        <ListStatus
          status={state.status}
          count={0}
          loadingLabel={translate('app.dashboard.loading')}
          failedText={translate('app.dashboard.load_failed')}
          emptyText=""
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
          {GROUPS.map(({ key, label }) => {
            const books = state.data[key];
            const headingId = `today-${key}`;
            return (
              <Box key={key} component="section" aria-labelledby={headingId} data-testid={`today-${key}`}>
                <Typography id={headingId} variant="body2" component="h3" sx={{ fontWeight: 700 }}>
                  {translate(label)} ({books.length})
                </Typography>
                {books.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                    {translate('app.dashboard.today.none')}
                  </Typography>
                ) : (
                  <BookingList
                    books={books}
                    selectedId={selectedId}
                    onOpen={onOpen}
                    details={(b) => (
                      <>
                        {[
                          b.room_name,
                          formatPeople(b.person_number),
                          translate('app.dashboard.paid_of_total', {
                            paid: formatYen(b.price),
                            total: formatYen(billOf(b)),
                          }),
                        ].join('・')}{' '}
                        <StayBadges booking={b} register={registers.get(b.id)} />
                      </>
                    )}
                  />
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
