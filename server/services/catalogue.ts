import {
  planMessages,
  planPeriodError,
  type Plan,
  type PlanCreate,
  type PlanListItem,
  type PlanUpdate,
  type planListQuerySchema,
} from '../../contract/plan';
import type { z } from '../../contract/zod';
import { roomMessages, type Room, type RoomCreate, type RoomUpdate } from '../../contract/room';
import { BOOKINGS_IN_USE_SHOWN, bookingsInUseLines } from '../../contract/bookingsInUse';
import { monthDayJa, tokyoToday } from '../../contract/dates';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/catalogue';
import * as trail from '../db/queries/catalogueTrail';
import { listFaqs } from '../db/queries/faqs';
import { listOptions } from '../db/queries/options';
import { conflict, fieldError, notFound } from '../errors';
import { audit, auditAuthor, auditMany, updateEntry, withoutId, type AuditEntry } from './audit';
import { refreshFacilitiesTaxDue } from './tax/taxDue';
import type { CurrentUser } from './auth';
import { accommodationOf, type CrudService } from './crud';

/**
 * 409 while live or future bookings use the plan or room type: never rewrite them silently. The
 * message counts them and lists the first few (confirmation number, stay, guest).
 */
async function refuseWhileInUse(
  tx: Tx,
  use: { planId: number } | { roomId: number },
  message: (count: number, bookings: string) => string,
) {
  const { count, first } = await q.liveBookings(tx, use, tokyoToday(), BOOKINGS_IN_USE_SHOWN);
  if (count > 0) throw conflict(message(count, bookingsInUseLines(count, first)));
}

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
    mealPrice: input.meal_price,
  };
  // Fields not sent stay as they are.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as q.PlanValues;
}

/** A room type as its audit rows keep it: the plans it offers change through attach and detach. */
const roomFields = (room: Room) => ({ name: room.name, max_num: room.max_num });
const roomTrail = (accommodationId: number, room: Room) => ({
  target: 'room',
  targetId: room.id,
  accommodationId,
});
const planTrail = (plan: Plan) => ({ target: 'plan', targetId: plan.id, accommodationId: plan.accommodation_id });
const planLink = (plan: Plan) => ({ plan_id: plan.id, plan_name: plan.name });

/**
 * Room types and plans of an accommodation (spec section 7 "Accommodations, rooms, plans").
 * The route has checked that the user may reach the accommodation; everything here is looked up
 * within it, so a room or plan of another accommodation is not found. Each call is one transaction,
 * its audit row included (who changed which field from what).
 */
export class CatalogueService {
  constructor(private readonly db: Db) {}

  listRooms(accommodationId: number) {
    return q.listRooms(this.db, accommodationId);
  }

  /** The plans of an accommodation; with a range, those on sale in it. */
  listPlans(accommodationId: number, from?: string, to?: string) {
    return q.listPlans(this.db, accommodationId, from, to);
  }

  async room(accommodationId: number, roomId: number, tx: Tx = this.db): Promise<Room> {
    const room = await q.findRoom(tx, accommodationId, roomId);
    if (!room) throw notFound();
    return room;
  }

  createRoom(user: CurrentUser, accommodationId: number, input: RoomCreate): Promise<Room> {
    return this.db.transaction(async (tx) => {
      await q.lockAccommodation(tx, accommodationId);
      const id = await q.insertRoom(tx, accommodationId, input.name, input.max_num);
      await q.syncRoomNumber(tx, accommodationId);
      const room = await this.room(accommodationId, id, tx);
      await audit(tx, user, { action: 'create', ...roomTrail(accommodationId, room), after: roomFields(room) });
      return room;
    });
  }

  updateRoom(user: CurrentUser, accommodationId: number, roomId: number, input: RoomUpdate): Promise<Room> {
    return this.db.transaction(async (tx) => {
      if (input.max_num !== undefined) await q.lockAccommodation(tx, accommodationId);
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      const before = await this.room(accommodationId, roomId, tx);
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
      const room = await this.room(accommodationId, roomId, tx);
      await audit(tx, user, {
        action: 'update',
        ...roomTrail(accommodationId, room),
        before: roomFields(before),
        after: roomFields(room),
      });
      return room;
    });
  }

  /**
   * 409 while bookings (cancelled ones too) point at the room type: they keep their history; live
   * and future ones are counted and listed, past and cancelled ones named as a whole. Its own
   * options and FAQ items, and its plan links, go with it, each with the row its own delete leaves.
   */
  deleteRoom(user: CurrentUser, accommodationId: number, roomId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      await q.lockAccommodation(tx, accommodationId);
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      await refuseWhileInUse(tx, { roomId }, roomMessages.inUse);
      if ((await q.countRoomBookings(tx, roomId)) > 0) throw conflict(roomMessages.hasBookings);
      const before = await this.room(accommodationId, roomId, tx);
      await trail.lockRoomDependants(tx, roomId);
      await auditMany(tx, user, await this.roomDependants(tx, accommodationId, roomId));
      await trail.detachAll(tx, auditAuthor(user), { roomId });
      // The options and FAQ items audited above go by the foreign keys' cascade.
      await q.deleteRoom(tx, roomId);
      await q.syncRoomNumber(tx, accommodationId);
      await audit(tx, user, { action: 'delete', ...roomTrail(accommodationId, before), before: roomFields(before) });
    });
  }

  /** Idempotent, and then leaves no audit row. */
  attach(user: CurrentUser, accommodationId: number, roomId: number, planId: number): Promise<Room> {
    return this.db.transaction(async (tx) => {
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      const plan = await q.findPlan(tx, accommodationId, planId);
      if (!plan) throw notFound();
      const attached = (await this.room(accommodationId, roomId, tx)).plans.some((p) => p.id === planId);
      await q.attachPlan(tx, roomId, planId);
      const room = await this.room(accommodationId, roomId, tx);
      if (!attached) {
        await audit(tx, user, { action: 'attach', ...roomTrail(accommodationId, room), after: planLink(plan) });
      }
      return room;
    });
  }

  /** Idempotent: detaching a plan that is not attached answers 204 too (and leaves no audit row). */
  detach(user: CurrentUser, accommodationId: number, roomId: number, planId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (!(await q.lockRoom(tx, accommodationId, roomId))) throw notFound();
      const plan = await q.findPlan(tx, accommodationId, planId);
      if (!plan) throw notFound();
      const before = await this.room(accommodationId, roomId, tx);
      if (!before.plans.some((p) => p.id === planId)) return;
      await q.detachPlan(tx, roomId, planId);
      await audit(tx, user, { action: 'detach', ...roomTrail(accommodationId, before), before: planLink(plan) });
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

  createPlan(user: CurrentUser, accommodationId: number, input: PlanCreate): Promise<Plan> {
    return this.db.transaction(async (tx) => {
      const methods = await this.checkPaymentMethods(tx, input.payment_method);
      const id = await q.insertPlan(tx, accommodationId, {
        ...planValues(input),
        name: input.name,
        maxNum: input.max_num,
      });
      if (methods) await q.setPlanPaymentMethods(tx, id, methods);
      const plan = await this.plan(accommodationId, id, tx);
      await audit(tx, user, { action: 'create', ...planTrail(plan), after: withoutId(plan) });
      return plan;
    });
  }

  updatePlan(user: CurrentUser, accommodationId: number, planId: number, input: PlanUpdate): Promise<Plan> {
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
      const plan = await this.plan(accommodationId, planId, tx);
      // Its meals are left out of the 宿泊税 base: the bills of its stays to come change.
      if (plan.meal_price !== stored.meal_price) await refreshFacilitiesTaxDue(tx, [accommodationId]);
      await audit(tx, user, updateEntry(planTrail(plan), stored, plan));
      return plan;
    });
  }

  /**
   * 409 while live or future bookings use the plan (stop selling it instead: is_active 0). Past and
   * cancelled bookings alone do not keep it: prices and room links go with the plan and those
   * bookings keep their stay without a plan. Each of them is removed here with its audit rows
   * (set-based: a plan may have thousands): a row in every booking's history naming the plan, one
   * `prices` row with the cells, a `detach` row per room type.
   */
  deletePlan(user: CurrentUser, accommodationId: number, planId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      // The lock keeps bookings and rooms from taking the plan meanwhile (their foreign key waits on it).
      const stored = await q.findPlan(tx, accommodationId, planId, true);
      if (!stored) throw notFound();
      await refuseWhileInUse(tx, { planId }, planMessages.inUse);
      const who = auditAuthor(user);
      await trail.clearPlanFromBookings(tx, who, planId);
      await trail.deletePlanPrices(tx, who, stored);
      await trail.detachAll(tx, who, { planId });
      await q.deletePlan(tx, planId);
      await audit(tx, user, { action: 'delete', ...planTrail(stored), before: withoutId(stored) });
    });
  }

  /** The delete rows of a room type's own options and FAQ items, as OptionService and FaqService write them. */
  private async roomDependants(tx: Tx, accommodationId: number, roomId: number): Promise<AuditEntry[]> {
    const own = <T extends { room_id: number | null }>(rows: T[]) => rows.filter((r) => r.room_id === roomId);
    const options = own(await listOptions(tx, accommodationId, { roomId }));
    const faqs = own(await listFaqs(tx, accommodationId, { roomId }));
    return [
      ...options.map((o): AuditEntry => ({
        action: 'delete',
        target: 'option',
        targetId: o.id,
        accommodationId,
        before: withoutId(o),
      })),
      ...faqs.map((f): AuditEntry => ({
        action: 'delete',
        target: 'faq',
        targetId: f.id,
        accommodationId,
        before: withoutId(f),
      })),
    ];
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

/** Room types on the generated routes (server/routes/crud.ts): the catalogue's rules. */
export function roomCrud(catalogue: CatalogueService): CrudService<Room, RoomCreate, RoomUpdate, object> {
  return {
    list: (scope) => catalogue.listRooms(accommodationOf(scope)),
    get: (scope, id) => catalogue.room(accommodationOf(scope), id),
    create: (scope, input) => catalogue.createRoom(scope.user, accommodationOf(scope), input),
    update: (scope, id, input) => catalogue.updateRoom(scope.user, accommodationOf(scope), id, input),
    delete: (scope, id) => catalogue.deleteRoom(scope.user, accommodationOf(scope), id),
  };
}

/** Plans on the generated routes: the catalogue's rules; the list takes the on-sale range. */
export function planCrud(
  catalogue: CatalogueService,
): CrudService<Plan, PlanCreate, PlanUpdate, z.output<typeof planListQuerySchema>, PlanListItem> {
  return {
    list: (scope, query) => catalogue.listPlans(accommodationOf(scope), query.start_date, query.end_date),
    get: (scope, id) => catalogue.plan(accommodationOf(scope), id),
    create: (scope, input) => catalogue.createPlan(scope.user, accommodationOf(scope), input),
    update: (scope, id, input) => catalogue.updatePlan(scope.user, accommodationOf(scope), id, input),
    delete: (scope, id) => catalogue.deletePlan(scope.user, accommodationOf(scope), id),
  };
}
