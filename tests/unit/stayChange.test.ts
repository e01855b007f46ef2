import { describe, expect, it } from 'vitest';
import { stayChange } from '../../resources/bookings/calendar/useMoveStay';

// react-big-calendar hands over local days; the check-out day is the (exclusive) end.
const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const stay = { start_date: '2027-03-08', days: 2 };

describe('a stay dropped or stretched on the month view', () => {
  it('moves to the day it was dropped on, keeping its nights', () => {
    expect(stayChange(stay, day('2027-03-10'), day('2027-03-12'))).toEqual({ start_date: '2027-03-10', days: 2 });
  });

  it('changes its nights when its end is dragged', () => {
    expect(stayChange(stay, day('2027-03-08'), day('2027-03-13'))).toEqual({ start_date: '2027-03-08', days: 5 });
  });

  it('asks nothing when dropped where it was or shrunk to no night', () => {
    expect(stayChange(stay, day('2027-03-08'), day('2027-03-10'))).toBeNull();
    expect(stayChange(stay, day('2027-03-08'), day('2027-03-08'))).toBeNull();
  });
});
