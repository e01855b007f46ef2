// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokyoToday } from '../../contract/dates';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { bookingMethods } from '../../dataProvider/methods/bookings';
import { clearSession, setTokens } from '../../dataProvider/tokenStore';
import { startEarlyCalls } from '../../src/earlyCalls';
import { initialWindow } from '../../resources/bookings/calendar/calendarWindow';
import { json, stubFetch } from './fetchStub';

beforeEach(() => setTokens({ access_token: 'token', refresh_token: 'refresh', expires_in: 900 }));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const answering = () =>
  stubFetch(({ url }) =>
    url.includes('/admin/books')
      ? json(200, { books: [{ id: 7 }] })
      : url.includes('/comments')
        ? json(200, { comments: [] })
        : url.endsWith('/rooms')
          ? json(200, { rooms: [{ id: 1, name: '和室' }] })
          : json(200, { id: 1, name: '管理者', user_type: 1 }),
  );

describe('a signed-in calendar asks its first calls before its code has loaded', () => {
  it('sends them from the address, and the page takes those answers instead of asking again', async () => {
    const { calls } = answering();
    startEarlyCalls({ pathname: '/m/accommodation/3', search: '?date=2027-01-10' });
    const { from, to } = initialWindow('2027-01-10');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/me',
      '/api/accommodations',
      `/api/admin/books?accommodation_id=3&stay_start_date=${from}&stay_end_date=${to}&with_consecutive=true`,
      `/api/admin/accommodations/3/calendar/comments?start_date=${from}&end_date=${to}`,
      '/api/accommodations/3/rooms',
    ]);
    expect(calls.every((c) => c.headers.get('Authorization') === 'Bearer token')).toBe(true);

    // The page's own calls, as the dataProvider makes them: the same addresses, no second request.
    await expect(bookingMethods.listCalendarBooks(3, from, to)).resolves.toEqual([{ id: 7 }]);
    await expect(bookingMethods.listComments(3, from, to)).resolves.toEqual([]);
    const rooms = await createDataProvider().getList('rooms', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: '', order: 'ASC' },
      filter: {},
      meta: { accommodationId: 3 },
    });
    expect(rooms.data).toEqual([{ id: 1, name: '和室' }]);
    expect(calls).toHaveLength(5);

    // Each early answer serves once: the next call asks the server.
    await bookingMethods.listCalendarBooks(3, from, to);
    expect(calls).toHaveLength(6);
  });

  it('sends nothing without a session or outside /m/, and no bookings for the month view', () => {
    const { calls } = answering();
    startEarlyCalls({ pathname: '/', search: '' });
    clearSession();
    startEarlyCalls({ pathname: '/m/accommodation/3', search: '' });
    expect(calls).toHaveLength(0);
    setTokens({ access_token: 'token', refresh_token: 'refresh', expires_in: 900 });
    document.cookie = 'yadoban_calendar_view=month; path=/';
    startEarlyCalls({ pathname: '/m/accommodation/3', search: '' });
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/accommodations']);
    document.cookie = 'yadoban_calendar_view=; path=/; max-age=0';
    // Who the user is, kept in this tab at sign-in, is not asked again (its answer would stay unread).
    window.sessionStorage.setItem('yadoban_me', '{"id":1}');
    startEarlyCalls({ pathname: '/m/', search: '' });
    expect(calls.map((c) => c.url).slice(2)).toEqual(['/api/accommodations']);
  });

  it('drops an early answer that waited too long, and any at sign-out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = answering();
    startEarlyCalls({ pathname: '/m/accommodation/3', search: '' });
    vi.setSystemTime(Date.now() + 11_000);
    const { from, to } = initialWindow(tokyoToday());
    await bookingMethods.listCalendarBooks(3, from, to);
    expect(calls).toHaveLength(6);
    startEarlyCalls({ pathname: '/m/accommodation/3', search: '' });
    clearSession();
    setTokens({ access_token: 'token', refresh_token: 'refresh', expires_in: 900 });
    await bookingMethods.listComments(3, from, to);
    expect(calls).toHaveLength(12);
  });
});
