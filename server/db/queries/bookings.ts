import { sql, type SQL } from 'drizzle-orm';
import { BOOK_SEARCH_LIMIT, BOOK_SEARCH_PARTIAL_MIN, type BookingListQuery } from '../../../contract/booking';
import { sqlRows, type Tx } from '../client';
import { idList } from './ids';
import { bookingFrom, bookingJson } from './bookingJson';
import { bookedOn, crowdedNights } from './occupancy';
import { searchCondition, searchTerms } from './bookingSearch';

/** Rows a list answers at most: a window of a calendar holds far fewer; an unbounded list is a mistake. */
export const BOOKING_LIST_LIMIT = 10_000;

const tokyoMidnight = (date: string) => sql`(${date}::date)::timestamp at time zone 'Asia/Tokyo'`;

/** The filters of GET /admin/books (spec section 7), within the accommodations the user may reach. */
function listWhere(q: BookingListQuery, accommodationIds: readonly number[]): SQL {
  const parts: SQL[] = [sql`b.accommodation_id in (${idList(accommodationIds)})`];
  if (q.accommodation_id !== undefined) parts.push(sql`b.accommodation_id = ${q.accommodation_id}`);
  if (q.with_consecutive) {
    // Every stay that touches the window, also those that began before it.
    if (q.stay_end_date) parts.push(sql`b.start_date <= ${q.stay_end_date}::date`);
    if (q.stay_start_date) parts.push(sql`b.end_date > ${q.stay_start_date}::date`);
  } else {
    if (q.stay_start_date) parts.push(sql`b.start_date >= ${q.stay_start_date}::date`);
    if (q.stay_end_date) parts.push(sql`b.start_date <= ${q.stay_end_date}::date`);
  }
  if (q.sync !== undefined) parts.push(sql`b.sync = ${q.sync}`);
  if (q.overbooked !== undefined) parts.push(sql`b.overbooked = ${q.overbooked}`);
  if (q.not_paid_only) parts.push(sql`b.price < b.price_sub + b.tax_due`);
  if (!q.with_deleted) parts.push(sql`b.delete_flg = 0`);
  if (q.mail !== undefined) parts.push(sql`b.mail = ${q.mail.trim().toLowerCase()}`);
  const search = q.q ? searchCondition(q.q) : null;
  if (search) parts.push(search);
  if (q.created_at_from) parts.push(sql`b.created_at >= ${tokyoMidnight(q.created_at_from)}`);
  if (q.created_at_to) parts.push(sql`b.created_at < ${tokyoMidnight(q.created_at_to)} + interval '1 day'`);
  return sql.join(parts, sql` and `);
}

/** A search looks first among the bookings made last (this many ids), then among the others. */
export const BOOK_SEARCH_RECENT = 50_000;

/**
 * The ids a search (q) answers: its latest made BOOK_SEARCH_LIMIT bookings; from 3 characters on
 * (the trigram indexes), in two steps. First among the last BOOK_SEARCH_RECENT ids: PostgreSQL
 * intersects the search's index bitmap with the primary key's range (BitmapAnd) and reads only
 * the rows found there. Only when fewer than the limit are found there does it read the older
 * ones (UNION ALL under a LIMIT stops early), through the search's indexes alone (`b.id + 0 <=
 * edge`: intersecting them with the primary key's bitmap of the older 950,000 ids cost 100 ms).
 * `order by b.id + 0` keeps the planner from walking the primary key backwards with the search as
 * a filter: each row it passes computes the name's key (NFKC), so a name held by 1 booking in 200
 * (タナカ) cost 36,000 rows and 42 ms at 1,000,000, against 256 rows and 6 ms this way
 * (docs/benchmarks.md, scale).
 */
function searchIds(q: BookingListQuery, accommodationIds: readonly number[], reading: SearchWindow): SQL {
  const where = listWhere(q, accommodationIds);
  const { recent, limit } = reading;
  // 1 or 2 characters (a family name's start, 佐藤) are held by many bookings and have no trigram:
  // the primary key backwards finds the latest 200 within a few thousand rows.
  if ([...searchTerms(q.q ?? '').text].length < BOOK_SEARCH_PARTIAL_MIN) {
    return sql`select b.id from bookings b where ${where} order by b.id desc limit ${limit}`;
  }
  const edge = sql`(select coalesce(max(id), 0) - ${recent}::int from bookings)`;
  return sql`
    (select b.id from bookings b where ${where} and b.id > ${edge} order by b.id + 0 desc limit ${limit})
    union all
    (select b.id from bookings b where ${where} and b.id + 0 <= ${edge} order by b.id + 0 desc limit ${limit})
    limit ${limit}`;
}

/** How a search reads: the ids it looks among first, and how many bookings it answers (tests set both small). */
export interface SearchWindow {
  recent: number;
  limit: number;
}

/**
 * The statement of the list answer `{"books":[...]}` (the benchmark times it alone, too). A search
 * (q) answers its latest made BOOK_SEARCH_LIMIT bookings (searchIds).
 */
export function bookingListSql(
  q: BookingListQuery,
  accommodationIds: readonly number[],
  reading: SearchWindow = { recent: BOOK_SEARCH_RECENT, limit: BOOK_SEARCH_LIMIT },
): SQL {
  const rows = q.q?.trim()
    ? sql`where b.id in (${searchIds(q, accommodationIds, reading)})`
    : sql`where ${listWhere(q, accommodationIds)} order by b.start_date, b.id limit ${BOOKING_LIST_LIMIT}`;
  return sql`
    select json_build_object('books', coalesce(json_agg(x.j order by x.start_date, x.id), '[]'::json))::text as books
    from (select b.start_date, b.id, ${bookingJson} as j ${bookingFrom} ${rows}) x`;
}

/** The list answer as JSON text, made by the database in one statement. */
export async function listBookingsJson(tx: Tx, q: BookingListQuery, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return '{"books":[]}';
  const rows = await sqlRows<{ books: string }>(tx, bookingListSql(q, accommodationIds));
  return rows[0]!.books;
}

/** The dashboard's lists of money: to collect, to give back after a cancellation, to give back of a live booking. */
export type MoneyList = 'unpaid' | 'refund' | 'overpaid';

/**
 * The statement of a dashboard list as `{"books":[...]}` text (the benchmark times it alone, too):
 * official bookings (via 0) still unpaid 24 hours after they were made, oldest first; cancelled
 * bookings that hold more than their cancellation fee (the refunds to make), last cancelled first;
 * and live bookings paid more than their bill (issue 32, contract/payment.ts `overpaidOf`: the
 * excess is a refund to make), earliest stay first. Each states its partial index's condition.
 */
export function moneyListSql(list: MoneyList, accommodationIds: readonly number[]): SQL {
  const scope = sql`b.accommodation_id in (${idList(accommodationIds)})`;
  const lists: Record<MoneyList, [SQL, (t: string) => SQL]> = {
    unpaid: [
      sql`${scope} and b.via = 0 and b.delete_flg = 0 and b.price < b.price_sub + b.tax_due
          and b.created_at < now() - interval '24 hours'`,
      (t) => sql.raw(`${t}.created_at, ${t}.id`),
    ],
    refund: [
      sql`${scope} and b.delete_flg = 1 and b.price > coalesce(b.cancel_fee, 0)`,
      (t) => sql.raw(`${t}.deleted_at desc, ${t}.id`),
    ],
    overpaid: [
      sql`${scope} and b.delete_flg = 0 and b.price > b.price_sub + b.tax_due`,
      (t) => sql.raw(`${t}.start_date, ${t}.id`),
    ],
  };
  const [where, order] = lists[list];
  return sql`
    select json_build_object('books', coalesce(json_agg(x.j order by ${order('x')}), '[]'::json))::text as books
    from (select b.created_at, b.deleted_at, b.start_date, b.id, ${bookingJson} as j ${bookingFrom}
          where ${where} order by ${order('b')} limit ${BOOKING_LIST_LIMIT}) x`;
}

/** A dashboard list (moneyListSql) within the accommodations the user may reach. */
export async function moneyListJson(tx: Tx, list: MoneyList, accommodationIds: readonly number[]): Promise<string> {
  if (accommodationIds.length === 0) return '{"books":[]}';
  const rows = await sqlRows<{ books: string }>(tx, moneyListSql(list, accommodationIds));
  return rows[0]!.books;
}

/** One booking as JSON text, or undefined when it does not exist or the user may not reach it. */
export async function findBookingJson(tx: Tx, id: number, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<{ j: string }>(
    tx,
    sql`
    select ${bookingJson}::text as j ${bookingFrom}
    where b.id = ${id} and b.accommodation_id in (${idList(accommodationIds)})`,
  );
  return rows[0]?.j;
}

export type StayRow = {
  id: number;
  accommodation_id: number;
  room_id: number;
  plan_id: number | null;
  start_date: string;
  days: number;
  person_number: number;
  price_sub: number;
  delete_flg: number;
  name: string;
  mail: string | null;
  tel: string | null;
  address: string | null;
  job: number;
  mini_memo: string | null;
  memo: string | null;
  payment_limit_date: string | null;
  cancel_fee: number | null;
  children_under_12: number;
  school_trip: boolean;
};

/** The stay of a booking, locked for the rest of the transaction; scoped like findBookingJson. */
export async function lockBookingStay(tx: Tx, id: number, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<StayRow>(
    tx,
    sql`
    select id, accommodation_id, room_id, plan_id, start_date::text as start_date, days, person_number,
           price_sub, delete_flg, name, mail, tel, address, job, mini_memo, memo,
           payment_limit_date::text as payment_limit_date, cancel_fee, children_under_12, school_trip
    from bookings where id = ${id} and accommodation_id in (${idList(accommodationIds)}) for update`,
  );
  return rows[0];
}

export type RoomRow = {
  id: number;
  accommodation_id: number;
  name: string;
  max_num: number;
};

/**
 * Locks room types (in id order, so two requests never wait on each other crosswise). Every write
 * that changes which nights a room type holds takes this lock first: the capacity check that
 * follows cannot race with another booking of the same room type.
 */
export async function lockRooms(tx: Tx, roomIds: readonly number[]): Promise<RoomRow[]> {
  const ids = [...new Set(roomIds)].sort((a, b) => a - b);
  const rows = await sqlRows<RoomRow>(
    tx,
    sql`
    select id, accommodation_id, name, max_num from rooms where id in (${idList(ids)}) order by id for update`,
  );
  return rows;
}

/** Nights of [start, start + days) on which the room type already holds max_num live bookings or more. */
export function fullNights(
  tx: Tx,
  room: Pick<RoomRow, 'id'>,
  startDate: string,
  days: number,
  exceptBookingId: number | null,
): Promise<string[]> {
  return crowdedNights(tx, room.id, startDate, days, 'full', exceptBookingId);
}

/**
 * The plan a booking write takes, locked FOR KEY SHARE: a plan delete locks its plan FOR UPDATE
 * before it counts the bookings that use it, so the write and the delete run one after the other
 * (the delete then sees the booking, or the write finds the plan gone). Bookings' writes share it.
 */
export async function findPlan(tx: Tx, planId: number) {
  const rows = await sqlRows<{ id: number; accommodation_id: number; max_num: number }>(
    tx,
    sql`select id, accommodation_id, max_num from plans where id = ${planId} for key share`,
  );
  return rows[0];
}

/**
 * Before a change of a booking's stay locks the booking: its plan and the plan it moves to, FOR KEY
 * SHARE in id order (see findPlan). The plan first, then the booking, as a plan delete takes them:
 * a past booking moved into the future while its plan is deleted is either counted by the delete
 * (which then refuses) or finds its plan gone, never left live without it. Answers the ids locked.
 */
export async function lockBookingPlans(tx: Tx, bookingId: number, planIds: readonly (number | null)[]) {
  const others = planIds.filter((p): p is number => p !== null);
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from plans
      where id in (select plan_id from bookings where id = ${bookingId}${others.length ? sql` union all select unnest(array[${idList(others)}]::int[])` : sql``})
      order by id for key share`,
  );
  return rows.map((r) => r.id);
}

/** The plan's price of each night for a headcount; nights without a price are missing from the map. */
export async function nightPrices(tx: Tx, planId: number, startDate: string, days: number, unit: number) {
  const rows = await sqlRows<{ target_date: string; price: number }>(
    tx,
    sql`
    select target_date::text as target_date, price from plan_prices
    where plan_id = ${planId} and unit = ${unit}
      and target_date >= ${startDate}::date and target_date < ${startDate}::date + ${days}::int`,
  );
  return new Map(rows.map((r) => [r.target_date, Number(r.price)]));
}

export interface NewBookingRow {
  accommodationId: number;
  roomId: number;
  planId: number | null;
  name: string;
  mail: string | null;
  address: string | null;
  tel: string | null;
  miniMemo: string | null;
  startDate: string;
  days: number;
  personNumber: number;
  price: number;
  priceSub: number;
  uid: string;
  via: number;
  childrenUnder12?: number;
  schoolTrip?: boolean;
}

export async function insertBooking(tx: Tx, row: NewBookingRow): Promise<number> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`
    insert into bookings (accommodation_id, room_id, plan_id, name, mail, address, tel, mini_memo,
      start_date, end_date, days, person_number, price, price_sub, uid, via, sync, children_under_12, school_trip)
    values (${row.accommodationId}, ${row.roomId}, ${row.planId}, ${row.name}, ${row.mail}, ${row.address},
      ${row.tel}, ${row.miniMemo}, ${row.startDate}::date, ${row.startDate}::date + ${row.days}::int, ${row.days},
      ${row.personNumber}, ${row.price}, ${row.priceSub}, ${row.uid}, ${row.via}, 0, ${row.childrenUnder12 ?? 0},
      ${row.schoolTrip ?? false})
    returning id`,
  );
  return rows[0]!.id;
}

/** The payment of money received when the booking was made, dated that day. */
export async function insertBookingPayment(
  tx: Tx,
  bookId: number,
  payment: { amount: number; payType: number; date: string },
  userId: number,
): Promise<number> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`
    insert into payments (book_id, amount, pay_type, payment_exe_date, created_by)
    values (${bookId}, ${payment.amount}, ${payment.payType}, ${payment.date}, ${userId})
    returning id`,
  );
  return rows[0]!.id;
}

/**
 * Writes columns (names from the service's own list, never from the request) and the stay as it now
 * is: end_date from the new start_date and days (the right side of SET reads the old row).
 */
export async function updateBooking(
  tx: Tx,
  id: number,
  set: Record<string, unknown>,
  stay: { startDate: string; days: number },
) {
  const assignments = Object.entries(set).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  assignments.push(sql`end_date = ${stay.startDate}::date + ${stay.days}::int`);
  assignments.push(sql`updated_at = now()`);
  await tx.execute(sql`update bookings set ${sql.join(assignments, sql`, `)} where id = ${id}`);
}

export async function cancelBooking(tx: Tx, id: number, cancelFee: number | null) {
  await tx.execute(sql`
    update bookings set delete_flg = 1, deleted_at = now(), cancel_fee = ${cancelFee}, updated_at = now()
    where id = ${id}`);
}

/**
 * The statement of roomsOnNight (the benchmark times it alone, too). Each room type's count reads
 * only its stays that end after the night (bookings_room_live_idx), never its past.
 */
export function roomsOnNightSql(accommodationIds: readonly number[], date: string): SQL {
  return sql`
    select r.accommodation_id, r.id as room_id, r.name as room_name, r.max_num as capacity,
      ${bookedOn(sql`r.id`, sql`${date}::date`)} as booked
    from rooms r where r.accommodation_id in (${idList(accommodationIds)})
    order by r.accommodation_id, r.id`;
}

export interface RoomOnNight {
  accommodation_id: number;
  room_id: number;
  room_name: string;
  capacity: number;
  booked: number;
}

/** Per room type of an accommodation: rooms and live bookings on the night of `date`. */
export async function roomsOnNight(tx: Tx, accommodationIds: readonly number[], date: string) {
  if (accommodationIds.length === 0) return [];
  return sqlRows<RoomOnNight>(tx, roomsOnNightSql(accommodationIds, date));
}
