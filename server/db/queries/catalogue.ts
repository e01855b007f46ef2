import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BookingInUse } from '../../../contract/bookingsInUse';
import { sqlRows, type Tx } from '../client';
import { bookedNightsSql } from './occupancy';
import { accommodations, paymentMethods, planPaymentMethods, plans, roomPlans, rooms } from '../schema';

export interface RoomRow {
  id: number;
  name: string;
  max_num: number;
  plans: { id: number; name: string; start_at: string | null }[];
}

/** Room types of an accommodation (or one of them) with the plans attached to each (spec section 3 "Room"). */
/** The room types of an accommodation with their plans (one when roomId is given), by id. */
export function listRoomsSql(accommodationId: number, roomId?: number) {
  return sql`select r.id, r.name, r.max_num,
      coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'start_at', p.start_at::text) order by p.id)
        from room_plans rp join plans p on p.id = rp.plan_id where rp.room_id = r.id), '[]'::json) as plans
    from rooms r where r.accommodation_id = ${accommodationId}
      ${roomId === undefined ? sql`` : sql`and r.id = ${roomId}`}
    order by r.id`;
}

export function listRooms(tx: Tx, accommodationId: number, roomId?: number) {
  return sqlRows<RoomRow>(tx, listRoomsSql(accommodationId, roomId));
}

export async function findRoom(tx: Tx, accommodationId: number, roomId: number): Promise<RoomRow | undefined> {
  return (await listRooms(tx, accommodationId, roomId))[0];
}

/**
 * Locks the room type of that accommodation (bookings lock it too before they count its nights),
 * false when there is none.
 */
export async function lockRoom(tx: Tx, accommodationId: number, roomId: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from rooms where id = ${roomId} and accommodation_id = ${accommodationId} for update`,
  );
  return rows.length > 0;
}

/** The night from `from` on when the room type holds the most live bookings, or undefined if none. */
export async function busiestNightFrom(tx: Tx, roomId: number, from: string) {
  const rows = await sqlRows<{ night: string; booked: number }>(
    tx,
    sql`select night, booked from (${bookedNightsSql([roomId], from, null)}) n order by booked desc, night limit 1`,
  );
  return rows[0];
}

export async function insertRoom(tx: Tx, accommodationId: number, name: string, maxNum: number): Promise<number> {
  const [row] = await tx.insert(rooms).values({ accommodationId, name, maxNum }).returning({ id: rooms.id });
  return row!.id;
}

export async function updateRoom(tx: Tx, roomId: number, set: { name?: string; maxNum?: number }): Promise<void> {
  await tx
    .update(rooms)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(rooms.id, roomId));
}

export async function deleteRoom(tx: Tx, roomId: number): Promise<void> {
  await tx.delete(rooms).where(eq(rooms.id, roomId));
}

/** Bookings of any state (cancelled ones too) that still point at the room type. */
export async function countRoomBookings(tx: Tx, roomId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from bookings where room_id = ${roomId}`,
  );
  return row!.n;
}

/**
 * The live and future bookings of a plan or a room type (not cancelled, check-out on or after
 * `today`): how many, and the first `shown` by stay. The window count is taken before the limit.
 */
export async function liveBookings(
  tx: Tx,
  use: { planId: number } | { roomId: number },
  today: string,
  shown: number,
): Promise<{ count: number; first: BookingInUse[] }> {
  const of = 'planId' in use ? sql`plan_id = ${use.planId}` : sql`room_id = ${use.roomId}`;
  const rows = await sqlRows<BookingInUse & { n: number }>(
    tx,
    sql`select count(*) over ()::int as n, id, uid, start_date::text as start_date, end_date::text as end_date, name
      from bookings where ${of} and delete_flg = 0 and end_date >= ${today}::date
      order by start_date, id limit ${shown}`,
  );
  return { count: rows[0]?.n ?? 0, first: rows.map(({ n: _n, ...b }) => b) };
}

/**
 * Serialises the changes of an accommodation's room types: taken first, so that the sum that
 * syncRoomNumber computes afterwards (a new statement, a new snapshot) sees the other changes.
 */
export async function lockAccommodation(tx: Tx, accommodationId: number): Promise<void> {
  await sqlRows(tx, sql`select id from accommodations where id = ${accommodationId} for update`);
}

/** accommodations.room_number is the sum of its room types' max_num. */
export async function syncRoomNumber(tx: Tx, accommodationId: number): Promise<void> {
  await tx
    .update(accommodations)
    .set({
      roomNumber: sql`(select coalesce(sum(max_num), 0)::int from rooms where accommodation_id = ${accommodationId})`,
      updatedAt: new Date(),
    })
    .where(eq(accommodations.id, accommodationId));
}

export async function attachPlan(tx: Tx, roomId: number, planId: number): Promise<void> {
  await tx.insert(roomPlans).values({ roomId, planId }).onConflictDoNothing();
}

export async function detachPlan(tx: Tx, roomId: number, planId: number): Promise<void> {
  await tx.delete(roomPlans).where(and(eq(roomPlans.roomId, roomId), eq(roomPlans.planId, planId)));
}

/** Plans of an accommodation; with a range, those on sale on some day of it. */
export function listPlans(tx: Tx, accommodationId: number, from?: string, to?: string) {
  return sqlRows<{
    id: number;
    name: string;
    start_at: string | null;
    end_at: string | null;
    is_active: number;
    max_num: number;
    price: number;
    icon: string | null;
    check_in: string | null;
    check_out: string | null;
    ikyu_id: string | null;
  }>(
    tx,
    sql`select id, name, start_at::text as start_at, end_at::text as end_at, is_active, max_num, price, icon,
        check_in, check_out, ikyu_id
      from plans where accommodation_id = ${accommodationId}
        ${to ? sql`and (start_at is null or start_at <= ${to}::date)` : sql``}
        ${from ? sql`and (end_at is null or end_at >= ${from}::date)` : sql``}
      order by id`,
  );
}

export interface PlanRow {
  id: number;
  accommodation_id: number;
  name: string;
  close_date_before: number;
  start_at: string | null;
  end_at: string | null;
  is_active: number;
  max_num: number;
  description: string | null;
  ikyu_id: string | null;
  check_in: string | null;
  check_out: string | null;
  price: number;
  icon: string | null;
  notice_mail: string | null;
  payment_method: number[];
  meal_price: number;
}

/** The whole plan (spec section 3 "Plan") when it is of that accommodation; `lock` for an update. */
export async function findPlan(
  tx: Tx,
  accommodationId: number,
  planId: number,
  lock = false,
): Promise<PlanRow | undefined> {
  const [row] = await sqlRows<PlanRow>(
    tx,
    sql`select id, accommodation_id, name, close_date_before, start_at::text as start_at, end_at::text as end_at,
        is_active, max_num, description, ikyu_id, check_in, check_out, price, icon, notice_mail, meal_price,
        coalesce((select json_agg(ppm.payment_method_id order by ppm.payment_method_id)
          from plan_payment_methods ppm where ppm.plan_id = plans.id), '[]'::json) as payment_method
      from plans where id = ${planId} and accommodation_id = ${accommodationId}
      ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The plan's price grid, by date then headcount. */
export function listPlanPrices(tx: Tx, planId: number) {
  return sqlRows<{ id: number; target_date: string; unit: number; price: number }>(
    tx,
    sql`select id, target_date::text as target_date, unit, price from plan_prices
      where plan_id = ${planId} order by target_date, unit`,
  );
}

export interface PlanValues {
  name?: string;
  closeDateBefore?: number;
  startAt?: string | null;
  endAt?: string | null;
  isActive?: number;
  maxNum?: number;
  description?: string | null;
  ikyuId?: string | null;
  checkIn?: string | null;
  checkOut?: string | null;
  price?: number;
  icon?: string | null;
  noticeMail?: string | null;
  mealPrice?: number;
}

export async function insertPlan(
  tx: Tx,
  accommodationId: number,
  values: PlanValues & { name: string; maxNum: number },
): Promise<number> {
  const [row] = await tx
    .insert(plans)
    .values({ ...values, accommodationId })
    .returning({ id: plans.id });
  return row!.id;
}

export async function updatePlan(tx: Tx, planId: number, values: PlanValues): Promise<void> {
  await tx
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, planId));
}

export async function deletePlan(tx: Tx, planId: number): Promise<void> {
  await tx.delete(plans).where(eq(plans.id, planId));
}

export async function setPlanPaymentMethods(tx: Tx, planId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(planPaymentMethods).where(eq(planPaymentMethods.planId, planId));
  if (ids.length > 0) {
    await tx.insert(planPaymentMethods).values(ids.map((paymentMethodId) => ({ planId, paymentMethodId })));
  }
}

/** Those of the ids that name a payment method. */
export async function existingPaymentMethods(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export function listPaymentMethods(tx: Tx) {
  return tx
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.id));
}
