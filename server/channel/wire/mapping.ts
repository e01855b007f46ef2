import type { Tx } from '../../db/client';
import { mappedPlans, mappedRooms } from '../../db/queries/channel/mapping';

/**
 * How a facility's room types and plans are named on the channel (docs/channel.md "Names"): a room
 * type with a sync item (target_type 1) is its target_name; a plan with an ikyu_id is that id, sold
 * on the first mapped room type it is attached to.
 */
export interface ChannelMapping {
  accommodationId: number;
  rooms: { id: number; code: string; maxNum: number }[];
  plans: { id: number; code: string; roomId: number; roomCode: string }[];
  roomByCode: Map<string, { id: number; code: string; maxNum: number }>;
  planByCode: Map<string, { id: number; code: string; roomId: number; roomCode: string }>;
  roomById: Map<number, { id: number; code: string; maxNum: number }>;
  planById: Map<number, { id: number; code: string; roomId: number; roomCode: string }>;
}

export async function loadMapping(tx: Tx, accommodationId: number): Promise<ChannelMapping> {
  const rooms = await mappedRooms(tx, accommodationId);
  const roomList = rooms.map((r) => ({ id: r.id, code: r.code, maxNum: r.max_num }));
  const roomById = new Map(roomList.map((r) => [r.id, r]));
  const plans = await mappedPlans(tx, accommodationId);
  const planList = plans.flatMap((p) => {
    const room = roomById.get(p.room_id);
    return room ? [{ id: p.id, code: p.code, roomId: p.room_id, roomCode: room.code }] : [];
  });
  return {
    accommodationId,
    rooms: roomList,
    plans: planList,
    roomByCode: new Map(roomList.map((r) => [r.code, r])),
    planByCode: new Map(planList.map((p) => [p.code, p])),
    roomById,
    planById: new Map(planList.map((p) => [p.id, p])),
  };
}
