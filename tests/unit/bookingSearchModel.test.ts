import { describe, expect, it } from 'vitest';
import { cookieFromFilter, filterFromCookie } from '../../resources/bookings/bookingSearchModel';

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

  it('ignores what is not a value of the search', () => {
    const cookie = { accommodation_id: 'x', stay_from: '12/01', sync: '2', no_paid: 0, mail: '  ' };
    expect(filterFromCookie(cookie, '2026-11-24')).toEqual({
      stay_start_date: '2026-11-24',
      stay_end_date: '2026-12-24',
    });
  });
});
