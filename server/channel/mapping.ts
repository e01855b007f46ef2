import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sqlRows } from '../db/client';
import { SYNC_TARGET_TYPE } from '../../contract/enums';

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
  const rooms = await sqlRows<{ id: number; code: string; max_num: number }>(
    tx,
    sql`select distinct on (r.id) r.id, btrim(i.target_name) as code, r.max_num
        from sync_items i join rooms r on r.id = i.target_id and r.accommodation_id = i.accommodation_id
        where i.accommodation_id = ${accommodationId} and i.service = 1
          and i.target_type = ${SYNC_TARGET_TYPE.room} and btrim(i.target_name) <> ''
        order by r.id, i.id`,
  );
  const roomList = rooms.map((r) => ({ id: r.id, code: r.code, maxNum: r.max_num }));
  const roomById = new Map(roomList.map((r) => [r.id, r]));
  const plans = await sqlRows<{ id: number; code: string; room_id: number }>(
    tx,
    sql`select distinct on (p.id) p.id, btrim(p.ikyu_id) as code, rp.room_id
        from plans p join room_plans rp on rp.plan_id = p.id
        join sync_items i on i.target_id = rp.room_id and i.target_type = ${SYNC_TARGET_TYPE.room} and i.service = 1
          and btrim(i.target_name) <> ''
        where p.accommodation_id = ${accommodationId} and p.ikyu_id is not null and btrim(p.ikyu_id) <> ''
        order by p.id, rp.room_id`,
  );
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
