import { sql } from 'drizzle-orm';
import type { Refusal, RefusalGround } from '../../../contract/refusal';
import { sqlRows, type Tx } from '../client';
import { tokyoIso } from './bookingJson';
import { idList } from './ids';

/** The refusal log (宿泊拒否の記録, issue 30): records of the facilities a user reaches. */

const columns = sql.raw(`r.id, r.accommodation_id, r.refused_at, r.guest_name, r.ground, r.facts, r.staff_name,
  a.name as accommodation_name, ${tokyoIso('r.created_at')} as created_at`);

/** The records of these facilities, the latest refusal first. */
export async function listRefusals(tx: Tx, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return [];
  return sqlRows<Refusal>(
    tx,
    sql`select ${columns} from refusals r join accommodations a on a.id = r.accommodation_id
    where r.accommodation_id in (${idList(accommodationIds)}) order by r.refused_at desc, r.id desc`,
  );
}

/** One record of these facilities, locked for a write when `lock`. */
export async function findRefusal(tx: Tx, id: number, accommodationIds: readonly number[], lock = false) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<Refusal>(
    tx,
    sql`select ${columns} from refusals r join accommodations a on a.id = r.accommodation_id
    where r.id = ${id} and r.accommodation_id in (${idList(accommodationIds)}) ${lock ? sql`for update of r` : sql``}`,
  );
  return rows[0];
}

export interface RefusalValues {
  refused_at: string;
  guest_name: string;
  ground: RefusalGround;
  facts: string;
}

export async function insertRefusal(
  tx: Tx,
  accommodationId: number,
  staff: { id: number; name: string },
  values: RefusalValues,
) {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`insert into refusals (accommodation_id, refused_at, guest_name, ground, facts, staff_user_id, staff_name)
    values (${accommodationId}, ${values.refused_at}, ${values.guest_name}, ${values.ground}, ${values.facts},
      ${staff.id}, ${staff.name}) returning id`,
  );
  return rows[0]!.id;
}

export async function updateRefusal(tx: Tx, id: number, values: RefusalValues) {
  await tx.execute(sql`update refusals set refused_at = ${values.refused_at}, guest_name = ${values.guest_name},
    ground = ${values.ground}, facts = ${values.facts} where id = ${id}`);
}

export async function deleteRefusal(tx: Tx, id: number) {
  await tx.execute(sql`delete from refusals where id = ${id}`);
}

/** Removes the refusals made before `date` (yyyy-MM-dd), and blanks what the audit kept of them: the retention job's. */
export async function purgeRefusalsBefore(tx: Tx, date: string) {
  return sqlRows<{ id: number; accommodation_id: number; company_id: number }>(
    tx,
    sql`with gone as (delete from refusals where refused_at < ${date} returning id, accommodation_id)
    select gone.id, gone.accommodation_id, a.company_id from gone join accommodations a on a.id = gone.accommodation_id
    order by gone.id`,
  ).then(async (gone) => {
    if (gone.length > 0) {
      await tx.execute(sql`update audit_log set changes = '{"purged":{"from":null,"to":true}}'::jsonb
        where target_type = 'refusals' and target_id in (${idList(gone.map((r) => r.id))})`);
    }
    return gone;
  });
}
