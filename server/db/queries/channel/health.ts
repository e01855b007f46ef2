import { sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';

/** A facility's sync health as the database holds it; instants as epoch ms. */
export interface SyncHealthFacts {
  accommodation_id: number;
  name: string;
  setting_ms: number | null;
  pull_ok_ms: number | null;
  push_ok_ms: number | null;
  pending: number;
  oldest_ms: number | null;
  stop_sells: number;
  last_error: string | null;
  parked_unmapped: number;
  parked_invalid: number;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * What channel_state, channel_changes, channel_stop_sells (from `today`) and the parked revisions
 * say of each facility among `accommodationIds` (at least one) that has a service 1 sync setting,
 * by facility id.
 */
export function syncHealthFacts(tx: Tx, accommodationIds: readonly number[], today: string) {
  const ids = sql.join(
    accommodationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sqlRows<SyncHealthFacts>(
    tx,
    sql`select a.id as accommodation_id, a.name,
          ${epochMs('s.created_at')} as setting_ms,
          ${epochMs('cs.last_pull_ok_at')} as pull_ok_ms,
          ${epochMs('cs.last_push_ok_at')} as push_ok_ms,
          coalesce(c.n, 0)::int as pending,
          ${epochMs('c.oldest')} as oldest_ms,
          (select count(*)::int from channel_stop_sells ss
            where ss.accommodation_id = a.id and ss.target_date >= ${today}::date) as stop_sells,
          cs.last_error,
          (select count(*)::int from channel_parked_revisions pr
            where pr.accommodation_id = a.id and pr.reason = 'unmapped') as parked_unmapped,
          (select count(*)::int from channel_parked_revisions pr
            where pr.accommodation_id = a.id and pr.reason = 'invalid') as parked_invalid
        from sync_settings s
        join accommodations a on a.id = s.accommodation_id
        left join channel_state cs on cs.accommodation_id = a.id
        left join lateral (
          select count(*) as n, min(created_at) as oldest from channel_changes ch where ch.accommodation_id = a.id
        ) c on true
        where s.service_id = 1 and a.id in (${ids})
        order by a.id`,
  );
}
