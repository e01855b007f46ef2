import { confirmationNumber } from './booking';
import { dateJa } from './dates';

/**
 * The live and future bookings that keep a plan or a room type from being deleted (not cancelled,
 * check-out today or later in Tokyo): the 409 names how many and the first few, so that staff can
 * find them (confirmation number, stay, guest) without leaving the dialog.
 */
export interface BookingInUse {
  id: number;
  uid: string;
  start_date: string;
  end_date: string;
  name: string;
}

/** How many of them the refusal lists; the rest are counted. */
export const BOOKINGS_IN_USE_SHOWN = 3;

/** One line per booking shown, then ほか N件 for the rest. */
export function bookingsInUseLines(count: number, first: readonly BookingInUse[]): string {
  const lines = first.map(
    (b) =>
      `・確認番号 ${confirmationNumber(b.uid)}\u3000${dateJa(b.start_date)}〜${dateJa(b.end_date)}\u3000${b.name}様`,
  );
  if (count > first.length) lines.push(`ほか${count - first.length}件`);
  return lines.join('\n');
}
