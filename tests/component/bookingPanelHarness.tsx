import { vi } from 'vitest';
import { BookingPanel } from '../../resources/bookings/BookingPanel';
import { AppNotification } from '../../src/components/AppNotification';
import {
  bookingMethodsStub,
  buildBooking,
  demoPlans,
  demoRooms,
  moneyMethodsStub,
  withCatalogue,
} from './BookingPanel.fixtures';
import { renderInAdmin, stubMethods } from './helpers';

/**
 * Stubs the panel's booking and money methods for this test file (stubMethods), their catalogue
 * lists typed; `more` stubs other method modules too (the booking mail's).
 */
export function stubPanelMethods(more: Parameters<typeof stubMethods>[0] = {}) {
  const stubs = stubMethods({ bookingMethods: bookingMethodsStub(), moneyMethods: moneyMethodsStub(), ...more });
  return {
    stubs,
    booking: withCatalogue(vi.mocked(stubs.bookingMethods)),
    money: withCatalogue(vi.mocked(stubs.moneyMethods)),
  };
}

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

/** The panel's answers: the demo room types and plans, booking 7 (buildBooking), a save answering it patched. */
export function answerPanel(mocked: ReturnType<typeof stubPanelMethods>['booking']) {
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
  mocked.getBook.mockResolvedValue(buildBooking());
  mocked.updateBook.mockImplementation(async (_id, patch) => buildBooking({ ...patch } as never));
}
