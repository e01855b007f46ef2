import { sql } from 'drizzle-orm';
import { SYNC_TARGET_TYPE } from '../../../../contract/enums';
import {
  SYNC_CHECK_FAILED_CODE,
  type CheckRoom,
  type SyncCheck,
  type SyncCheckErrorRow,
} from '../../../../contract/syncCheck';
import { sqlRows, type Tx } from '../../client';

/**
 * The sync checks (sync_checks): one row per room type and month comparing our stock with the
 * channel's, the latest one counting; and what the check pages read beside them.
 */

/** A stored check, its time as the database's text. */
export interface CheckRow {
  id: number;
  accommodation_id: number;
  room_id: number;
  year: number;
  month: number;
  result: string;
  status: SyncCheck['status'];
  created_at: string;
}

/** Replaces the room type's check of the month (delete, then insert); answers the row stored. */
export async function replaceSyncCheck(
  tx: Tx,
  check: {
    accommodationId: number;
    roomId: number;
    year: number;
    month: number;
    result: string;
    status: SyncCheck['status'];
  },
  now: Date,
): Promise<CheckRow> {
  const { accommodationId, roomId, year, month } = check;
  await tx.execute(sql`delete from sync_checks
    where accommodation_id = ${accommodationId} and room_id = ${roomId} and year = ${year} and month = ${month}`);
  const [row] = await sqlRows<CheckRow>(
    tx,
    sql`insert into sync_checks (accommodation_id, room_id, year, month, result, status, created_at)
        values (${accommodationId}, ${roomId}, ${year}, ${month}, ${check.result}, ${check.status}, ${now.toISOString()}::timestamptz)
        returning id, accommodation_id, room_id, year, month, result, status, created_at::text as created_at`,
  );
  return row!;
}

/** The latest check per room type and month of the facility (of one month when given), oldest month first. */
export function latestSyncChecks(tx: Tx, accommodationId: number, month?: { year: number; month: number }) {
  return sqlRows<CheckRow>(
    tx,
    sql`select * from (
          select distinct on (room_id, year, month) id, accommodation_id, room_id, year, month, result, status,
            created_at::text as created_at
          from sync_checks
          where accommodation_id = ${accommodationId}
            ${month ? sql`and year = ${month.year} and month = ${month.month}` : sql``}
          order by room_id, year, month, created_at desc, id desc
        ) c order by year, month, room_id`,
  );
}

/** The facility's room types, with their names on the channel. */
export function checkRooms(tx: Tx, accommodationId: number): Promise<CheckRoom[]> {
  return sqlRows<CheckRoom>(
    tx,
    sql`select r.id, r.name, r.max_num,
          (select btrim(i.target_name) from sync_items i
            where i.accommodation_id = r.accommodation_id and i.service = 1
              and i.target_type = ${SYNC_TARGET_TYPE.room} and i.target_id = r.id and btrim(i.target_name) <> ''
            order by i.id limit 1) as channel_code
        from rooms r where r.accommodation_id = ${accommodationId} order by r.id`,
  );
}

/** The facility's plan's ikyu_id (its name on the channel); undefined when the facility has no such plan. */
export async function planIkyuId(tx: Tx, accommodationId: number, planId: number) {
  const [plan] = await sqlRows<{ ikyu_id: string | null }>(
    tx,
    sql`select ikyu_id from plans where id = ${planId} and accommodation_id = ${accommodationId}`,
  );
  return plan;
}

/** The facility's plan with the room types it is attached to; undefined when the facility has no such plan. */
export async function checkPlan(tx: Tx, accommodationId: number, planId: number) {
  const [plan] = await sqlRows<{ id: number; name: string; ikyu_id: string | null; room_ids: number[] | null }>(
    tx,
    sql`select p.id, p.name, p.ikyu_id,
          (select array_agg(rp.room_id order by rp.room_id) from room_plans rp where rp.plan_id = p.id) as room_ids
        from plans p where p.id = ${planId} and p.accommodation_id = ${accommodationId}`,
  );
  return plan;
}

/**
 * The error days (result 1 or 2) of the latest check of each room type and month, from `today` on,
 * of the facilities given (at least one), and each latest check that failed (the site could not be
 * read: SYNC_CHECK_FAILED_CODE, on the first day of its month still to come). Failed checks first,
 * then the nights the site sells while we are full (1), then by date; at most `limit`. The code as
 * text.
 */
export function syncCheckErrorDays(tx: Tx, accommodationIds: readonly number[], today: string, limit: number) {
  const ids = sql.join(
    accommodationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sqlRows<Omit<SyncCheckErrorRow, 'code' | 'message'> & { code: string }>(
    tx,
    sql`with c as (
          select distinct on (room_id, year, month) accommodation_id, room_id, year, month, result, status
          from sync_checks
          where accommodation_id in (${ids})
            and (make_date(year, month, 1) + interval '1 month')::date > ${today}::date
          order by room_id, year, month, created_at desc, id desc
        ), found as (
          select c.accommodation_id, c.room_id, make_date(c.year, c.month, 1) + (u.i::int - 1) as day,
            btrim(u.code) as code
          from c
          cross join lateral unnest(string_to_array(c.result, ',')) with ordinality as u(code, i)
          where c.status = 'ng' and btrim(u.code) <> '0'
            and u.i <= extract(day from (make_date(c.year, c.month, 1) + interval '1 month' - interval '1 day'))
            and make_date(c.year, c.month, 1) + (u.i::int - 1) >= ${today}::date
          union all
          -- A check that could not read the site: one row on its month's first day still to come.
          select c.accommodation_id, c.room_id, greatest(make_date(c.year, c.month, 1), ${today}::date), ${SYNC_CHECK_FAILED_CODE}::text
          from c where c.status = 'error'
        )
        select f.accommodation_id, a.name as accommodation_name, f.room_id, r.name as room_name,
          to_char(f.day, 'YYYY-MM-DD') as date, f.code
        from found f
        join rooms r on r.id = f.room_id
        join accommodations a on a.id = f.accommodation_id
        order by (f.code = ${String(SYNC_CHECK_FAILED_CODE)}) desc, (f.code = '1') desc, f.day, f.accommodation_id, f.room_id
        limit ${limit}`,
  );
}
