// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { bookingMethods } from '../../dataProvider/methods/bookings';
import { clearSession, getStoredAccommodations, setTokens } from '../../dataProvider/tokenStore';
import { startEarlyCalls } from '../../src/earlyCalls';
import { initialWindow } from '../../resources/bookings/calendar/calendarWindow';
import { keepFirstPaint, readFirstPaint } from '../../resources/bookings/calendar/firstPaint';
import { firstAnswersFor, forgetFirstAnswers } from '../../resources/bookings/calendar/firstPaintHandoff';
import { json, stubFetch } from './fetchStub';

const signIn = (token: string) => setTokens({ access_token: token, refresh_token: 'refresh', expires_in: 900 });

beforeEach(() => signIn('token'));
afterEach(() => {
  forgetFirstAnswers();
  clearSession();
  vi.unstubAllGlobals();
});

const accommodation = { id: 3, name: '町家ゲストハウス 京', room_number: 4 };
const answering = (books: unknown = { books: [{ id: 7, name: '山田 太郎' }] }) =>
  stubFetch(({ url }) =>
    url.includes('/admin/books')
      ? json(200, books)
      : url.includes('/comments')
        ? json(200, { comments: [{ id: 1, target_date: '2027-01-11', comment: '団体' }] })
        : url.endsWith('/rooms')
          ? json(200, { rooms: [{ id: 1, name: '和室', max_num: 2 }] })
          : url.endsWith('/accommodations')
            ? json(200, { accommodations: [accommodation], company: { name: '株式会社やどばん' } })
            : json(200, { id: 1, name: '管理者', user_type: 1 }),
  );

describe("the calendar's first paint", () => {
  it('reads the early answers without taking the ones the console still takes, and hands its own over once', async () => {
    const { calls } = answering();
    const address = { pathname: '/m/accommodation/3', search: '?date=2027-01-10' };
    startEarlyCalls(address);
    const paint = await readFirstPaint(address);
    const window = initialWindow('2027-01-10');
    expect(paint?.accommodation).toEqual(accommodation);
    expect(paint?.answers).toEqual({
      accommodationId: 3,
      window,
      books: [{ id: 7, name: '山田 太郎' }],
      comments: [{ id: 1, target_date: '2027-01-11', comment: '団体' }],
      rooms: [{ id: 1, name: '和室', max_num: 2 }],
    });
    expect(paint?.date).toBe('2027-01-10');
    expect(paint?.bookId).toBeNull();
    const opened = await readFirstPaint({ pathname: '/m/accommodation/3/book/7', search: '?date=2027-01-10' });
    expect(opened?.bookId).toBe(7);
    // The header's list of accommodations is there for the console's first render.
    expect(getStoredAccommodations()?.accommodations).toEqual([accommodation]);

    keepFirstPaint(paint!);
    expect(firstAnswersFor(3, window)).toBe(paint!.answers);
    // Another window (four weeks later) is not the one kept: a fixed date, never today's, which
    // falls in the week of 2027-01-10 on some days.
    expect(firstAnswersFor(3, initialWindow('2027-02-07'))).toBeNull();
    expect(firstAnswersFor(2, window)).toBeNull();

    // The room types are still the console's to take (no second request); the window's bookings
    // are not: the console starts from the kept answers, and a later call asks the server.
    const rooms = await createDataProvider().getList('rooms', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: '', order: 'ASC' },
      filter: {},
      meta: { accommodationId: 3 },
    });
    expect(rooms.data).toEqual([{ id: 1, name: '和室', max_num: 2 }]);
    expect(calls).toHaveLength(5);
    await bookingMethods.listCalendarBooks(3, window.from, window.to);
    expect(calls).toHaveLength(6);

    // Another sign-in in this tab never gets them.
    signIn('another-token');
    expect(firstAnswersFor(3, window)).toBeNull();
  });

  it('draws nothing for the month view, another page, or an answer that failed or is not a list', async () => {
    answering({ error: 'x' });
    startEarlyCalls({ pathname: '/m/accommodation/3', search: '' });
    await expect(readFirstPaint({ pathname: '/m/accommodation/3', search: '' })).resolves.toBeNull();
    await expect(readFirstPaint({ pathname: '/m/accommodation/3/plan', search: '' })).resolves.toBeNull();
    document.cookie = 'yadoban_calendar_view=month; path=/';
    await expect(readFirstPaint({ pathname: '/m/accommodation/3', search: '' })).resolves.toBeNull();
    document.cookie = 'yadoban_calendar_view=; path=/; max-age=0';
    // No early calls at all (a page opened without them): nothing is waited for.
    clearSession();
    signIn('token');
    await expect(readFirstPaint({ pathname: '/m/accommodation/3', search: '' })).resolves.toBeNull();
  });
});
