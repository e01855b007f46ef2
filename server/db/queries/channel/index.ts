import { sql } from 'drizzle-orm';
import { sqlRows, type Db, type Tx } from '../../client';

/**
 * Today in Tokyo by the database's clock (channel_tokyo_today, which the channel queue's triggers
 * use): the push and the read-back count their nights from it too, so that a process whose clock
 * is a little apart from the database's, around midnight, never pushes or compares a range the
 * queue did not cover.
 */
export async function channelToday(db: Tx | Db): Promise<string> {
  const [row] = await sqlRows<{ d: string }>(db, sql`select channel_tokyo_today()::text as d`);
  return row!.d;
}

/** A revision set aside (channel_parked_revisions); a second park of the same revision keeps the first. */
export async function parkRevision(
  db: Tx | Db,
  row: {
    accommodationId: number;
    revisionId: string;
    reservationId: string | null;
    reason: 'unmapped' | 'invalid';
    detail: string;
    revision?: unknown;
    received?: string | null;
  },
): Promise<void> {
  await db.execute(
    sql`insert into channel_parked_revisions (accommodation_id, revision_id, reservation_id, reason, detail, revision, received)
        values (${row.accommodationId}, ${row.revisionId}, ${row.reservationId}, ${row.reason}, ${row.detail},
          ${row.revision === undefined ? null : JSON.stringify(row.revision)}::jsonb, ${row.received ?? null})
        on conflict (accommodation_id, revision_id) do nothing`,
  );
}

export interface ParkedRevision {
  id: number;
  revision: unknown;
}

/** The facility's revisions waiting for their room's mapping, oldest first. */
export function parkedUnmapped(db: Tx | Db, accommodationId: number): Promise<ParkedRevision[]> {
  return sqlRows<ParkedRevision>(
    db,
    sql`select id, revision from channel_parked_revisions
        where accommodation_id = ${accommodationId} and reason = 'unmapped' order by id`,
  );
}

export async function unparkRevision(db: Tx | Db, id: number): Promise<void> {
  await db.execute(sql`delete from channel_parked_revisions where id = ${id}`);
}

/** Does the facility sync with the channel (a sync setting of service 1)? */
export async function syncsWithChannel(db: Tx | Db, accommodationId: number): Promise<boolean> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sync_settings where accommodation_id = ${accommodationId} and service_id = 1`,
  );
  return (row?.n ?? 0) > 0;
}
