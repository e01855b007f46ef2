import { useEffect, useMemo, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  DataTable,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { bookingEntity, type Booking } from '../../contract/booking';
import { columnEntries } from '../../contract/entity';
import { useAccommodations } from '../../dataProvider/accommodations';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { todayInTokyo } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { CsvDownloadButton } from '../../src/components/CsvDownloadButton';
import { FacilityIcon } from '../../src/components/FacilityIcon';
import { fieldCell } from '../../src/crud/cells';
import { DateInputJa } from '../../src/crud/EntityInput';
import { readBookSearch, writeBookSearch } from './calendar/calendarStorage';
import { BookingSearchBox } from './BookingSearchBox';
import {
  cookieFromFilter,
  filterFromCookie,
  searchCapped,
  stayOrderError,
  type BookingSearchFilter,
} from './bookingSearchModel';

/** Keeps the last search in the cookie of spec 3, so the page opens on it next time. */
function RememberSearch() {
  const { filterValues } = useListContext();
  useEffect(() => {
    writeBookSearch(cookieFromFilter(filterValues as BookingSearchFilter));
  }, [filterValues]);
  return null;
}

/** A search that answered its most: there may be more, say so (the API answers the latest made). */
function SearchCapped() {
  const translate = useAppTranslate();
  const { filterValues, total } = useListContext();
  if (!searchCapped(filterValues as BookingSearchFilter, total ?? 0)) return null;
  return (
    <Alert severity="info" sx={{ m: 1 }}>
      {translate('app.book_search.search_capped', { count: total ?? 0 })}
    </Alert>
  );
}

/** The toolbar: the CSV of every booking the current filters find (the server's file, as on petty cash). */
function BookingSearchActions() {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const { filterValues, isPending } = useListContext();
  return (
    <TopToolbar>
      <CsvDownloadButton
        load={() => dataProvider.downloadBookingsCsv(filterValues as BookingSearchFilter)}
        failed={translate('app.book_search.csv_failed')}
        disabled={isPending}
        data-testid="book-search-csv"
      >
        {translate('app.book_search.csv')}
      </CsvDownloadButton>
    </TopToolbar>
  );
}

/** The period's rule on both dates: the filter form sends nothing while it fails (issue 19). */
const stayOrder = (_value: unknown, values: Partial<BookingSearchFilter>) => stayOrderError(values);

/** A date of the period; a change checks the other date again, so a mended period says nothing more. */
function StayDateInput({ source, other, label }: { source: string; other: string; label: string; alwaysOn: true }) {
  const { trigger, getValues } = useFormContext();
  const value: unknown = useWatch({ name: source });
  useEffect(() => {
    if (getValues(other)) void trigger(other);
  }, [value, other, getValues, trigger]);
  return <DateInputJa source={source} label={label} validate={stayOrder} alwaysOn />;
}

/**
 * The booking search (/m/books): react-admin's List of the `books` resource with the filters of
 * GET /admin/books (spec 7): the search box for a guest who calls (q), facility, stay period, sync
 * state, unpaid only, with cancellations, guest mail; and the CSV of what they find. A row opens
 * the booking panel (/m/books/{id}); a cancelled row is grey with a キャンセル chip beside the
 * guest's name, the one column a phone always shows first.
 */
export default function BookingSearch() {
  const translate = useAppTranslate();
  const raTranslate = useTranslate();
  const { accommodations } = useAccommodations();
  const field = (name: string) => translate(`resources.bookings.fields.${name}` as AppMessageKey);
  const label = (name: string) => translate(`app.book_search.${name}` as AppMessageKey);
  const defaults = useMemo(() => filterFromCookie(readBookSearch(), todayInTokyo()), []);
  const facility = (id: number) => accommodations.find((a) => a.id === id);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The columns of the booking's description, the facility drawn as on the stay history. A cancelled
  // booking is marked in its row (the name's chip), not in a last column that a wide table pushes
  // out of view; on a phone the guest's name comes first.
  const columns = columnEntries(bookingEntity).filter(
    ([source, meta]) => source !== 'delete_flg' && !(narrow && meta.column?.hiddenWhenNarrow),
  );
  if (narrow) columns.sort(([a], [b]) => Number(b === 'name') - Number(a === 'name'));
  const cells: Record<string, (b: Booking) => ReactNode> = {
    accommodation_id: (b) => {
      const a = facility(b.accommodation_id);
      return (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <FacilityIcon color={a?.color} shortName={a?.short_name ?? ''} size={24} title={a?.name} />
          {!narrow && <span>{a?.name ?? ''}</span>}
        </Stack>
      );
    },
    name: (b) => (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <span>{b.name}</span>
        {b.delete_flg === 1 && (
          <Chip size="small" color="error" variant="outlined" label={translate('app.booking.cancelled')} />
        )}
      </Stack>
    ),
  };

  const filters = [
    <BookingSearchBox key="q" source="q" alwaysOn />,
    <SelectInput
      key="accommodation_id"
      source="accommodation_id"
      label={field('accommodation')}
      choices={accommodations}
      optionText="name"
      emptyText={label('all_accommodations')}
      alwaysOn
    />,
    <StayDateInput
      key="stay_start_date"
      source="stay_start_date"
      other="stay_end_date"
      label={label('stay_from')}
      alwaysOn
    />,
    <StayDateInput
      key="stay_end_date"
      source="stay_end_date"
      other="stay_start_date"
      label={label('stay_to')}
      alwaysOn
    />,
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
      // Bookings are made on the calendar and every filter is always shown: the one action is the CSV.
      actions={<BookingSearchActions />}
      empty={false}
      disableSyncWithLocation
      // A wide table scrolls inside its card; the filters above stay in the page.
      sx={{
        contain: 'inline-size',
        '& .RaList-main': { width: '100%', minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
        // react-admin's filter form hides every helper text: the search box's hint and a refused
        // period must be read.
        [`& .RaList-actions form .MuiFormHelperText-root.Mui-error,
          & .RaList-actions form [data-source="q"] .MuiFormHelperText-root`]: { display: 'block' },
      }}
    >
      <RememberSearch />
      <SearchCapped />
      <DataTable
        rowClick="edit"
        bulkActionButtons={false}
        rowSx={(record) =>
          record.delete_flg === 1 ? { bgcolor: 'grey.100', '& td': { color: 'text.secondary' } } : {}
        }
        data-testid="book-search"
        sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
      >
        {columns.map(([source, meta]) => (
          <DataTable.Col
            key={source}
            source={source}
            label={translate(`resources.books.fields.${source}` as AppMessageKey)}
            disableSort={!meta.column?.sortable}
            align={meta.column?.format === 'yen' ? 'right' : undefined}
            render={(b: Booking) =>
              cells[source]?.(b) ?? fieldCell(source, meta, b as unknown as RaRecord, raTranslate)
            }
          />
        ))}
      </DataTable>
    </List>
  );
}
