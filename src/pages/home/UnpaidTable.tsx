import { billOf } from '../../../contract/booking';
import { Button, TableCell, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatDate, formatPeople, formatYen } from '../../../i18n/formats';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { PlainTable } from '../../components/PlainTable';
import { ListStatus } from '../../components/ListStatus';
import { links } from '../../routes';
import { isOverdue, unpaidBookings, unpaidQuery } from './dashboardModel';
import { Facility } from '../../components/Facility';
import { SectionCard } from '../../components/SectionCard';
import type { DashboardSectionProps } from './TodayPlans';
import { rowsOf, useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

const COLUMNS: AppMessageKey[] = [
  'app.dashboard.unpaid.col_facility',
  'app.dashboard.unpaid.col_stay',
  'app.dashboard.unpaid.col_guest',
  'app.dashboard.unpaid.col_people',
  'app.dashboard.unpaid.col_amount',
  'app.dashboard.unpaid.col_created',
  'app.dashboard.unpaid.col_limit',
  'app.dashboard.unpaid.col_history',
];
const RIGHT = new Set<AppMessageKey>(['app.dashboard.unpaid.col_people', 'app.dashboard.unpaid.col_amount']);

/** Live bookings with a balance whose stay is not over: a click on a row opens its panel. */
export function UnpaidTable({ today, version, selectedId, onOpen }: DashboardSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const columns = COLUMNS.map(
    (key) => ({ key, header: translate(key), align: RIGHT.has(key) ? 'right' : 'left' }) as const,
  );
  const state = useApiQuery(['books', 'unpaid-table', today, version], () =>
    dataProvider.listBooks(unpaidQuery(today)).then((b) => unpaidBookings(b, today)),
  );
  const books = rowsOf(state);
  // On a phone the coloured badge stands for the facility; its name is its tooltip.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <SectionCard title={translate('app.dashboard.unpaid.title')} count={books.length} testId="unpaid-table">
      <ListStatus
        status={state.status}
        count={books.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate('app.dashboard.unpaid.empty')}
      />
      {books.length > 0 && (
        <PlainTable columns={columns} maxHeight={480}>
          {books.map((b) => {
            const overdue = isOverdue(b.payment_limit_date, today);
            return (
              <TableRow
                key={b.id}
                hover
                selected={b.id === selectedId}
                data-book-id={b.id}
                aria-label={translate('app.dashboard.open_booking', { name: b.name })}
                tabIndex={0}
                onClick={() => onOpen(b)}
                onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && onOpen(b)}
                sx={{ cursor: 'pointer', '& td': { whiteSpace: 'nowrap' } }}
              >
                <TableCell>
                  <Facility accommodationId={b.accommodation_id} iconOnly={narrow} />
                </TableCell>
                <TableCell>{formatDate(b.start_date)}</TableCell>
                <TableCell>{b.name}</TableCell>
                <TableCell align="right">{formatPeople(b.person_number)}</TableCell>
                <TableCell align="right">
                  {translate('app.dashboard.paid_of_total', {
                    paid: formatYen(b.price),
                    total: formatYen(billOf(b)),
                  })}
                </TableCell>
                <TableCell>{formatDate(b.created_at)}</TableCell>
                <TableCell
                  data-overdue={overdue}
                  title={overdue ? translate('app.dashboard.unpaid.overdue') : undefined}
                  sx={overdue ? { color: 'error.main', fontWeight: 700 } : undefined}
                >
                  {formatDate(b.payment_limit_date)}
                </TableCell>
                <TableCell>
                  {b.mail && (
                    <Button
                      size="small"
                      component={Link}
                      to={links.guestBooks(b.mail)}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {translate('app.dashboard.unpaid.history')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </PlainTable>
      )}
    </SectionCard>
  );
}
