import type { Plan, PlanSummary } from '../contract/plan';
import type { Room } from '../contract/room';
import { apiUrl } from './config';
import { httpClient } from './httpClient';

/**
 * The room and plan calls of spec section 7 ("Accommodations, rooms, plans"), typed. The rooms and
 * plans screens call these; paths are built here only.
 */

export type { Plan };

/** A plan of the list (ikyu_id decides the sync-check link). */
export type PlanListItem = PlanSummary & { ikyu_id: string | null };

/** POST .../plans body; PATCH takes any subset. Dates yyyy-MM-dd. */
export interface PlanBody {
  name: string;
  start_at: string | null;
  end_at: string | null;
  is_active: number;
  max_num: number;
  price: number;
  close_date_before: number;
  check_in: string | null;
  check_out: string | null;
  description: string | null;
  ikyu_id: string | null;
  icon: string | null;
  notice_mail: string | null;
  payment_method: number[];
}
export type PlanPatch = Partial<PlanBody>;

export interface RoomBody {
  name: string;
  max_num: number;
}
export type RoomPatch = Partial<RoomBody>;

export interface PaymentMethod {
  id: number;
  name: string;
}

const rooms = (accommodationId: number) => `/accommodations/${accommodationId}/rooms`;
const plans = (accommodationId: number) => `/accommodations/${accommodationId}/plans`;

export async function listRooms(accommodationId: number): Promise<Room[]> {
  return (await httpClient<{ rooms: Room[] }>(apiUrl(rooms(accommodationId)))).json.rooms;
}

export async function getRoom(accommodationId: number, roomId: number): Promise<Room> {
  return (await httpClient<Room>(apiUrl(`${rooms(accommodationId)}/${roomId}`))).json;
}

export async function createRoom(accommodationId: number, body: RoomBody): Promise<Room> {
  return (await httpClient<Room>(apiUrl(rooms(accommodationId)), { method: 'POST', body })).json;
}

export async function updateRoom(accommodationId: number, roomId: number, patch: RoomPatch): Promise<Room> {
  return (await httpClient<Room>(apiUrl(`${rooms(accommodationId)}/${roomId}`), { method: 'PATCH', body: patch })).json;
}

/** 409 while bookings hold the room. */
export async function deleteRoom(accommodationId: number, roomId: number): Promise<void> {
  await httpClient(apiUrl(`${rooms(accommodationId)}/${roomId}`), { method: 'DELETE' });
}

export async function attachPlan(accommodationId: number, roomId: number, planId: number): Promise<Room> {
  return (await httpClient<Room>(apiUrl(`${rooms(accommodationId)}/${roomId}/attach/${planId}`), { method: 'PATCH' }))
    .json;
}

export async function detachPlan(accommodationId: number, roomId: number, planId: number): Promise<void> {
  await httpClient(apiUrl(`${rooms(accommodationId)}/${roomId}/attach/${planId}`), { method: 'DELETE' });
}

export async function listPlans(accommodationId: number): Promise<PlanListItem[]> {
  return (await httpClient<{ plans: PlanListItem[] }>(apiUrl(plans(accommodationId)))).json.plans;
}

export async function createPlan(accommodationId: number, body: PlanBody): Promise<Plan> {
  return (await httpClient<Plan>(apiUrl(plans(accommodationId)), { method: 'POST', body })).json;
}

export async function updatePlan(accommodationId: number, planId: number, patch: PlanPatch): Promise<Plan> {
  return (await httpClient<Plan>(apiUrl(`${plans(accommodationId)}/${planId}`), { method: 'PATCH', body: patch })).json;
}

export async function deletePlan(accommodationId: number, planId: number): Promise<void> {
  await httpClient(apiUrl(`${plans(accommodationId)}/${planId}`), { method: 'DELETE' });
}

export async function listPaymentMethods(): Promise<PaymentMethod[]> {
  return (await httpClient<{ payment_methods: PaymentMethod[] }>(apiUrl('/admin/payment_methods'))).json
    .payment_methods;
}
