import type { ReactNode } from 'react';
import { List, ListItem, ListItemAvatar, ListItemButton, ListItemText, type SxProps, type Theme } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { Facility } from '../../components/Facility';

export interface BookingListItemProps {
  booking: Booking;
  details: ReactNode;
  selected: boolean;
  onOpen: (booking: Booking) => void;
  /** A button at the row's end, beside (not inside) the row that opens the booking: 返金 (issue 32). */
  action?: ReactNode;
}

/** A booking in one of the dashboard's short lists: a click opens its panel. */
export function BookingListItem({ booking, details, selected, onOpen, action }: BookingListItemProps) {
  const translate = useAppTranslate();
  const row = (
    <ListItemButton
      dense
      selected={selected}
      data-book-id={booking.id}
      aria-label={translate('app.dashboard.open_booking', { name: booking.name })}
      onClick={() => onOpen(booking)}
      sx={{ borderRadius: 1 }}
    >
      <ListItemAvatar sx={{ minWidth: 40 }}>
        <Facility accommodationId={booking.accommodation_id} iconOnly />
      </ListItemAvatar>
      <ListItemText primary={booking.name} secondary={details} slotProps={{ secondary: { component: 'div' } }} />
    </ListItemButton>
  );
  if (!action) return row;
  return (
    <ListItem disablePadding secondaryAction={action} sx={{ '& .MuiListItemButton-root': { pr: 10 } }}>
      {row}
    </ListItem>
  );
}

export interface BookingListProps {
  books: readonly Booking[];
  selectedId: number | null;
  onOpen: (booking: Booking) => void;
  /** The line under each guest's name. */
  details: (booking: Booking) => ReactNode;
  /** A button at each row's end (BookingListItem `action`). */
  action?: (booking: Booking) => ReactNode;
  sx?: SxProps<Theme>;
}

/** A dashboard list of bookings, the one open marked; a click on a row opens it. */
export function BookingList({ books, selectedId, onOpen, details, action, sx }: BookingListProps) {
  return (
    <List dense disablePadding sx={sx}>
      {books.map((b) => (
        <BookingListItem
          key={b.id}
          booking={b}
          selected={b.id === selectedId}
          onOpen={onOpen}
          details={details(b)}
          action={action?.(b)}
        />
      ))}
    </List>
  );
}
