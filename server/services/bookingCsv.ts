import { confirmationNumber, type Booking } from '../../contract/booking';
import { toCsv, type CsvCell } from '../../contract/csvWriter';
import { tokyoToday } from '../../contract/dates';
import { viaLabel } from '../../contract/enums';
import { appMessages } from '../../i18n/ja';

/**
 * The booking search as a file (GET /admin/books?format=csv, issue 22): one row per booking the
 * search finds, in its order (stay date, then id), through the product's one writer. The headings
 * are the booking panel's own labels (i18n/ja.ts resources.bookings.fields), the route its
 * label (contract/enums); dates yyyy-MM-dd (Tokyo), money bare yen.
 */

const label = appMessages.resources.bookings.fields;

/** The day of an ISO 8601 time the database wrote in Tokyo time (2026-04-01T09:00:00.000+09:00). */
const dayOf = (iso: string | null) => iso?.slice(0, 10) ?? null;

type Column = readonly [heading: string, cell: (b: Booking, facility: string) => CsvCell];

/** What a front desk reads off a booking, in the order it reads it. */
const columns: readonly Column[] = [
  [label.uid, (b) => confirmationNumber(b.uid)],
  [label.external_id, (b) => b.external_id ?? null],
  [label.accommodation, (_, facility) => facility],
  [label.name, (b) => b.name],
  [label.tel, (b) => b.tel],
  [label.mail, (b) => b.mail],
  [label.start_date, (b) => b.start_date],
  [label.end_date, (b) => b.end_date],
  [label.days, (b) => b.days],
  [label.room_id, (b) => b.room_name],
  [label.plan_id, (b) => b.plan_name],
  [label.person_number, (b) => b.person_number],
  [label.price_sub, (b) => b.price_sub],
  [label.price, (b) => b.price],
  [label.via, (b) => viaLabel(b.via)],
  [label.created_at, (b) => dayOf(b.created_at)],
  [label.delete_flg, (b) => (b.delete_flg === 1 ? appMessages.app.booking.cancelled : null)],
  [label.deleted_at, (b) => (b.delete_flg === 1 ? dayOf(b.deleted_at) : null)],
  [label.mini_memo, (b) => b.mini_memo],
];

export const BOOKING_CSV_HEADER = columns.map(([heading]) => heading);

/** The bookings as CSV (BOM, CRLF, formula cells neutralised); `facilityName` names a booking's facility. */
export function bookingCsvText(books: readonly Booking[], facilityName: (accommodationId: number) => string): string {
  return toCsv(
    BOOKING_CSV_HEADER,
    books.map((b) => columns.map(([, cell]) => cell(b, facilityName(b.accommodation_id)))),
  );
}

/** The file's names: ASCII for every client, the Japanese one for those that read filename* (RFC 6266). */
export function bookingCsvNames(today: string = tokyoToday()): { ascii: string; utf8: string } {
  const day = today.replaceAll('-', '');
  return { ascii: `bookings-${day}.csv`, utf8: `予約一覧_${day}.csv` };
}
