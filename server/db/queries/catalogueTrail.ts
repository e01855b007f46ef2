import { sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Tx } from '../client';

/**
 * What the delete of a plan or a room type takes with it, removed here explicitly rather than by
 * the foreign keys' silent cascade, each with its audit rows in the same statement: the rows a
 * statement removed are exactly the rows it audits, and one statement serves any number of them
 * (a plan may have thousands of bookings and price cells). The changes have the shape that
 * server/services/audit.ts changesOf gives the same removal made one by one.
 */

/** Who the rows name (server/services/audit.ts auditAuthor). */
export interface AuditAuthor {
  companyId: number;
  userId: number;
  userName: string;
}

const auditColumns = sql.raw(
  'insert into audit_log (company_id, user_id, user_name, action, target_type, target_id, accommodation_id, book_id, changes)',
);
const author = (a: AuditAuthor) => sql`${a.companyId}::int, ${a.userId}::int, ${a.userName}::text`;
/** A field's change to nothing: { from: value, to: null }. */
const removed = (value: SQL) => sql`jsonb_build_object('from', ${value}, 'to', null)`;

/** The count of a data-modifying statement's `returning 1`. */
async function count(tx: Tx, query: SQL): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(tx, query);
  return row!.n;
}

/**
 * Takes the plan off every booking that has it (cancelled ones too), each with an update row in the
 * booking's own history: plan_id and the plan's name (the plan will be gone), from them to null.
 * The caller holds the plan's row lock, so no booking can take the plan meanwhile.
 */
export function clearPlanFromBookings(tx: Tx, who: AuditAuthor, planId: number): Promise<number> {
  return count(
    tx,
    sql`with cleared as (
        update bookings set plan_id = null, updated_at = now() where plan_id = ${planId}
        returning id, accommodation_id
      ), written as (
        ${auditColumns}
        select ${author(who)}, 'update', 'booking', c.id, c.accommodation_id, c.id,
          jsonb_build_object('plan_id', ${removed(sql`p.id`)}, 'plan_name', ${removed(sql`p.name`)})
        from cleared c cross join plans p where p.id = ${planId}
        order by c.id
        returning 1
      )
      select count(*)::int as n from written`,
  );
}

/**
 * Empties the plan's price grid with one `prices` row (as server/services/prices.ts writes them):
 * every cell removed, keyed yyyy-MM-dd/人数, from its price to null. The whole grid rather than a
 * summary: it is what the plan was sold at, and the only way to set it up again. None when empty.
 */
export function deletePlanPrices(
  tx: Tx,
  who: AuditAuthor,
  plan: { id: number; accommodation_id: number },
): Promise<number> {
  return count(
    tx,
    sql`with gone as (
        delete from plan_prices where plan_id = ${plan.id} returning target_date, unit, price
      ), written as (
        ${auditColumns}
        select ${author(who)}, 'delete', 'prices', ${plan.id}::int, ${plan.accommodation_id}::int, null::int,
          jsonb_object_agg(to_char(target_date, 'YYYY-MM-DD') || '/' || unit, ${removed(sql`price`)})
        from gone having count(*) > 0
        returning 1
      )
      select count(*)::int as n from written`,
  );
}

/**
 * Detaches a plan from every room type, or every plan from a room type, with the `detach` row of
 * the room type that CatalogueService.detach writes for each link.
 */
export function detachAll(tx: Tx, who: AuditAuthor, link: { planId: number } | { roomId: number }): Promise<number> {
  const where = 'planId' in link ? sql`plan_id = ${link.planId}` : sql`room_id = ${link.roomId}`;
  return count(
    tx,
    sql`with gone as (
        delete from room_plans where ${where} returning room_id, plan_id
      ), written as (
        ${auditColumns}
        select ${author(who)}, 'detach', 'room', g.room_id, r.accommodation_id, null::int,
          jsonb_build_object('plan_id', ${removed(sql`p.id`)}, 'plan_name', ${removed(sql`p.name`)})
        from gone g join plans p on p.id = g.plan_id join rooms r on r.id = g.room_id
        order by g.room_id, g.plan_id
        returning 1
      )
      select count(*)::int as n from written`,
  );
}

/**
 * Locks the options and FAQ items of a room type (its own, not those for every room) that its
 * delete takes with it: none can change or move away before the audit rows the caller writes for
 * them. New ones cannot come: they need the room type's row, which the caller has locked.
 */
export async function lockRoomDependants(tx: Tx, roomId: number): Promise<void> {
  await sqlRows(tx, sql`select id from accommodation_options where room_id = ${roomId} order by id for update`);
  await sqlRows(tx, sql`select id from faqs where room_id = ${roomId} order by id for update`);
}
