import { checkMinpakuDays } from './minpaku';
import { randomBytes } from 'node:crypto';
import {
  bookingCreateMessages as msg,
  cancelFeeError,
  bookingCreateErrors,
  normaliseBookingCreate,
  type Booking,
  type BookingCreateInput,
  type BookingListQuery,
  type BookingUpdate,
} from '../../contract/booking';
import { addDays, monthDayJa, tokyoToday } from '../../contract/dates';
import { PAY_TYPE, SEND_TYPE } from '../../contract/enums';
import type { Db, Tx } from '../db/client';
import { listAccommodations } from '../db/queries/accommodations';
import { optionsTotal } from '../db/queries/bookingOptions';
import * as q from '../db/queries/bookings';
import { badRequest, conflict, fieldError, notFound, type AppError } from '../errors';
import { audit, bookingHistory, bookingUpdate, type AuditUser } from './audit';
import type { CurrentUser } from './auth';
import { bookingCsvText } from './bookingCsv';
import { queueTemplateMail } from './bookMail';
import { refreshTaxDue } from './tax/taxDue';

function fullError(room: q.RoomRow, nights: string[]): AppError {
  const when = nights.slice(0, 3).map(monthDayJa).join('、') + (nights.length > 3 ? ' ほか' : '');
  return conflict(`${room.name}は${when}が満室のため予約できません。日程か部屋タイプを変更してください。`);
}

/** A 16-character hex uid; its first 3 characters are the confirmation number staff read out. */
export function newUid(): string {
  return randomBytes(8).toString('hex');
}

/** Total of the stay from the plan's price of each night for the headcount; 400 if a night has none. */
async function stayTotal(tx: Tx, planId: number, startDate: string, days: number, personNumber: number) {
  const prices = await q.nightPrices(tx, planId, startDate, days, personNumber);
  let total = 0;
  for (let i = 0; i < days; i++) {
    const night = addDays(startDate, i);
    const price = prices.get(night);
    if (price === undefined) throw fieldError('plan_id', `${msg.priceMissingForNight}（${monthDayJa(night)}）`);
    total += price;
  }
  return total;
}

/** The plan must be the accommodation's, and the party must fit it. */
async function checkPlan(tx: Tx, planId: number, accommodationId: number, personNumber: number) {
  const plan = await q.findPlan(tx, planId);
  if (!plan || plan.accommodation_id !== accommodationId) throw fieldError('plan_id', msg.planOfOtherAccommodation);
  if (personNumber > plan.max_num) throw fieldError('person_number', msg.personOverPlan);
}

/**
 * Locks the room type and refuses a stay that would put more bookings on a night than its rooms, or
 * take a minpaku house past its 180 days.
 */
async function reserveRoom(
  tx: Tx,
  roomId: number,
  accommodationId: number,
  stay: { startDate: string; days: number },
  self: number | null,
) {
  const [room] = await q.lockRooms(tx, [roomId]);
  if (!room || room.accommodation_id !== accommodationId) throw fieldError('room_id', msg.roomOfOtherAccommodation);
  const full = await q.fullNights(tx, room, stay.startDate, stay.days, self);
  if (full.length > 0) throw fullError(room, full);
  await checkMinpakuDays(tx, accommodationId, stay, self);
}

/**
 * The cancel itself, of a live booking the caller has locked (q.lockBookingStay or the automatic
 * cancel's lock): delete_flg 1 with the cancel date and the fee, its audit row by the author, and
 * with `mail` that template mail to the guest, once (its dedupe key), in the same transaction. The
 * API's cancel and the automatic cancel (server/services/autoCancel.ts) both go through here; what may be
 * refunded follows from the fee as for any cancel. Answers what became of the mail.
 */
export async function cancelLockedBooking(
  tx: Tx,
  author: AuditUser,
  current: q.StayRow,
  options: { fee: number | null; mail?: { sendType: number; dedupeKey: string } },
): Promise<Awaited<ReturnType<typeof queueTemplateMail>> | undefined> {
  await q.cancelBooking(tx, current.id, options.fee);
  await refreshTaxDue(tx, [current.id]);
  await audit(tx, author, {
    action: 'cancel',
    target: 'booking',
    targetId: current.id,
    booking: current,
    before: { delete_flg: 0, cancel_fee: current.cancel_fee },
    after: { delete_flg: 1, cancel_fee: options.fee },
  });
  if (!options.mail) return undefined;
  return queueTemplateMail(tx, { bookId: current.id, ...options.mail, createdBy: author.id });
}

export class BookingService {
  constructor(private readonly db: Db) {}

  list(user: CurrentUser, query: BookingListQuery): Promise<string> {
    if (query.accommodation_id !== undefined && !user.accommodationIds.includes(query.accommodation_id)) {
      throw notFound();
    }
    return q.listBookingsJson(this.db, query, user.accommodationIds);
  }

  /**
   * The same bookings as CSV (GET /admin/books?format=csv): the list's filters, reach and cap
   * (BOOKING_LIST_LIMIT, a search q its BOOK_SEARCH_LIMIT), each with its facility's name.
   */
  async csv(user: CurrentUser, query: BookingListQuery): Promise<string> {
    const { books } = JSON.parse(await this.list(user, query)) as { books: Booking[] };
    const facilities = await listAccommodations(this.db, user.accommodationIds);
    const names = new Map(facilities.map((a) => [a.id, a.name]));
    return bookingCsvText(books, (id) => names.get(id) ?? '');
  }

  /**
   * The dashboard's unpaid official bookings, refunds to make of cancelled bookings, or live bookings
   * paid beyond their bill, of one reachable accommodation or all.
   */
  moneyList(user: CurrentUser, list: q.MoneyList, accommodationId?: number): Promise<string> {
    if (accommodationId !== undefined && !user.accommodationIds.includes(accommodationId)) throw notFound();
    return q.moneyListJson(this.db, list, accommodationId !== undefined ? [accommodationId] : user.accommodationIds);
  }

  async get(user: CurrentUser, id: number, tx: Tx = this.db): Promise<string> {
    const json = await q.findBookingJson(tx, id, user.accommodationIds);
    if (!json) throw notFound();
    return json;
  }

  /** The booking's history, newest first; 404 like the booking for a facility the user may not reach. */
  async history(user: CurrentUser, id: number) {
    await this.get(user, id);
    return bookingHistory(this.db, user.companyId, id);
  }

  /** Spec section 5 "Booking create", then what the database needs: room, plan, prices, capacity. */
  async create(user: CurrentUser, input: BookingCreateInput): Promise<string> {
    // Every field's first broken rule at once (the form marks them all); the message is the first.
    const broken = bookingCreateErrors(input);
    if (broken[0]) throw badRequest(broken[0].message, Object.fromEntries(broken.map((e) => [e.field, e.message])));
    const b = normaliseBookingCreate(input);
    if (!Number.isInteger(b.accommodation_id)) throw fieldError('accommodation_id', msg.accommodation);
    if (!user.accommodationIds.includes(b.accommodation_id)) throw notFound();
    return this.db.transaction(async (tx) => {
      await reserveRoom(tx, b.room_id, b.accommodation_id, { startDate: b.start_date, days: b.days }, null);
      // Without a plan the total is what staff gave (required by bookingCreateErrors; 0 only when typed).
      let priceSub = b.price_sub ?? 0;
      if (b.plan_id !== null) {
        await checkPlan(tx, b.plan_id, b.accommodation_id, b.person_number);
        priceSub = await stayTotal(tx, b.plan_id, b.start_date, b.days, b.person_number);
      }
      const id = await q.insertBooking(tx, {
        accommodationId: b.accommodation_id,
        roomId: b.room_id,
        planId: b.plan_id,
        name: b.name,
        mail: b.mail,
        address: b.address,
        tel: b.tel,
        miniMemo: b.mini_memo,
        startDate: b.start_date,
        days: b.days,
        personNumber: b.person_number,
        // Money received when booking is a payment of that day (below).
        price: b.price,
        priceSub,
        uid: newUid(),
        via: b.via,
        childrenUnder12: b.children_under_12 ?? 0,
        schoolTrip: b.school_trip ?? false,
      });
      // The create body's price is money received (入金額): a payment dated today (Tokyo), so the paid
      // amount (dated payments less refunds) equals it.
      const paidToday = { amount: b.price, payType: PAY_TYPE.bankTransfer, date: tokyoToday() };
      const payment = b.price > 0 ? await q.insertBookingPayment(tx, id, paidToday, user.id) : null;
      await audit(tx, user, {
        action: 'create',
        target: 'booking',
        targetId: id,
        booking: { id, accommodation_id: b.accommodation_id },
        after: {
          room_id: b.room_id,
          plan_id: b.plan_id,
          start_date: b.start_date,
          days: b.days,
          person_number: b.person_number,
          name: b.name,
          price_sub: priceSub,
          ...(b.children_under_12 ? { children_under_12: b.children_under_12 } : {}),
          ...(b.school_trip ? { school_trip: true } : {}),
        },
      });
      if (payment !== null) {
        // The money received when booking, in the history as the payment it is.
        await audit(tx, user, {
          action: 'create',
          target: 'payment',
          targetId: payment,
          booking: { id, accommodation_id: b.accommodation_id },
          after: { amount: b.price, pay_type: PAY_TYPE.bankTransfer, payment_exe_date: paidToday.date },
        });
      }
      // The booking-completed mail (send type 1) to a guest with a mail, once, with the booking;
      // none when staff unticked メールを送信する (a booking taken by phone, issue 32).
      if (b.mail && b.send_mail !== false) {
        await queueTemplateMail(tx, {
          bookId: id,
          sendType: SEND_TYPE.bookingCompleted,
          dedupeKey: `book:${id}:${SEND_TYPE.bookingCompleted}`,
          createdBy: user.id,
        });
      }
      await refreshTaxDue(tx, [id]);
      return this.get(user, id, tx);
    });
  }

  /** A partial update; a change of room, dates or headcount rechecks capacity and the plan's total. */
  async update(user: CurrentUser, id: number, patch: BookingUpdate): Promise<string> {
    return this.db.transaction(async (tx) => {
      // A change of the stay locks the plans before the booking, as a plan delete does (issue 19).
      const stayPatch = (['room_id', 'plan_id', 'start_date', 'days', 'person_number'] as const).some(
        (k) => patch[k] !== undefined,
      );
      const planLocks = stayPatch ? await q.lockBookingPlans(tx, id, [patch.plan_id ?? null]) : [];
      const current = await q.lockBookingStay(tx, id, user.accommodationIds);
      if (!current) throw notFound();
      // Its plan changed between the two (another change of it): that one is locked now too.
      if (stayPatch && current.plan_id !== null && !planLocks.includes(current.plan_id)) {
        await q.lockBookingPlans(tx, id, []);
      }
      // A cancelled booking is read-only but for the staff's own memo (why it was cancelled).
      if (current.delete_flg === 1 && Object.keys(patch).some((k) => k !== 'memo')) throw conflict(msg.cancelled);
      // Leaving the plan leaves no prices to add up: the total comes with it, never a stale one.
      if (patch.plan_id === null && current.plan_id !== null && patch.price_sub === undefined) {
        throw fieldError('price_sub', msg.priceSubRequired);
      }
      const stay = {
        roomId: patch.room_id ?? current.room_id,
        planId: patch.plan_id !== undefined ? patch.plan_id : current.plan_id,
        startDate: patch.start_date ?? current.start_date,
        days: patch.days ?? current.days,
        personNumber: patch.person_number ?? current.person_number,
      };
      const stayChanged =
        stay.roomId !== current.room_id ||
        stay.planId !== current.plan_id ||
        stay.startDate !== current.start_date ||
        stay.days !== current.days ||
        stay.personNumber !== current.person_number;
      const set: Record<string, unknown> = {};
      for (const column of [
        'name',
        'mail',
        'address',
        'tel',
        'job',
        'mini_memo',
        'memo',
        'payment_limit_date',
        'children_under_12',
        'school_trip',
      ] as const) {
        if (patch[column] !== undefined) set[column] = patch[column];
      }
      // The children are among the guests: fewer guests than children is a change to refuse, not to store.
      if ((patch.children_under_12 ?? current.children_under_12) > stay.personNumber) {
        throw fieldError('children_under_12', msg.children);
      }
      if (stay.roomId !== current.room_id || stay.startDate !== current.start_date || stay.days !== current.days) {
        await reserveRoom(tx, stay.roomId, current.accommodation_id, stay, id);
      }
      if (stay.planId !== null && stayChanged) {
        await checkPlan(tx, stay.planId, current.accommodation_id, stay.personNumber);
      }
      let priceSub = patch.price_sub;
      if (priceSub === undefined && stayChanged && stay.planId !== null) {
        // The total is the stay and the options attached (an explicit price_sub stays as given).
        priceSub =
          (await stayTotal(tx, stay.planId, stay.startDate, stay.days, stay.personNumber)) +
          (await optionsTotal(tx, id));
      }
      Object.assign(set, {
        room_id: stay.roomId,
        plan_id: stay.planId,
        start_date: stay.startDate,
        days: stay.days,
        person_number: stay.personNumber,
        ...(priceSub !== undefined ? { price_sub: priceSub } : {}),
      });
      await q.updateBooking(tx, id, set, stay);
      await refreshTaxDue(tx, [id]);
      const before = Object.fromEntries(Object.keys(set).map((k) => [k, current[k as keyof q.StayRow] ?? null]));
      await audit(tx, user, bookingUpdate(current, { before, after: set }));
      return this.get(user, id, tx);
    });
  }

  /** Cancel: delete_flg 1 with the cancel date and, if chosen, the cancellation fee. */
  async cancel(user: CurrentUser, id: number, options: { cancelFee?: number; mail?: boolean }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await q.lockBookingStay(tx, id, user.accommodationIds);
      if (!current) throw notFound();
      if (current.delete_flg === 1) throw conflict(msg.alreadyCancelled);
      const fee = options.cancelFee ?? null;
      const refused = fee === null ? null : cancelFeeError(fee, current.price_sub);
      if (refused) throw fieldError('cancel_fee', refused);
      // With the mail flag the cancel mail (send type 2), once, with the cancel.
      const mail = options.mail
        ? { sendType: SEND_TYPE.cancel, dedupeKey: `book:${id}:${SEND_TYPE.cancel}` }
        : undefined;
      await cancelLockedBooking(tx, user, current, { fee, mail });
    });
  }

  /** The night's state per room type (GET /admin/books/date/{date}). */
  async dayStatus(user: CurrentUser, date: string, accommodationId?: number) {
    if (accommodationId !== undefined && !user.accommodationIds.includes(accommodationId)) throw notFound();
    const rooms = await q.roomsOnNight(this.db, accommodationId ? [accommodationId] : user.accommodationIds, date);
    return { date, rooms: rooms.map((r) => ({ ...r, over: r.booked > r.capacity })) };
  }
}
