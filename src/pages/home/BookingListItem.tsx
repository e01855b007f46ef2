import type { ReactNode } from 'react';
import { ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import type { Booking } from '../../../contract/booking';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { Facility } from '../../components/Facility';

export interface BookingListItemProps {
  booking: Booking;
  details: ReactNode;
  selected: boolean;
  onOpen: (booking: Booking) => void;
}

/** A booking in one of the dashboard's short lists: a click opens its panel. */
export function BookingListItem({ booking, details, selected, onOpen }: BookingListItemProps) {
  const translate = useAppTranslate();
  return (
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
      <ListItemText primary={booking.name} secondary={details} />
    </ListItemButton>
  );
}
