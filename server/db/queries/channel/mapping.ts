import { sql } from 'drizzle-orm';
import { SYNC_TARGET_TYPE } from '../../../../contract/enums';
import { sqlRows, type Tx } from '../../client';

/**
 * How a facility's room types and plans are named on the channel (docs/channel.md "Names"): a room
 * type with a sync item (target_type 1) is its target_name; a plan with an ikyu_id is that id.
 */

/** The facility's room types named on the channel, each once (its first sync item), by id. */
export function mappedRooms(tx: Tx, accommodationId: number) {
  return sqlRows<{ id: number; code: string; max_num: number }>(
    tx,
    sql`select distinct on (r.id) r.id, btrim(i.target_name) as code, r.max_num
        from sync_items i join rooms r on r.id = i.target_id and r.accommodation_id = i.accommodation_id
        where i.accommodation_id = ${accommodationId} and i.service = 1
          and i.target_type = ${SYNC_TARGET_TYPE.room} and btrim(i.target_name) <> ''
        order by r.id, i.id`,
  );
}

/** The facility's coded plans, each with the first room type named on the channel it is attached to. */
export function mappedPlans(tx: Tx, accommodationId: number) {
  return sqlRows<{ id: number; code: string; room_id: number }>(
    tx,
    sql`select distinct on (p.id) p.id, btrim(p.ikyu_id) as code, rp.room_id
        from plans p join room_plans rp on rp.plan_id = p.id
        join sync_items i on i.target_id = rp.room_id and i.target_type = ${SYNC_TARGET_TYPE.room} and i.service = 1
          and btrim(i.target_name) <> ''
        where p.accommodation_id = ${accommodationId} and p.ikyu_id is not null and btrim(p.ikyu_id) <> ''
        order by p.id, rp.room_id`,
  );
}
