import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { HttpError } from '../../dataProvider/http';
import { clearSession } from '../../dataProvider/tokenStore';
import { LodgingListPage } from '../../resources/bookings/LodgingListPage';
import { buildBooking, demoPlans, demoRooms, withCatalogue, bookingMethodsStub } from './BookingPanel.fixtures';
import { renderInAdmin, storeDemoAccommodations, stubMethods } from './helpers';

// getOne: the `books` resource's record, read by the full-page detail (the search's booking address).
const stubs = stubMethods({
  bookingMethods: { ...bookingMethodsStub(), getOne: vi.fn() },
});
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));
// Not one of the booking methods: the mock adds it for react-admin's useGetOne.
const getOne = (
  stubs.bookingMethods as unknown as { getOne: Mock<(resource: string, params: unknown) => Promise<unknown>> }
).getOne;

function renderDetail(id: number) {
  renderInAdmin(
    <Routes>
      <Route path="books/:mail" element={<LodgingListPage />} />
    </Routes>,
    { path: `/m/books/${id}` },
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  storeDemoAccommodations();
  mocked.listRooms.mockResolvedValue(demoRooms);
  mocked.listPlans.mockResolvedValue(demoPlans);
});
afterEach(() => clearSession());

describe('the full-page booking detail (/m/books/{id})', () => {
  it('says 予約が見つかりません。 at once for a booking that does not exist, asking once', async () => {
    getOne.mockRejectedValue(new HttpError('見つかりません', 404, { message: '見つかりません' }));
    renderDetail(99999);
    expect(await screen.findByTestId('booking-not-found', undefined, { timeout: 1500 })).toHaveTextContent(
      '予約が見つかりません。',
    );
    expect(screen.queryByText('ページが見つかりません')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(getOne).toHaveBeenCalledTimes(1);
  });

  it('names the booking’s facility with its icon, linked to the booking in that facility’s calendar', async () => {
    const booking = buildBooking({ id: 7, accommodation_id: 2 });
    getOne.mockResolvedValue({ data: booking });
    mocked.getBook.mockResolvedValue(booking);
    renderDetail(7);
    const facility = await screen.findByTestId('booking-facility');
    expect(within(facility).getByTestId('facility-icon')).toHaveTextContent('離');
    expect(within(facility).getByTestId('facility-icon')).toHaveAttribute('data-color', '4fc3f7');
    expect(within(facility).getByRole('link', { name: '海辺の離れ' })).toHaveAttribute(
      'href',
      '/m/accommodation/2/book/7',
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: '予約詳細' })).toBeInTheDocument(), {
      timeout: 15_000,
    });
  });
});
