import { planMessages, planPeriodError, type Plan, type PlanCreate, type PlanUpdate } from '../../contract/plan';
import { roomMessages, type Room, type RoomCreate, type RoomUpdate } from '../../contract/room';
import { monthDayJa, tokyoToday } from '../../contract/dates';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/catalogue';
import { badRequest, conflict, notFound } from '../errors';

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

/** Optional text of a form: an empty or blank string is no value. */
const orNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

function planValues(input: PlanUpdate): q.PlanValues {
  const values: q.PlanValues = {
    name: input.name,
    closeDateBefore: input.close_date_before,
    startAt: input.start_at,
    endAt: input.end_at,
    isActive: input.is_active,
    maxNum: input.max_num,
    description: input.description,
    ikyuId: orNull(input.ikyu_id),
    checkIn: orNull(input.check_in),
    checkOut: orNull(input.check_out),
    price: input.price,
    icon: orNull(input.icon),
    noticeMail: orNull(input.notice_mail),
  };
  // Fields not sent stay as they are.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as q.PlanValues;
}

/**
 * Room types and plans of an accommodation (spec section 7 "Accommodations, rooms, plans").
 * The route has checked that the user may reach the accommodation; everything here is looked up
 * within it, so a room or plan of another accommodation is not found. Each call is one transaction.
 */
export class CatalogueService {
  constructor(private readonly db: Db) {}

  async room(accommodationId: number, roomId: number, tx: Tx = this.db): Promise<Room> {
    const room = await q.findRoom(tx, accommodationId, roomId);
    if (!room) throw notFound();
    return room;
  }

  createRoom(accommodationId: number, input: RoomCreate): Promise<Room> {
    return this.db.transaction(async (tx) => {
      await q.lockAccommodation(tx, accommodationId);
      const id = await q.insertRoom(tx, accommodationId, input.name, input.max_num);
      await q.syncRoomNumber(tx, accommodationId);
      return this.room(accommodationId, id, tx);
    });
  }

  updateRoom(accommodationId: number, roomId: number, input: RoomUpdate): Promise<Room> {
    return this.db.transaction(async (tx) => {
      if (input.max_num !== undefined) await q.lockAccommodation(tx, accommodationId);
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      if (input.max_num !== undefined) {
        // The room row is locked, as every booking write locks it: no booking can slip in meanwhile.
        const busiest = await q.busiestNightFrom(tx, roomId, tokyoToday());
        if (busiest && busiest.booked > input.max_num) {
          const day = monthDayJa(busiest.night);
          throw conflict(
            `${day}に${busiest.booked}件の予約があるため、部屋数を${busiest.booked}より少なくできません。`,
          );
        }
      }
      await q.updateRoom(tx, roomId, { name: input.name, maxNum: input.max_num });
      if (input.max_num !== undefined) await q.syncRoomNumber(tx, accommodationId);
      return this.room(accommodationId, roomId, tx);
    });
  }

  /** 409 while bookings (cancelled ones too) point at the room type: they keep their history. */
  deleteRoom(accommodationId: number, roomId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      await q.lockAccommodation(tx, accommodationId);
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      if ((await q.countRoomBookings(tx, roomId)) > 0) throw conflict(roomMessages.hasBookings);
      await q.deleteRoom(tx, roomId);
      await q.syncRoomNumber(tx, accommodationId);
    });
  }

  attach(accommodationId: number, roomId: number, planId: number): Promise<Room> {
    return this.db.transaction(async (tx) => {
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      if (!(await q.findPlan(tx, accommodationId, planId))) throw notFound();
      await q.attachPlan(tx, roomId, planId);
      return this.room(accommodationId, roomId, tx);
    });
  }

  /** Idempotent: detaching a plan that is not attached answers 204 too. */
  detach(accommodationId: number, roomId: number, planId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      if (!(await q.findPlan(tx, accommodationId, planId))) throw notFound();
      await q.detachPlan(tx, roomId, planId);
    });
  }

  async plan(accommodationId: number, planId: number, tx: Tx = this.db): Promise<Plan> {
    const plan = await q.findPlan(tx, accommodationId, planId);
    if (!plan) throw notFound();
    return plan;
  }

  async planWithPrices(accommodationId: number, planId: number) {
    const plan = await this.plan(accommodationId, planId);
    return { ...plan, prices: await q.listPlanPrices(this.db, planId) };
  }

  createPlan(accommodationId: number, input: PlanCreate): Promise<Plan> {
    return this.db.transaction(async (tx) => {
      const methods = await this.checkPaymentMethods(tx, input.payment_method);
      const id = await q.insertPlan(tx, accommodationId, {
        ...planValues(input),
        name: input.name,
        maxNum: input.max_num,
      });
      if (methods) await q.setPlanPaymentMethods(tx, id, methods);
      return this.plan(accommodationId, id, tx);
    });
  }

  updatePlan(accommodationId: number, planId: number, input: PlanUpdate): Promise<Plan> {
    return this.db.transaction(async (tx) => {
      const stored = await q.findPlan(tx, accommodationId, planId, true);
      if (!stored) throw notFound();
      const period = planPeriodError(
        input.start_at === undefined ? stored.start_at : input.start_at,
        input.end_at === undefined ? stored.end_at : input.end_at,
      );
      if (period) throw fieldError('end_at', period);
      const methods = await this.checkPaymentMethods(tx, input.payment_method);
      const values = planValues(input);
      if (Object.keys(values).length > 0) await q.updatePlan(tx, planId, values);
      if (methods) await q.setPlanPaymentMethods(tx, planId, methods);
      return this.plan(accommodationId, planId, tx);
    });
  }

  /** Prices and room links go with the plan; its bookings keep their stay without a plan. */
  deletePlan(accommodationId: number, planId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (!(await q.findPlan(tx, accommodationId, planId, true))) throw notFound();
      await q.deletePlan(tx, planId);
    });
  }

  paymentMethods() {
    return q.listPaymentMethods(this.db);
  }

  /** The distinct ids, sorted; 400 when one names no payment method. */
  private async checkPaymentMethods(tx: Tx, ids: readonly number[] | undefined): Promise<number[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const known = await q.existingPaymentMethods(tx, unique);
    if (unique.some((id) => !known.has(id))) throw fieldError('payment_method', planMessages.paymentMethod);
    return unique;
  }
}
