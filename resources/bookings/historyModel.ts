import type { BookingHistoryItem } from '../../contract/booking';
import { countryName } from '../../contract/countries';
import { jobLabel, payTypeLabel, viaLabel } from '../../contract/enums';
import { GENDER_LABELS } from '../../contract/registerLabels';
import { formatDate, formatDateTime, formatPeople, formatYen } from '../../i18n/formats';
import { appMessages, type AppMessageKey } from '../../i18n/ja';

/**
 * How a row of a booking's 履歴 reads: a heading per kind of change (予約の変更, オプションの追加,
 * 入金の取消, 返金の登録…) and each changed field with its own kind's label and its value's meaning
 * (yen, yyyy年M月d日, あり/なし, a code's Japanese name). Pure: the section passes translate and the
 * names of room types and plans; tests/component/BookingHistory.test.tsx reads every kind.
 */

type Translate = (key: AppMessageKey, options?: Record<string, unknown>) => string;

export interface HistoryNames {
  room: (id: number) => string | undefined;
  plan: (id: number) => string | undefined;
}

type Kind =
  | 'yen'
  | 'date'
  | 'flag'
  | 'nights'
  | 'people'
  | 'pay_type'
  | 'via'
  | 'job'
  | 'room'
  | 'plan'
  | 'payment'
  | 'country'
  | 'gender'
  | 'tokyo_time';

/** A payment in one phrase: 2026年11月3日 銀行振込 50,000円 (a refund's 対象の入金, the refund form's choices). */
export function paymentSummary(p: { payment_exe_date?: unknown; pay_type?: unknown; amount?: unknown }): string {
  return [
    typeof p.payment_exe_date === 'string' ? formatDate(p.payment_exe_date) : '',
    typeof p.pay_type === 'number' ? payTypeLabel(p.pay_type) : '',
    typeof p.amount === 'number' ? formatYen(p.amount) : '',
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The fields each kind of row writes (server/services/bookings.ts, bookingOptions.ts, payments.ts,
 * db/queries/catalogueTrail.ts), in the order they are read, with how their values read. A stored
 * row's keys come back in jsonb's order (shortest first), so the order is kept here.
 */
const FIELDS: Record<string, readonly (readonly [string, Kind | null])[]> = {
  booking: [
    ['delete_flg', 'flag'],
    ['cancel_fee', 'yen'],
    ['room_id', 'room'],
    ['plan_id', 'plan'],
    ['start_date', 'date'],
    ['days', 'nights'],
    ['person_number', 'people'],
    ['name', null],
    ['price_sub', 'yen'],
    ['price', 'yen'],
    ['payment_limit_date', 'date'],
    ['via', 'via'],
    ['job', 'job'],
  ],
  booking_option: [
    ['name', null],
    ['unit', null],
    ['price', 'yen'],
    ['days', null],
    ['comment', null],
    ['paid', 'flag'],
  ],
  payment: [
    ['amount', 'yen'],
    ['pay_type', 'pay_type'],
    ['payment_exe_date', 'date'],
    ['price', 'yen'],
  ],
  booking_guest: [
    ['name', null],
    ['representative', 'flag'],
    ['same_as_representative', 'flag'],
    ['address', null],
    ['contact', null],
    ['occupation', null],
    ['nationality', 'country'],
    ['residence_country', 'country'],
    ['passport_number', null],
    ['has_passport_copy', 'flag'],
    ['gender', 'gender'],
    ['age', null],
    ['previous_stay', null],
    ['next_destination', null],
    ['arrival_time', 'tokyo_time'],
    ['departure_time', 'tokyo_time'],
    ['room', null],
  ],
  checkin_link: [['expires_at', 'tokyo_time']],
  refund: [
    ['refund_amount', 'yen'],
    // The payment refunded from (issue 19); a refund recorded before refunds named one has none.
    ['payment', 'payment'],
    ['price', 'yen'],
  ],
};

/** Fields that are the booking's running paid amount in a payment's or a refund's row: read as a move. */
const RUNNING_TOTAL: Record<string, string> = { payment: 'price', refund: 'price' };

function messageAt(key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      appMessages,
    );
  return typeof found === 'string' ? found : undefined;
}

/** A key of ja.ts found at run time (a target or field named by the server), or undefined. */
function knownKey(key: string): AppMessageKey | undefined {
  return messageAt(key) === undefined ? undefined : (key as AppMessageKey);
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** The heading of a row: its own per target and action, else 「<target>の<action>」. */
export function historyHeading(h: Pick<BookingHistoryItem, 'target' | 'action'>, translate: Translate): string {
  const own = knownKey(`app.booking.audit.headings.${h.target.type}.${h.action}`);
  if (own) return translate(own);
  const target = knownKey(`app.booking.audit.targets.${h.target.type}`);
  const action = knownKey(`app.booking.audit.actions.${h.action}`);
  return `${target ? translate(target) : h.target.type}の${action ? translate(action) : h.action}`;
}

/** A field's label for the kind of row: its own, else the booking's field (a booking row), else its name. */
function fieldLabel(target: string, field: string, translate: Translate): string {
  const key =
    knownKey(`app.booking.audit.fields.${target}.${field}`) ??
    (target === 'booking' ? knownKey(`resources.bookings.fields.${field}`) : undefined);
  return key ? translate(key) : field;
}

function valueOf(kind: Kind | null, v: unknown, translate: Translate, names: HistoryNames): string {
  if (kind === 'flag') return translate(v === 1 || v === true ? 'app.booking.audit.yes' : 'app.booking.audit.no');
  if (isEmpty(v)) return '—';
  const n = typeof v === 'number' ? v : Number.NaN;
  switch (kind) {
    case 'yen':
      return formatYen(v as number | string);
    case 'date':
      return formatDate(v as string) || String(v);
    case 'nights':
      return translate('app.booking.nights', { count: v });
    case 'people':
      return formatPeople(v as number);
    case 'pay_type':
      return payTypeLabel(n);
    case 'via':
      return viaLabel(n);
    case 'job':
      return jobLabel(n);
    case 'room':
      return names.room(n) ?? String(v);
    case 'plan':
      return names.plan(n) ?? String(v);
    case 'tokyo_time':
      // yyyy-MM-ddTHH:mm, Tokyo time (contract/guestRegister.ts), or a whole instant (a link's expiry).
      return formatDateTime(String(v).length === 16 ? `${String(v)}:00+09:00` : String(v)) || String(v);
    case 'country':
      return countryName(String(v));
    case 'gender':
      return GENDER_LABELS[v as keyof typeof GENDER_LABELS] ?? String(v);
    case 'payment':
      return typeof v === 'object' && v !== null ? paymentSummary(v) || '—' : String(v as string | number);
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
  }
}

/** The changed fields of a row, read in its kind's order, each 「label: value」 or 「label: from → to」. */
export function historyLine(h: BookingHistoryItem, translate: Translate, names: HistoryNames): string {
  const target = h.target.type;
  const known = FIELDS[target] ?? [];
  const kindOf = new Map<string, Kind | null>(known);
  const order = [
    ...known.map(([f]) => f).filter((f) => f in h.changes),
    ...Object.keys(h.changes).filter((f) => !kindOf.has(f)),
  ].filter((f) => !(f === 'plan_name' && 'plan_id' in h.changes));

  /** One end of a change; a removed plan is read by the name its row kept (the plan may be gone). */
  const side = (field: string, end: 'from' | 'to') => {
    const v = h.changes[field]![end];
    if (field === 'plan_id' && target === 'booking') {
      if (isEmpty(v)) return translate('app.booking.audit.no_plan');
      const kept = h.changes.plan_name?.[end];
      if (typeof kept === 'string') return kept;
    }
    if (field === 'payment_exe_date' && target === 'payment' && isEmpty(v)) {
      return translate('app.booking.provisional');
    }
    return valueOf(kindOf.get(field) ?? null, v, translate, names);
  };
  const removal = h.action === 'delete' || h.action === 'void' || h.action === 'detach';
  return order
    .map((field) => {
      const { from } = h.changes[field]!;
      const move =
        h.action === 'update' || RUNNING_TOTAL[target] === field || (h.action === 'cancel' && !isEmpty(from));
      const label = fieldLabel(target, field, translate);
      if (move) return `${label}: ${side(field, 'from')} → ${side(field, 'to')}`;
      return `${label}: ${side(field, removal ? 'from' : 'to')}`;
    })
    .join('、');
}
