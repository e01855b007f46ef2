/**
 * The state of a calendar day (spec section 2 "Booking calendar"): over when a room type holds more
 * bookings than its rooms (or the accommodation more than its room count), full when the
 * accommodation's rooms are all taken, has-book when any is. One rule for the console's grid and
 * the server's day status.
 */
export type DayState = 'over' | 'full' | 'has-book' | 'empty';

export interface StayLike {
  room_id: number;
  start_date: string;
  end_date: string;
  delete_flg: number;
}

/** Does the stay occupy the night of `date` (check-in day up to, not including, check-out day)? */
export function staysOn(stay: Pick<StayLike, 'start_date' | 'end_date'>, date: string): boolean {
  return stay.start_date <= date && date < stay.end_date;
}

/** Live bookings per room type on the night of `date`. */
export function bookedByRoom(stays: readonly StayLike[], date: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of stays) {
    if (s.delete_flg === 1 || !staysOn(s, date)) continue;
    counts.set(s.room_id, (counts.get(s.room_id) ?? 0) + 1);
  }
  return counts;
}

/** A room type over its capacity (spec section 5 "Room over-booking"). */
export function isOverbooked(booked: number, maxNum: number): boolean {
  return booked > maxNum;
}

export function dayState(
  stays: readonly StayLike[],
  rooms: readonly { id: number; max_num: number }[],
  roomNumber: number,
  date: string,
): DayState {
  const counts = bookedByRoom(stays, date);
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return 'empty';
  const over = rooms.some((r) => isOverbooked(counts.get(r.id) ?? 0, r.max_num));
  if (over || (roomNumber > 0 && total > roomNumber)) return 'over';
  if (roomNumber > 0 && total === roomNumber) return 'full';
  return 'has-book';
}
