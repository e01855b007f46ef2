import { and, asc, eq, inArray } from 'drizzle-orm';
import { SYNC_TARGET_TYPES } from '../../../contract/syncItem';
import type { Tx } from '../client';
import { plans, rooms, syncItems } from '../schema';

/** A sync item as its table holds it (server/services/syncItems.ts answers it). */
export type SyncItemRow = typeof syncItems.$inferSelect;

/** The items of these accommodations, by target type, target and id; only of a target type or target when given. */
export function listSyncItems(
  tx: Tx,
  accommodationIds: readonly number[],
  filter: { targetType?: number | undefined; targetId?: number | undefined },
): Promise<SyncItemRow[]> {
  return tx
    .select()
    .from(syncItems)
    .where(
      and(
        inArray(syncItems.accommodationId, [...accommodationIds]),
        filter.targetType === undefined ? undefined : eq(syncItems.targetType, filter.targetType),
        filter.targetId === undefined ? undefined : eq(syncItems.targetId, filter.targetId),
      ),
    )
    .orderBy(asc(syncItems.targetType), asc(syncItems.targetId), asc(syncItems.id));
}

/** The item of this id, locked for a write when `lock`. */
export async function findSyncItem(tx: Tx, id: number, lock = false): Promise<SyncItemRow | undefined> {
  const query = tx.select().from(syncItems).where(eq(syncItems.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether the room type or plan already has an item of this service. */
export async function syncItemTaken(tx: Tx, service: number, targetType: number, targetId: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: syncItems.id })
    .from(syncItems)
    .where(and(eq(syncItems.service, service), eq(syncItems.targetType, targetType), eq(syncItems.targetId, targetId)));
  return taken !== undefined;
}

/** The accommodation of the room type (SYNC_TARGET_TYPES.room) or plan, its row locked; undefined when there is none. */
export async function lockSyncTarget(tx: Tx, targetType: number, targetId: number): Promise<number | undefined> {
  const table = targetType === SYNC_TARGET_TYPES.room ? rooms : plans;
  const [row] = await tx
    .select({ accommodationId: table.accommodationId })
    .from(table)
    .where(eq(table.id, targetId))
    .for('update');
  return row?.accommodationId;
}

export async function insertSyncItem(
  tx: Tx,
  values: { accommodationId: number; service: number; targetType: number; targetId: number; targetName: string },
): Promise<SyncItemRow> {
  const [row] = await tx.insert(syncItems).values(values).returning();
  return row!;
}

/** Gives the item its new name on the site. */
export async function renameSyncItem(tx: Tx, id: number, targetName: string): Promise<SyncItemRow> {
  const [row] = await tx
    .update(syncItems)
    .set({ targetName, updatedAt: new Date() })
    .where(eq(syncItems.id, id))
    .returning();
  return row!;
}

export async function deleteSyncItem(tx: Tx, id: number): Promise<void> {
  await tx.delete(syncItems).where(eq(syncItems.id, id));
}
