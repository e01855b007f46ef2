import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Chip, Stack, TableCell, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { Link } from 'react-router-dom';
import type { Booking } from '../../contract/booking';
import { viaLabel } from '../../contract/enums';
import { useAccommodations } from '../../dataProvider/accommodations';
import { formatDate, formatPeople } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../../src/components/FacilityIcon';
import { links } from '../../src/routes';
import { stayPeriod } from './bookingModel';
import { PlainTable } from '../../src/components/PlainTable';
import { ListStatus } from '../../src/components/ListStatus';
import { useApiQuery } from '../../src/hooks/useApiQuery';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { PageCard } from '../../src/components/PageCard';

type Column = 'accommodation' | 'stay_date' | 'guest' | 'person_number' | 'booked_at' | 'via' | 'delete_flg';
type NarrowHidden = 'deleted_at' | 'detail';
const COLUMNS: readonly (Column | NarrowHidden)[] = [
  'accommodation',
  'stay_date',
  'guest',
  'person_number',
  'booked_at',
  'via',
  'delete_flg',
  'deleted_at',
  'detail',
];
/** Spec: guests, cancel date and detail are hidden when narrow. */
const HIDDEN_WHEN_NARROW = new Set<string>(['person_number', 'deleted_at', 'detail']);

/** A guest's stays, cancelled ones included (GET /admin/books?mail=…&with_deleted=true). */
function useGuestBooks(mail: string) {
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const key = ['books', 'guest', mail];
  // Back from a booking changed in another tab or window: show what the server holds now.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: ['books', 'guest', mail] });
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [queryClient, mail]);
  const load = useApiQuery(key, () => dataProvider.listBooks({ mail, with_deleted: true }), { keepPrevious: false });
  return load.status === 'ready' ? ({ status: 'ready', books: load.data } as const) : load;
}

/** The lodging list (stay history) of one guest mail (spec section 2, /m/books/{mail}). */
export function LodgingList({ mail }: { mail: string }) {
  const translate = useAppTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { accommodations } = useAccommodations();
  const load = useGuestBooks(mail);
  const books = load.status === 'ready' ? load.books : [];
  const period = stayPeriod(books);
  const periodLabel = !period
    ? ''
    : period.from === period.to
      ? formatDate(period.from)
      : translate('app.lodging.period', { from: formatDate(period.from), to: formatDate(period.to) });
  const columns = COLUMNS.filter((c) => !(narrow && HIDDEN_WHEN_NARROW.has(c)));
  const header = (c: string) => translate(`resources.bookings.fields.${c}` as AppMessageKey);

  const cell = (c: Column | NarrowHidden, b: Booking) => {
    const facility = accommodations.find((a) => a.id === b.accommodation_id);
    switch (c) {
      case 'accommodation':
        return (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <FacilityIcon
              color={facility?.color}
              shortName={facility?.short_name ?? ''}
              size={28}
              title={facility?.name}
            />
            {/* On a phone the coloured badge stands for the facility; its name is its tooltip. */}
            {!narrow && <span>{facility?.name ?? ''}</span>}
          </Stack>
        );
      case 'stay_date':
        return formatDate(b.start_date);
      case 'guest':
        return b.name;
      case 'person_number':
        return formatPeople(b.person_number);
      case 'booked_at':
        return formatDate(b.created_at);
      case 'via':
        return b.external_id ? `${viaLabel(b.via)} ${b.external_id}` : viaLabel(b.via);
      case 'delete_flg':
        return b.delete_flg === 1 ? <Chip size="small" color="error" label={translate('app.booking.cancelled')} /> : '';
      case 'deleted_at':
        return b.delete_flg === 1 ? formatDate(b.deleted_at) : '';
      case 'detail':
        return (
          <Button size="small" variant="outlined" component={Link} to={links.booking(b.accommodation_id, b.id)}>
            {translate('resources.bookings.fields.detail')}
          </Button>
        );
    }
  };

  return (
    <PageCard
      sx={{ mt: 1 }}
      data-testid="lodging-list"
      title={translate('app.lodging.title', { period: periodLabel }).trim()}
      subheader={mail}
    >
      <ListStatus
        status={load.status}
        count={books.length}
        loadingLabel={translate('app.booking.loading')}
        failedText={translate('app.lodging.load_failed')}
        emptyText={translate('app.lodging.empty')}
      />
      {books.length > 0 && (
        <PlainTable columns={columns.map((c) => ({ key: c, header: header(c) }))}>
          {books.map((b) => (
            <TableRow key={b.id} data-testid="lodging-row" sx={b.delete_flg === 1 ? { bgcolor: 'grey.100' } : {}}>
              {columns.map((c) => (
                <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                  {cell(c, b)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </PlainTable>
      )}
    </PageCard>
  );
}
