import { vi } from 'vitest';
import { BookingPanel } from '../../resources/bookings/BookingPanel';
import { AppNotification } from '../../src/components/AppNotification';
import { renderInAdmin } from './helpers';

/** The panel of accommodation 1 on its route, with the message box that shows its notices. */
export function renderPanel(bookId: number, onChanged = vi.fn()) {
  renderInAdmin(
    <>
      <BookingPanel accommodationId={1} bookId={bookId} onClose={vi.fn()} onChanged={onChanged} />
      <AppNotification />
    </>,
    { path: `/m/accommodation/1/book/${bookId}` },
  );
  return { onChanged };
}
