import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';

/**
 * The queue of ARI changes (channel_changes). Triggers of migration 0014 write most rows, in the
 * transaction of the change; these add what no table change expresses, and the push reads and
 * consumes them.
 */
export const CHANGE_KIND = { availability: 1, restrictions: 2 } as const;

/** Nights a full resync covers, from today (Tokyo): a year ahead. */
export const RESYNC_NIGHTS = 366;

/**
 * Queues every room type's availability and every coded plan's restrictions of a facility for a
 * year ahead: new or changed credentials, the daily read-back's differences, a room mapping added.
 * The push job coalesces them into one batch per type.
 */
export async function enqueueFullResync(tx: Tx, accommodationId: number): Promise<void> {
  await tx.execute(sql`
    insert into channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    select ${accommodationId}::int, ${CHANGE_KIND.availability}::smallint, r.id, channel_tokyo_today(), channel_tokyo_today() + ${RESYNC_NIGHTS}::int
    from rooms r where r.accommodation_id = ${accommodationId}
    union all
    select ${accommodationId}::int, ${CHANGE_KIND.restrictions}::smallint, p.id, channel_tokyo_today(), channel_tokyo_today() + ${RESYNC_NIGHTS}::int
    from plans p where p.accommodation_id = ${accommodationId} and p.ikyu_id is not null`);
}

/** One queued change: a kind's target over the nights [from, toExclusive). */
export interface ChangeRange {
  kind: number;
  targetId: number;
  from: string;
  toExclusive: string;
}

/** Queues one change of a facility. */
export async function enqueueChange(tx: Tx, accommodationId: number, change: ChangeRange): Promise<void> {
  await tx.execute(sql`insert into channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    values (${accommodationId}, ${change.kind}, ${change.targetId},
      ${change.from}::date, ${change.toExclusive}::date)`);
}

/** Queues the changes of a facility, 500 rows a statement. */
export async function enqueueChanges(tx: Tx, accommodationId: number, changes: readonly ChangeRange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 500) {
    const rows = changes
      .slice(i, i + 500)
      .map((d) => sql`(${accommodationId}, ${d.kind}, ${d.targetId}, ${d.from}::date, ${d.toExclusive}::date)`);
    await tx.execute(sql`insert into channel_changes (accommodation_id, kind, target_id, date_from, date_to)
      values ${sql.join(rows, sql`, `)}`);
  }
}

/** The facility's queue per kind and target: the union of their nights and the ids of the rows read. */
export function queuedChanges(tx: Tx, accommodationId: number) {
  return sqlRows<{ kind: number; target_id: number; date_from: string; date_to: string; ids: string }>(
    tx,
    sql`select kind, target_id, min(date_from)::text as date_from, max(date_to)::text as date_to,
          string_agg(id::text, ',') as ids
        from channel_changes where accommodation_id = ${accommodationId}
        group by kind, target_id order by kind, target_id`,
  );
}

/** Deletes the rows of a kind that were read (`ids`); rows queued meanwhile stay. */
export async function consumeChanges(tx: Tx, accommodationId: number, kind: number, ids: readonly string[]) {
  return tx.execute(sql`delete from channel_changes
    where accommodation_id = ${accommodationId} and kind = ${kind}
      and id = any(${`{${ids.join(',')}}`}::bigint[])`);
}
