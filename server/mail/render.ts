import type { MailPlaceholder } from '../../contract/mailTemplate';
import { fillPlaceholders } from '../../contract/placeholders';
import { cancelFee } from '../../contract/booking';
import { optionLineTotal } from '../../contract/option';
import { formatDate, formatYen } from '../../i18n/formats';

/**
 * The one renderer of mail placeholders (spec 3 "Mail placeholders"): templates, free mail, the
 * test mail and the demo seed's history all go through it. Yen with thousands separators and 円
 * (18,000円), the stay date as yyyy年M月d日. A placeholder it does not know is left as written
 * (saving a template refuses one: contract/mailTemplate.ts placeholderError).
 */

/** What a mail says of a booking. */
export interface MailBooking {
  name: string;
  /** yyyy-MM-dd */
  start_date: string;
  /** Paid so far, yen. */
  price: number;
  /** Total, yen. */
  price_sub: number;
  options: readonly MailBookingOption[];
  /** The link to the pre-check-in page, made for this mail (services/precheckin.ts); empty when none can be. */
  checkin_url?: string;
}

export interface MailBookingOption {
  name: string;
  /** Unit price, yen. */
  price: number;
  unit: number;
  days: number;
}

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
    'book.price': yen(booking.price),
    'book.price_sub': yen(booking.price_sub),
    'book.options': optionLines(booking.options),
    // Spec 9: the cancellation fee presets, 50% and 10% of the total, rounded.
    'book.price_sub_50': yen(cancelFee(booking.price_sub, 50)),
    'book.price_sub_10': yen(cancelFee(booking.price_sub, 10)),
    'book.checkin_url': booking.checkin_url ?? '',
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

/** What the test mail of a template is filled with (spec 5 "Test mail"). */
export const SAMPLE_BOOKING: MailBooking = {
  name: '予約 太郎',
  start_date: '2026-04-01',
  price: 9000,
  price_sub: 18000,
  options: [
    { name: '夕食', price: 3000, unit: 2, days: 1 },
    { name: 'レンタサイクル', price: 500, unit: 1, days: 2 },
  ],
  checkin_url: 'https://yadoban.example.jp/checkin/（予約ごとのリンク）',
};
