import { and, asc, eq, sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../client';
import { syncSettings } from '../../schema';

/** The channel the credentials are for (spec 1: service id 1). */
export const CHANNEL_SERVICE_ID = 1;

/**
 * The channel's sync settings whose params hold a non-empty accommodation_id, id and password (of
 * one facility when given), by facility and id; the password as stored (sealed).
 */
export async function channelSettingsWithLogin(tx: Tx, accommodationId?: number) {
  const nonEmpty = (field: string) => sql`coalesce(${syncSettings.params} ->> ${field}, '') <> ''`;
  return await tx
    .select({ id: syncSettings.id, accommodationId: syncSettings.accommodationId, params: syncSettings.params })
    .from(syncSettings)
    .where(
      and(
        eq(syncSettings.serviceId, CHANNEL_SERVICE_ID),
        accommodationId === undefined ? undefined : eq(syncSettings.accommodationId, accommodationId),
        nonEmpty('accommodation_id'),
        nonEmpty('id'),
        nonEmpty('password'),
      ),
    )
    .orderBy(asc(syncSettings.accommodationId), asc(syncSettings.id));
}

/** Every sync setting with a stored password, by facility. */
export async function settingsWithPassword(tx: Tx) {
  return await tx
    .select({ accommodationId: syncSettings.accommodationId, params: syncSettings.params })
    .from(syncSettings)
    .where(sql`coalesce(${syncSettings.params} ->> 'password', '') <> ''`)
    .orderBy(asc(syncSettings.accommodationId));
}

/** Facilities with a channel setting (complete or not), by id. */
export async function channelFacilityIds(tx: Tx): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select distinct accommodation_id as id from sync_settings where service_id = 1 order by 1`,
  );
  return rows.map((r) => r.id);
}
