import { describe, expect, it } from 'vitest';
import { BOOK_SEARCH_LIMIT, BOOK_SEARCH_MAX, bookSearchMessages } from '../../contract/booking';
import {
  cookieFromFilter,
  filterFromCookie,
  searchBoxError,
  searchBoxFilter,
  searchCapped,
  stayOrderError,
} from '../../resources/bookings/bookingSearchModel';

describe('the booking search and its cookie', () => {
  it('opens on today to 30 days ahead in every facility when nothing was searched', () => {
    expect(filterFromCookie({}, '2026-11-24')).toEqual({ stay_start_date: '2026-11-24', stay_end_date: '2026-12-24' });
  });

  it('opens on the last search, under the spec’s cookie names', () => {
    const cookie = {
      accommodation_id: 2,
      stay_from: '2026-12-01',
      stay_to: '2026-12-31',
      sync: '0',
      no_paid: 1,
      with_deleted: 1,
      mail: 'a@b.jp',
    };
    expect(filterFromCookie(cookie, '2026-11-24')).toEqual({
      accommodation_id: 2,
      stay_start_date: '2026-12-01',
      stay_end_date: '2026-12-31',
      sync: '0',
      not_paid_only: true,
      with_deleted: true,
      mail: 'a@b.jp',
    });
    expect(cookieFromFilter(filterFromCookie(cookie, '2026-11-24'))).toEqual(cookie);
  });

  it('opens on the defaults when the stored period ends before it starts', () => {
    expect(filterFromCookie({ stay_from: '2026-12-31', stay_to: '2026-12-01' }, '2026-11-24')).toEqual({
      stay_start_date: '2026-11-24',
      stay_end_date: '2026-12-24',
    });
  });

  it('ignores what is not a value of the search', () => {
    const cookie = { accommodation_id: 'x', stay_from: '12/01', sync: '2', no_paid: 0, mail: '  ' };
    expect(filterFromCookie(cookie, '2026-11-24')).toEqual({
      stay_start_date: '2026-11-24',
      stay_end_date: '2026-12-24',
    });
  });
});

describe('the search box and the period (issue 19)', () => {
  const base = { accommodation_id: 2, stay_start_date: '2026-12-01', stay_end_date: '2026-12-31', with_deleted: true };

  it('searches every date on Enter, keeping the other filters, and never writes the text to the cookie', () => {
    const searched = searchBoxFilter(base, '  山田 ', '2026-11-24');
    expect(searched).toEqual({ accommodation_id: 2, with_deleted: true, q: '山田' });
    expect(cookieFromFilter(searched)).toEqual({
      accommodation_id: 2,
      stay_from: '',
      stay_to: '',
      sync: '',
      no_paid: 0,
      with_deleted: 1,
      mail: '',
    });
  });

  it('goes back to the default period when the box is emptied and no date is left', () => {
    expect(searchBoxFilter({ q: '山田', with_deleted: true }, ' ', '2026-11-24')).toEqual({
      with_deleted: true,
      stay_start_date: '2026-11-24',
      stay_end_date: '2026-12-24',
    });
    // A period set after the search stays.
    expect(searchBoxFilter({ q: '山田', stay_start_date: '2027-01-01' }, '', '2026-11-24')).toEqual({
      stay_start_date: '2027-01-01',
    });
  });

  it('refuses a text longer than the API takes, before sending it', () => {
    expect(searchBoxError('あ'.repeat(BOOK_SEARCH_MAX))).toBeNull();
    expect(searchBoxError('あ'.repeat(BOOK_SEARCH_MAX + 1))).toBe(bookSearchMessages.tooLong);
  });

  it('says so when the period ends before it starts, and not when either date is empty', () => {
    expect(stayOrderError({ stay_start_date: '2026-12-10', stay_end_date: '2026-12-01' })).toBe(
      '宿泊日（まで）は宿泊日（から）以降の日付を指定してください',
    );
    expect(stayOrderError({ stay_start_date: '2026-12-10', stay_end_date: '2026-12-10' })).toBeUndefined();
    expect(stayOrderError({ stay_start_date: '2026-12-10' })).toBeUndefined();
  });

  it('tells a search that answered its most', () => {
    expect(searchCapped({ q: '佐藤' }, BOOK_SEARCH_LIMIT)).toBe(true);
    expect(searchCapped({ q: '佐藤' }, BOOK_SEARCH_LIMIT - 1)).toBe(false);
    expect(searchCapped({}, BOOK_SEARCH_LIMIT)).toBe(false);
  });
});
