import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/**
 * The queue of ARI changes (channel_changes). Triggers of migration 0014 write most rows, in the
 * transaction of the change; this module adds what no table change expresses.
 */
export const CHANGE_KIND = { availability: 1, restrictions: 2 } as const;

/** Nights a full resync covers, from today (Tokyo): a year ahead. */
export const RESYNC_NIGHTS = 366;

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
