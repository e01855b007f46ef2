import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { syncSettings, type SyncSettingParams } from '../schema';

/** A channel setting as its table holds it, the password sealed (server/services/syncSettings.ts answers it). */
export type SyncSettingRow = typeof syncSettings.$inferSelect;

/** The settings of a facility, by service and id. */
export function listSyncSettings(tx: Tx, accommodationId: number): Promise<SyncSettingRow[]> {
  return tx
    .select()
    .from(syncSettings)
    .where(eq(syncSettings.accommodationId, accommodationId))
    .orderBy(asc(syncSettings.serviceId), asc(syncSettings.id));
}

/** Whether the facility has a setting of this service already. */
export async function hasSyncSetting(tx: Tx, accommodationId: number, serviceId: number): Promise<boolean> {
  const [existing] = await tx
    .select({ id: syncSettings.id })
    .from(syncSettings)
    .where(and(eq(syncSettings.accommodationId, accommodationId), eq(syncSettings.serviceId, serviceId)));
  return existing !== undefined;
}

export async function insertSyncSetting(
  tx: Tx,
  values: {
    accommodationId: number;
    serviceId: number;
    tag: string | null;
    mailTo: string | null;
    params: SyncSettingParams;
  },
): Promise<SyncSettingRow> {
  const [row] = await tx.insert(syncSettings).values(values).returning();
  return row!;
}

/** Writes the params, and the tag and notification address when given. */
export async function updateSyncSetting(
  tx: Tx,
  settingId: number,
  values: { params: SyncSettingParams; tag?: string | null; mailTo?: string | null },
): Promise<SyncSettingRow> {
  const [row] = await tx
    .update(syncSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(syncSettings.id, settingId))
    .returning();
  return row!;
}

/** The setting of this facility, locked; undefined for another facility's id. */
export async function lockSyncSetting(
  tx: Tx,
  accommodationId: number,
  settingId: number,
): Promise<SyncSettingRow | undefined> {
  const [row] = await tx
    .select()
    .from(syncSettings)
    .where(and(eq(syncSettings.id, settingId), eq(syncSettings.accommodationId, accommodationId)))
    .for('update');
  return row;
}
