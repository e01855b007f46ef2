import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';

/** Room types of an accommodation with the plans attached to each (spec section 3 "Room"). */
export function listRooms(tx: Tx, accommodationId: number) {
  return sqlRows<{
    id: number;
    name: string;
    max_num: number;
    plans: { id: number; name: string; start_at: string | null }[];
  }>(
    tx,
    sql`select r.id, r.name, r.max_num,
      coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'start_at', p.start_at::text) order by p.id)
        from room_plans rp join plans p on p.id = rp.plan_id where rp.room_id = r.id), '[]'::json) as plans
    from rooms r where r.accommodation_id = ${accommodationId} order by r.id`,
  );
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
  }>(
    tx,
    sql`select id, name, start_at::text as start_at, end_at::text as end_at, is_active, max_num, price, icon,
        check_in, check_out
      from plans where accommodation_id = ${accommodationId}
        ${to ? sql`and (start_at is null or start_at <= ${to}::date)` : sql``}
        ${from ? sql`and (end_at is null or end_at >= ${from}::date)` : sql``}
      order by id`,
  );
}
