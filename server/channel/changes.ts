import { sql } from 'drizzle-orm';
import { sqlRows, type Db, type Tx } from '../db/client';

/**
 * The queue of ARI changes (channel_changes). Triggers of migration 0014 write most rows, in the
 * transaction of the change; this module adds what no table change expresses.
 */
export const CHANGE_KIND = { availability: 1, restrictions: 2 } as const;

/** Nights a full resync covers, from today (Tokyo): a year ahead. */
export const RESYNC_NIGHTS = 366;

/**
 * Today in Tokyo by the database's clock (channel_tokyo_today, which the queue's triggers use): the
 * push and the read-back count their nights from it too, so that a process whose clock is a little
 * apart from the database's, around midnight, never pushes or compares a range the queue did not cover.
 */
export async function channelToday(db: Tx | Db): Promise<string> {
  const [row] = await sqlRows<{ d: string }>(db, sql`select channel_tokyo_today()::text as d`);
  return row!.d;
}

/**
 * Queues every room type's availability and every coded plan's restrictions of a facility for a
 * year ahead: new or changed credentials, the daily read-back's differences, a room mapping added.
 * The push job coalesces them into one batch per type.
 */
export async function enqueueFullResync(tx: Tx | Db, accommodationId: number): Promise<void> {
  await tx.execute(sql`
    insert into channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    select ${accommodationId}::int, ${CHANGE_KIND.availability}::smallint, r.id, channel_tokyo_today(), channel_tokyo_today() + ${RESYNC_NIGHTS}::int
    from rooms r where r.accommodation_id = ${accommodationId}
    union all
    select ${accommodationId}::int, ${CHANGE_KIND.restrictions}::smallint, p.id, channel_tokyo_today(), channel_tokyo_today() + ${RESYNC_NIGHTS}::int
    from plans p where p.accommodation_id = ${accommodationId} and p.ikyu_id is not null`);
}
