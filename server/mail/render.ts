import type { MailPlaceholder } from '../../contract/mailTemplate';
import type { MailBookingRow } from '../db/queries/mail';
import { fillPlaceholders } from '../../contract/placeholders';
import { cancelFee, confirmationNumber } from '../../contract/booking';
import { optionLineTotal } from '../../contract/option';
import { formatDate, formatYen } from '../../i18n/formats';

/**
 * The one renderer of mail placeholders (spec 3 "Mail placeholders"): templates, free mail, the
 * test mail and the demo seed's history all go through it (bulk mail's {{name}} through the same
 * filler, contract/placeholders.ts). Yen with thousands separators and 円 (18,000円), every date as
 * yyyy年M月d日, counts as plain numbers, a field the booking lacks (no plan, no site number, no
 * transfer deadline) as empty text. A placeholder it does not know is left as written (saving a
 * template refuses one: contract/mailTemplate.ts placeholderError).
 */

/** What a mail says of a booking: the fields of its row (server/db/queries/mail.ts says each) and the pre-check-in link. */
export interface MailBooking extends Omit<
  MailBookingRow,
  'id' | 'accommodation_id' | 'company_id' | 'mail' | 'delete_flg' | 'options'
> {
  options: readonly MailBookingOption[];
  /** The link to the pre-check-in page, made for this mail (services/precheckin.ts); empty when none can be. */
  checkin_url?: string;
}

export type MailBookingOption = MailBookingRow['options'][number];

/** 18000 -> 18,000円: the console's own formatter, so mail and screens write money alike. */
export const yen = (amount: number): string => formatYen(Math.round(amount));

/** 2026-04-01 -> 2026年4月1日 */
export const japaneseDate = (date: string): string => formatDate(date) || date;

/** One line per option (`name x unit : price円`, the line's total) and the total line; empty without options. */
export function optionLines(options: readonly MailBookingOption[]): string {
  if (options.length === 0) return '';
  const lines = options.map((o) => `${o.name} x ${o.unit} : ${yen(optionLineTotal(o))}`);
  const total = options.reduce((sum, o) => sum + optionLineTotal(o), 0);
  return [...lines, `オプション合計 : ${yen(total)}`].join('\n');
}

/** The value of every placeholder for a booking. */
export function placeholderValues(booking: MailBooking): Record<MailPlaceholder, string> {
  return {
    'book.name': booking.name,
    'book.start_date': japaneseDate(booking.start_date),
    'book.end_date': japaneseDate(booking.end_date),
    'book.days': String(booking.days),
    'book.person_number': String(booking.person_number),
    'book.room_name': booking.room_name,
    'book.plan_name': booking.plan_name ?? '',
    'book.confirmation_number': confirmationNumber(booking.uid),
    'book.external_id': booking.external_id ?? '',
    'book.price': yen(booking.price),
    'book.price_sub': yen(booking.price_sub),
    'book.payment_limit_date': booking.payment_limit_date ? japaneseDate(booking.payment_limit_date) : '',
    'book.options': optionLines(booking.options),
    // Spec 9: the cancellation fee presets, 50% and 10% of the total, rounded.
    'book.price_sub_50': yen(cancelFee(booking.price_sub, 50)),
    'book.price_sub_10': yen(cancelFee(booking.price_sub, 10)),
    'book.checkin_url': booking.checkin_url ?? '',
    'accommodation.name': booking.accommodation_name,
  };
}

/** The text with its placeholders filled; an unknown one stays as written. */
export function renderText(text: string, booking: MailBooking): string {
  return fillPlaceholders(text, placeholderValues(booking));
}

/** A one-line text (a subject): line breaks a value brought in become spaces. */
export function renderLine(text: string, booking: MailBooking): string {
  return renderText(text, booking).replace(/[\r\n]+/g, ' ');
}

/** What the test mail of a template is filled with (spec 5 "Test mail"), at the template's facility. */
export const sampleBooking = (accommodationName: string): MailBooking => ({
  name: '予約 太郎',
  start_date: '2026-04-01',
  end_date: '2026-04-03',
  days: 2,
  person_number: 2,
  room_name: '和室（見本）',
  plan_name: '1泊2食付きプラン（見本）',
  uid: 'a1b2c3d4e5f60718',
  external_id: 'IK0000000000',
  payment_limit_date: '2026-03-25',
  accommodation_name: accommodationName,
  price: 9000,
  price_sub: 18000,
  options: [
    { name: '夕食', price: 3000, unit: 2, days: 1 },
    { name: 'レンタサイクル', price: 500, unit: 1, days: 2 },
  ],
  checkin_url: 'https://yadoban.example.jp/checkin/（予約ごとのリンク）',
});
