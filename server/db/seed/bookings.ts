import { priceForDay } from '../../../contract/priceRule';
import { renderLine, renderText, type MailBooking } from '../../mail/render';
import { isHoliday } from '../../services/holidays';
import type { bookingOptions, bookings, mailMessages, payments } from '../schema';
import { ADDRESSES, FAMILY_NAMES, GIVEN_NAMES, MAIL_DOMAINS, MINI_MEMOS, type PriceRule } from './fixtures';
import {
  addDays,
  addMonths,
  clockUntil,
  type Clock,
  daysBetween,
  endOfTokyoDay,
  maxDate,
  minDate,
  type Rng,
  weekday,
} from './util';

/**
 * Generates the demo bookings from the inserted catalogue: about 300 stays over the last 3 and
 * next 3 months, never more than a room type's max_num on a night, except one deliberate
 * overbooked night (an external-channel booking) in the coming month at the first accommodation.
 * Pure: the same catalogue, today and seed give the same rows.
 */

export interface CatalogPlan {
  id: number;
  name: string;
  maxNum: number;
  isActive: number;
  rule: PriceRule;
}

export interface CatalogOption {
  id: number;
  name: string;
  price: number;
  unitMax: number | null;
  isStayType: number;
  supplierId: number | null;
  supplierName: string | null;
}

export interface CatalogRoom {
  id: number;
  name: string;
  maxNum: number;
  plans: CatalogPlan[];
  options: CatalogOption[];
}

export interface CatalogAccommodation {
  id: number;
  name: string;
  companyId: number;
  rooms: CatalogRoom[];
  /** Rendered templates per send type (placeholders still in place). */
  templates: Map<number, { title: string; body: string; fromAddress: string; fromName: string }>;
}

type BookingRow = typeof bookings.$inferInsert;
type PaymentRow = Omit<typeof payments.$inferInsert, 'bookId'>;
type OptionRow = Omit<typeof bookingOptions.$inferInsert, 'bookId'>;
type MailRow = Omit<typeof mailMessages.$inferInsert, 'bookId'>;

export interface GeneratedBooking {
  row: BookingRow & { uid: string };
  payments: PaymentRow[];
  options: OptionRow[];
  mails: MailRow[];
}

export interface GeneratedBookings {
  bookings: GeneratedBooking[];
  overbooked: { uid: string; roomId: number; date: string };
}

/** Price of one night: base + per-person step + the larger of weekday and holiday surcharges (spec 5). */
export function nightPrice(rule: PriceRule, date: string, unit: number): number {
  const unitStep = Array.from({ length: unit }, (_, u) => u * rule.perPerson);
  return priceForDay(
    { base_price: rule.base, unit_step: unitStep, week_step: rule.week, holiday_step: rule.holiday },
    date,
    unit,
    isHoliday,
  );
}

interface Guest {
  name: string;
  mail: string | null;
  address: string;
  tel: string;
}

interface Stay {
  accommodation: CatalogAccommodation;
  room: CatalogRoom;
  start: string;
  days: number;
  cancelled: boolean;
  /** Cancelled with its payments kept (no refund yet). */
  cancelledPaid: boolean;
  via?: number;
}

const TARGET_STAYS = 296;
/** Stays that begin today at the first accommodation (the front desk's arrivals). */
const ARRIVALS_TODAY = 2;

export function generateBookings(
  accommodations: CatalogAccommodation[],
  today: string,
  rng: Rng,
  /** No instant after this one; defaults to the end of `today`. */
  cap: Date = endOfTokyoDay(today),
): GeneratedBookings {
  const clock = clockUntil(cap);
  const windowStart = addMonths(today, -3);
  const windowDays = daysBetween(windowStart, addMonths(today, 3));
  const occupancy = new Map<string, number>();
  const key = (roomId: number, date: string) => `${roomId}|${date}`;
  const fits = (room: CatalogRoom, start: string, days: number) => {
    for (let i = 0; i < days; i++)
      if ((occupancy.get(key(room.id, addDays(start, i))) ?? 0) >= room.maxNum) return false;
    return true;
  };
  const occupy = (room: CatalogRoom, start: string, days: number) => {
    for (let i = 0; i < days; i++) {
      const k = key(room.id, addDays(start, i));
      occupancy.set(k, (occupancy.get(k) ?? 0) + 1);
    }
  };

  const accommodationWeights = accommodations.map((a) => [a, a.rooms.reduce((sum, r) => sum + r.maxNum, 0)] as const);
  const stays: Stay[] = [];
  for (let attempt = 0; stays.length < TARGET_STAYS && attempt < 50_000; attempt++) {
    const accommodation = rng.weighted(accommodationWeights);
    const room = rng.weighted(accommodation.rooms.map((r) => [r, r.maxNum] as const));
    const start = addDays(windowStart, rng.int(0, windowDays - 1));
    const busy = weekday(start) >= 5 || isHoliday(start) || isHoliday(addDays(start, 1));
    if (!busy && rng.chance(0.45)) continue;
    const days = rng.weighted([
      [1, 60],
      [2, 25],
      [3, 10],
      [4, 3],
      [5, 2],
    ] as const);
    const cancelledPaid = stays.length % 50 === 17;
    const cancelled = cancelledPaid || rng.chance(0.11);
    if (!cancelled) {
      if (!fits(room, start, days)) continue;
      occupy(room, start, days);
    }
    stays.push({ accommodation, room, start, days, cancelled, cancelledPaid });
  }

  // The deliberate overbooking: fill the smallest room type of the first accommodation on a
  // night of the coming month, then let the external channel sell one more.
  const first = accommodations[0]!;
  const room = first.rooms.reduce((a, b) => (b.maxNum < a.maxNum ? b : a));
  let overDate = addDays(today, 14);
  for (let d = 10; d <= 24; d++) {
    const date = addDays(today, d);
    if (weekday(date) === 6 && fits(room, date, 1)) {
      overDate = date;
      break;
    }
  }
  while (fits(room, overDate, 1)) {
    occupy(room, overDate, 1);
    stays.push({
      accommodation: first,
      room,
      start: overDate,
      days: 1,
      cancelled: false,
      cancelledPaid: false,
      via: 0,
    });
  }
  const overIndex = stays.length;
  stays.push({ accommodation: first, room, start: overDate, days: 1, cancelled: false, cancelledPaid: false, via: 1 });

  // Arrivals today at the first accommodation, whatever the draws gave: the front desk's day (the
  // dashboard's check-ins, the register's badges, check-in) shows on any day. Drawn after every
  // other stay, so the rest of the demo stays as it was.
  const arrivingToday = () =>
    stays.filter((s) => s.accommodation === first && s.start === today && !s.cancelled).length;
  for (const candidate of first.rooms) {
    if (arrivingToday() >= ARRIVALS_TODAY) break;
    const days = fits(candidate, today, 2) ? 2 : fits(candidate, today, 1) ? 1 : 0;
    if (days === 0) continue;
    occupy(candidate, today, days);
    stays.push({
      accommodation: first,
      room: candidate,
      start: today,
      days,
      cancelled: false,
      cancelledPaid: false,
      via: 0,
    });
  }

  const guests = new GuestMaker(rng);
  const regulars = Array.from({ length: 30 }, () => guests.make());
  const uids = new Set<string>();
  const out: GeneratedBooking[] = [];
  let overUid = '';
  stays.forEach((stay, i) => {
    const regular = rng.chance(0.22);
    const guest = regular ? rng.pick(regulars) : guests.make();
    let uid = rng.hex(16);
    while (uids.has(uid)) uid = rng.hex(16);
    uids.add(uid);
    const made = detail(stay, guest, regular, uid, today, rng, clock);
    // The channel's booking on a night already full: kept and flagged, as the sync keeps one (issue 21).
    if (i === overIndex) {
      overUid = uid;
      made.row.overbooked = 1;
    }
    out.push(made);
  });
  out.sort((a, b) => (a.row.createdAt as Date).getTime() - (b.row.createdAt as Date).getTime());
  return { bookings: out, overbooked: { uid: overUid, roomId: room.id, date: overDate } };
}

class GuestMaker {
  private readonly mails = new Set<string>();
  constructor(private readonly rng: Rng) {}
  make(): Guest {
    const rng = this.rng;
    const [family, familyRomaji] = rng.pick(FAMILY_NAMES);
    const [given, givenRomaji] = rng.pick(GIVEN_NAMES);
    const domain = rng.pick(MAIL_DOMAINS);
    let local = `${givenRomaji}.${familyRomaji}`;
    for (let n = 2; this.mails.has(`${local}@${domain}`); n++) local = `${givenRomaji}.${familyRomaji}${n}`;
    const mail = rng.chance(0.08) ? null : `${local}@${domain}`;
    if (mail) this.mails.add(mail);
    const [postal, town] = rng.pick(ADDRESSES);
    return {
      name: `${family} ${given}`,
      mail,
      address: `〒${postal} ${town}${rng.int(1, 5)}-${rng.int(1, 28)}-${rng.int(1, 20)}`,
      tel: `${rng.pick(['090', '080', '070'])}-${rng.digits(4)}-${rng.digits(4)}`,
    };
  }
}

function detail(
  stay: Stay,
  guest: Guest,
  regular: boolean,
  uid: string,
  today: string,
  rng: Rng,
  clock: Clock,
): GeneratedBooking {
  const { accommodation, room, start, days } = stay;
  const endDate = addDays(start, days);
  const via =
    stay.via ??
    rng.weighted([
      [0, 45],
      [1, 25],
      [101, 20],
      [100, 10],
    ] as const);
  const active = room.plans.filter((p) => p.isActive === 1);
  const plan =
    room.plans.length === 0 || (via === 100 && rng.chance(0.3))
      ? null
      : rng.chance(0.1) || active.length === 0
        ? rng.pick(room.plans)
        : rng.pick(active);
  const personNumber = rng.int(1, Math.min(plan?.maxNum ?? 3, 4));
  let roomTotal = 0;
  for (let i = 0; i < days; i++) {
    roomTotal += plan ? nightPrice(plan.rule, addDays(start, i), personNumber) : 8000 + 5000 * (personNumber - 1);
  }

  // When it was booked: 1 to 60 days ahead, never after today (a few today).
  const future = start >= today;
  let createdDate = addDays(
    start,
    -rng.weighted([
      [rng.int(1, 7), 30],
      [rng.int(8, 30), 45],
      [rng.int(31, 60), 25],
    ] as const),
  );
  if (future && rng.chance(0.03)) createdDate = today;
  if (createdDate > today) createdDate = addDays(today, -rng.int(0, 20));
  const createdAt =
    createdDate === today
      ? clock.at(today, rng.int(0, 6), rng.int(0, 59))
      : clock.at(createdDate, rng.int(8, 22), rng.int(0, 59));

  const options: OptionRow[] = [];
  if (via !== 1 && room.options.length > 0 && rng.chance(0.22)) {
    const picked = new Set<CatalogOption>();
    const count = rng.int(1, Math.min(2, room.options.length));
    while (picked.size < count) picked.add(rng.pick(room.options));
    for (const option of picked) {
      options.push({
        optionId: option.id,
        unit: rng.int(1, Math.max(1, Math.min(option.unitMax ?? 2, personNumber))),
        days: option.isStayType ? days : 1,
        comment: rng.chance(0.2) ? '到着時にお渡し' : null,
        name: option.name,
        price: option.price,
        supplierId: option.supplierId,
        supplierName: option.supplierName,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  const priceSub = roomTotal + options.reduce((sum, o) => sum + o.price * o.unit * (o.days ?? 1), 0);

  const payType =
    via === 1
      ? 3
      : rng.weighted(
          via === 0
            ? ([
                [1, 55],
                [2, 45],
              ] as const)
            : ([
                [1, 45],
                [2, 35],
                [4, 20],
              ] as const),
        );
  let state: 'paid' | 'partial' | 'unpaid';
  if (stay.cancelledPaid || via === 1) state = 'paid';
  else if (stay.cancelled) state = 'unpaid';
  else if (!future)
    state = rng.weighted([
      ['paid', 88],
      ['partial', 4],
      ['unpaid', 8],
    ] as const);
  else if (payType === 4) state = 'unpaid';
  else
    state = rng.weighted([
      ['paid', 45],
      ['partial', 10],
      ['unpaid', 45],
    ] as const);

  const paymentRows: PaymentRow[] = [];
  const lastPayable = minDate(today, maxDate(createdDate, addDays(start, -1)));
  const pay = (amount: number, date: string, provisional: boolean) => {
    const at = clock.at(date, rng.int(10, 18), rng.int(0, 59));
    paymentRows.push({
      paymentExeDate: provisional ? null : date,
      amount,
      payType,
      mail: 1,
      transactionId: payType === 2 ? `ch_${rng.hex(24)}` : null,
      createdAt: at < createdAt ? createdAt : at,
      updatedAt: at < createdAt ? createdAt : at,
    });
  };
  if (state !== 'unpaid') {
    const firstDate = payType === 2 ? createdDate : minDate(addDays(createdDate, rng.int(0, 5)), lastPayable);
    // A cancelled booking's money was received (dated): it is what the refund list holds.
    const provisional = ((payType === 3 && future) || (payType === 2 && future && rng.chance(0.15))) && !stay.cancelled;
    const deposit = Math.max(1000, Math.round((priceSub * 0.3) / 100) * 100);
    if (state === 'partial' && deposit < priceSub) {
      pay(deposit, firstDate, provisional);
    } else if (payType !== 3 && priceSub >= 20000 && deposit < priceSub && rng.chance(0.25)) {
      pay(deposit, firstDate, provisional);
      pay(
        priceSub - deposit,
        maxDate(firstDate, minDate(addDays(firstDate, rng.int(3, 20)), lastPayable)),
        provisional,
      );
    } else {
      pay(priceSub, payType === 3 && !future ? minDate(start, today) : firstDate, provisional);
    }
  }
  const paid = paymentRows.reduce((sum, p) => sum + p.amount, 0);
  // The paid amount: a provisional settlement (仮決済) is not money received (recomputePaid, issue 19).
  const received = paymentRows.reduce((sum, p) => sum + (p.paymentExeDate === null ? 0 : p.amount), 0);
  const lastPaidAt = paymentRows.reduce(
    (max, p) => ((p.createdAt as Date) > max ? (p.createdAt as Date) : max),
    createdAt,
  );
  if (state === 'paid' && paid === priceSub) for (const o of options) o.paidAt = lastPaidAt;

  let deletedAt: Date | null = null;
  if (stay.cancelled) {
    const from = lastPaidAt.toISOString() > createdAt.toISOString() ? lastPaidAt : createdAt;
    const fromDate = maxDate(createdDate, paymentRows.at(-1)?.paymentExeDate ?? createdDate);
    const until = minDate(today, maxDate(fromDate, addDays(start, -1)));
    const date = addDays(fromDate, rng.int(0, Math.max(0, daysBetween(fromDate, until))));
    const at = clock.at(date, rng.int(9, 20), rng.int(0, 59));
    deletedAt = at > from ? at : clock.clamp(new Date(from.getTime() + 3_600_000));
  }
  const updatedAt = deletedAt && deletedAt > lastPaidAt ? deletedAt : lastPaidAt;

  const mails: MailRow[] = [];
  const mail = guest.mail;
  const paymentLimitDate = payType === 1 ? addDays(createdDate, 7) : null;
  const vars: MailVars = {
    name: guest.name,
    start,
    end: endDate,
    days,
    personNumber,
    roomName: room.name,
    planName: plan?.name ?? null,
    paymentLimitDate,
    price: paid,
    priceSub,
    options,
  };
  if (mail && via !== 1) {
    mails.push(renderMail(accommodation, uid, 1, mail, vars, clock.clamp(new Date(createdAt.getTime() + 120_000))));
    if (deletedAt)
      mails.push(renderMail(accommodation, uid, 2, mail, vars, clock.clamp(new Date(deletedAt.getTime() + 60_000))));
  }

  return {
    row: {
      accommodationId: accommodation.id,
      roomId: room.id,
      planId: plan?.id ?? null,
      name: guest.name,
      mail: guest.mail,
      address: via === 1 && !regular && rng.chance(0.4) ? null : guest.address,
      tel: guest.tel,
      job: rng.weighted([
        [0, 40],
        [1, 6],
        [2, 30],
        [3, 6],
        [4, 4],
        [5, 4],
        [6, 4],
        [7, 2],
        [8, 4],
      ] as const),
      miniMemo: rng.chance(0.2) ? rng.pick(MINI_MEMOS) : null,
      memo: rng.chance(0.08) ? '前回ご宿泊時に忘れ物あり（傘）。お渡し済み。' : null,
      startDate: start,
      endDate,
      days,
      personNumber,
      price: received,
      priceSub,
      paymentLimitDate,
      uid,
      via,
      externalId: via === 1 ? `IK${rng.digits(10)}` : null,
      sync: via === 1 || stay.cancelled || !future ? 1 : rng.chance(0.15) ? 0 : 1,
      deleteFlg: stay.cancelled ? 1 : 0,
      deletedAt,
      status: 0,
      createdAt,
      updatedAt,
    },
    payments: paymentRows,
    options,
    mails,
  };
}

/** What a demo booking's mail history is filled with. */
interface MailVars {
  name: string;
  start: string;
  end: string;
  days: number;
  personNumber: number;
  roomName: string;
  planName: string | null;
  paymentLimitDate: string | null;
  price: number;
  priceSub: number;
  options: OptionRow[];
}

function renderMail(
  accommodation: CatalogAccommodation,
  uid: string,
  sendType: number,
  to: string,
  vars: MailVars,
  at: Date,
): MailRow {
  const template = accommodation.templates.get(sendType)!;
  // The one renderer of placeholders (server/mail/render.ts), as the product's own mail.
  const booking: MailBooking = {
    name: vars.name,
    start_date: vars.start,
    end_date: vars.end,
    days: vars.days,
    person_number: vars.personNumber,
    room_name: vars.roomName,
    plan_name: vars.planName,
    uid,
    // The history holds mail of bookings not from the site (via 1 gets none), which have no site number.
    external_id: null,
    payment_limit_date: vars.paymentLimitDate,
    accommodation_name: accommodation.name,
    price: vars.price,
    price_sub: vars.priceSub,
    options: vars.options.map((o) => ({ name: o.name, price: o.price, unit: o.unit, days: o.days ?? 1 })),
  };
  return {
    companyId: accommodation.companyId,
    accommodationId: accommodation.id,
    sendType,
    messageId: `<demo-${uid}-${sendType}@yadoban.invalid>`,
    toAddress: to,
    fromAddress: template.fromAddress,
    fromName: template.fromName,
    title: renderLine(template.title, booking),
    body: renderText(template.body, booking),
    status: 'sent',
    attempts: 1,
    sentAt: at,
    createdAt: at,
  };
}
