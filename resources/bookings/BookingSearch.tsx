import { useEffect, useMemo } from 'react';
import { Chip, Stack } from '@mui/material';
import { BooleanInput, DataTable, List, SelectInput, TextInput, useListContext } from 'react-admin';
import type { Booking } from '../../contract/booking';
import { viaLabel } from '../../contract/enums';
import { useAccommodations } from '../../dataProvider/accommodations';
import { formatDate, formatPeople, formatYen, todayInTokyo } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../../src/components/FacilityIcon';
import { DateInputJa } from '../../src/crud/EntityInput';
import { readBookSearch, writeBookSearch } from '../../src/pages/calendar/calendarStorage';
import { cookieFromFilter, filterFromCookie, type BookingSearchFilter } from './bookingSearchModel';

/** Keeps the last search in the cookie of spec 3, so the page opens on it next time. */
function RememberSearch() {
  const { filterValues } = useListContext();
  useEffect(() => {
    writeBookSearch(cookieFromFilter(filterValues as BookingSearchFilter));
  }, [filterValues]);
  return null;
}

/**
 * The booking search (/m/books): react-admin's List of the `books` resource with the filters of
 * GET /admin/books (spec 7): facility, stay period, sync state, unpaid only, with cancellations,
 * guest mail. A row opens the booking panel (/m/books/{id}).
 */
export default function BookingSearch() {
  const translate = useAppTranslate();
  const { accommodations } = useAccommodations();
  const field = (name: string) => translate(`resources.bookings.fields.${name}` as AppMessageKey);
  const label = (name: string) => translate(`app.book_search.${name}` as AppMessageKey);
  const defaults = useMemo(() => filterFromCookie(readBookSearch(), todayInTokyo()), []);
  const facility = (id: number) => accommodations.find((a) => a.id === id);

  const filters = [
    <SelectInput
      key="accommodation_id"
      source="accommodation_id"
      label={field('accommodation')}
      choices={accommodations}
      optionText="name"
      emptyText={label('all_accommodations')}
      alwaysOn
    />,
    <DateInputJa key="stay_start_date" source="stay_start_date" label={label('stay_from')} alwaysOn />,
    <DateInputJa key="stay_end_date" source="stay_end_date" label={label('stay_to')} alwaysOn />,
    <TextInput key="mail" source="mail" label={field('mail')} type="email" alwaysOn />,
    <SelectInput
      key="sync"
      source="sync"
      label={label('sync')}
      choices={[
        { id: '0', name: label('sync_not_yet') },
        { id: '1', name: label('sync_done') },
      ]}
      emptyText={label('sync_all')}
      alwaysOn
    />,
    <BooleanInput key="not_paid_only" source="not_paid_only" label={label('not_paid_only')} alwaysOn />,
    <BooleanInput key="with_deleted" source="with_deleted" label={label('with_deleted')} alwaysOn />,
  ];

  return (
    <List
      resource="books"
      title={translate('app.page.book_search')}
      filters={filters}
      filterDefaultValues={defaults}
      perPage={50}
      sort={{ field: 'start_date', order: 'ASC' }}
      exporter={false}
      // Bookings are made on the calendar; every filter is always shown.
      actions={false}
      empty={false}
      disableSyncWithLocation
      // A wide table scrolls inside its card; the filters above stay in the page.
      sx={{
        contain: 'inline-size',
        '& .RaList-main': { width: '100%', minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
      }}
    >
      <RememberSearch />
      <DataTable
        rowClick="edit"
        bulkActionButtons={false}
        rowSx={(record) => (record.delete_flg === 1 ? { bgcolor: 'grey.100' } : {})}
        data-testid="book-search"
        sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
      >
        <DataTable.Col
          source="accommodation_id"
          label={field('accommodation')}
          disableSort
          render={(b: Booking) => {
            const a = facility(b.accommodation_id);
            return (
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <FacilityIcon color={a?.color} shortName={a?.short_name ?? ''} size={24} title={a?.name} />
                <span>{a?.name ?? ''}</span>
              </Stack>
            );
          }}
        />
        <DataTable.Col
          source="start_date"
          label={field('stay_date')}
          render={(b: Booking) => formatDate(b.start_date)}
        />
        <DataTable.Col
          source="days"
          label={field('days')}
          render={(b: Booking) => translate('app.booking.nights', { count: b.days })}
        />
        <DataTable.Col source="name" label={field('guest')} />
        <DataTable.Col
          source="person_number"
          label={field('person_number')}
          render={(b: Booking) => formatPeople(b.person_number)}
        />
        <DataTable.Col source="room_name" label={field('room_id')} disableSort />
        <DataTable.Col
          source="price_sub"
          label={field('price_sub')}
          align="right"
          render={(b: Booking) => formatYen(b.price_sub)}
        />
        <DataTable.Col source="price" label={field('paid')} align="right" render={(b: Booking) => formatYen(b.price)} />
        <DataTable.Col
          source="created_at"
          label={field('booked_at')}
          render={(b: Booking) => formatDate(b.created_at)}
        />
        <DataTable.Col source="via" label={field('via')} render={(b: Booking) => viaLabel(b.via)} />
        <DataTable.Col
          source="delete_flg"
          label={field('delete_flg')}
          render={(b: Booking) =>
            b.delete_flg === 1 ? <Chip size="small" color="error" label={translate('app.booking.cancelled')} /> : ''
          }
        />
      </DataTable>
    </List>
  );
}
