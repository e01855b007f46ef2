import { useEffect, useState } from 'react';
import { Box, Skeleton, TableCell, TableRow, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Booking } from '../../../contract/booking';
import { staysOn } from '../../../contract/calendarDay';
import { errorMessages } from '../../../contract/messages';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { formatDate, formatPeople, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import type { AppMessageKey } from '../../../i18n/ja';
import { PlainTable } from '../../../src/components/PlainTable';
import { FacilityIcon } from '../../../src/components/FacilityIcon';
import { links } from '../../../src/routes';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { StayBadges, useRegisterStates } from '../register/StayBadges';

const COLUMNS: AppMessageKey[] = [
  'app.day.col_facility',
  'app.day.col_room',
  'app.day.col_check_in',
  'app.day.col_check_out',
  'app.day.col_guest',
  'app.day.col_register',
  'app.day.col_people',
  'app.day.col_paid',
  'app.day.col_created',
  'app.day.col_payment_limit',
];

const RIGHT = new Set<AppMessageKey>(['app.day.col_people', 'app.day.col_paid']);

/** The live bookings staying the night of `date`; a row opens the booking panel. */
export function DayBookingsTable({ accommodationId, date }: { accommodationId: number; date: string }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const columns = COLUMNS.map(
    (key) => ({ key, header: translate(key), align: RIGHT.has(key) ? 'right' : 'left' }) as const,
  );
  const navigate = useNavigate();
  const notify = useNotify();
  const { accommodations } = useAccommodations();
  const facility = accommodations.find((a) => a.id === accommodationId);
  const [books, setBooks] = useState<Booking[] | null>(null);
  const registers = useRegisterStates(books?.map((b) => b.id) ?? []);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .listCalendarBooks(accommodationId, date, date, controller.signal)
      .then((list) =>
        setBooks(
          list
            .filter((b) => b.delete_flg !== 1 && staysOn(b, date))
            .sort((a, b) => a.room_id - b.room_id || a.id - b.id),
        ),
      )
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        notify(e instanceof Error && e.message ? e.message : errorMessages.generic, { type: 'error' });
        setBooks([]);
      });
    return () => controller.abort();
  }, [dataProvider, accommodationId, date, notify]);

  return (
    <Box component="section" aria-label={translate('app.day.bookings')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('app.day.bookings')}
        {books && books.length > 0 ? ` (${books.length})` : ''}
      </Typography>
      {books === null ? (
        <Skeleton variant="rounded" height={120} />
      ) : books.length === 0 ? (
        <Typography color="text.secondary">{translate('app.day.no_bookings')}</Typography>
      ) : (
        <PlainTable columns={columns} testId="day-bookings">
          {books.map((b) => (
            <TableRow
              key={b.id}
              hover
              data-book-id={b.id}
              sx={{ cursor: 'pointer', '& td': { whiteSpace: 'nowrap' } }}
              onClick={() => navigate(links.booking(accommodationId, b.id))}
            >
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <FacilityIcon color={facility?.color} shortName={facility?.short_name ?? ''} size={24} />
                  {facility?.name}
                </Box>
              </TableCell>
              <TableCell>{b.room_name}</TableCell>
              <TableCell>{formatDate(b.start_date)}</TableCell>
              <TableCell>{formatDate(b.end_date)}</TableCell>
              <TableCell>
                {b.name}
                {b.external_id && (
                  <Typography variant="caption" color="text.secondary" display="block">
                    {b.external_id}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <StayBadges booking={b} register={registers.get(b.id)} />
              </TableCell>
              <TableCell align="right">{formatPeople(b.person_number)}</TableCell>
              <TableCell align="right">{formatYen(b.price)}</TableCell>
              <TableCell>{formatDate(b.created_at)}</TableCell>
              <TableCell>{formatDate(b.payment_limit_date)}</TableCell>
            </TableRow>
          ))}
        </PlainTable>
      )}
    </Box>
  );
}
