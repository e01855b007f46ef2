import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  SYNC_TARGET_TYPES,
  syncItemMessages,
  type SyncItem,
  type SyncItemCreate,
  type SyncItemListQuery,
  type SyncItemUpdate,
} from '../../contract/syncItem';
import { enqueueFullResync } from '../channel/changes';
import type { Db, Tx } from '../db/client';
import { plans, rooms, syncItems } from '../db/schema';
import { conflict, notFound } from '../errors';
import { audit, withoutId } from './audit';
import type { CurrentUser } from './auth';

type Row = typeof syncItems.$inferSelect;

const itemOf = (row: Row): SyncItem => ({
  id: row.id,
  accommodation_id: row.accommodationId,
  service: row.service,
  target_type: row.targetType,
  target_id: row.targetId,
  target_name: row.targetName,
});

/**
 * Sync items (GET/POST admin/sync/items, PATCH/DELETE sync-item/{id}): the names of room types and
 * plans on the channel, for whoever may change those room types and plans (staff of the facility
 * and administrators, as the room and plan settings). The item's accommodation is its target's; a
 * target the user may not reach is 404. One room type or plan has at most one item per service
 * (409): the target's row is locked while that is checked. A new or renamed item queues a full
 * resync of the facility (the site knows the room by this name); every write leaves an audit row.
 */
/**
 * A room type's item is its room_code on the site: a new or renamed one sends the facility's stock
 * again under it. A plan's item is only its name on the site (its plan_code is the plan's ikyu_id,
 * docs/channel.md "Names"), so it sends nothing.
 */
const movesCodes = (item: SyncItem) => item.target_type === SYNC_TARGET_TYPES.room;

export class SyncItemsService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, query: SyncItemListQuery): Promise<SyncItem[]> {
    if (user.accommodationIds.length === 0) return [];
    const rows = await this.db
      .select()
      .from(syncItems)
      .where(
        and(
          inArray(syncItems.accommodationId, [...user.accommodationIds]),
          query.target_type === undefined ? undefined : eq(syncItems.targetType, query.target_type),
          query.target_id === undefined ? undefined : eq(syncItems.targetId, query.target_id),
        ),
      )
      .orderBy(asc(syncItems.targetType), asc(syncItems.targetId), asc(syncItems.id));
    return rows.map(itemOf);
  }

  async get(user: CurrentUser, id: number): Promise<SyncItem> {
    return itemOf(await this.reachable(this.db, user, id));
  }

  create(user: CurrentUser, input: SyncItemCreate): Promise<SyncItem> {
    return this.db.transaction(async (tx) => {
      const accommodationId = await this.lockTarget(tx, user, input.target_type, input.target_id);
      const [taken] = await tx
        .select({ id: syncItems.id })
        .from(syncItems)
        .where(
          and(
            eq(syncItems.service, input.service),
            eq(syncItems.targetType, input.target_type),
            eq(syncItems.targetId, input.target_id),
          ),
        );
      if (taken) throw conflict(syncItemMessages.exists, { target_name: syncItemMessages.exists });
      const [row] = await tx
        .insert(syncItems)
        .values({
          accommodationId,
          service: input.service,
          targetType: input.target_type,
          targetId: input.target_id,
          targetName: input.target_name,
        })
        .returning();
      const created = itemOf(row!);
      if (movesCodes(created)) await enqueueFullResync(tx, accommodationId);
      await audit(tx, user, {
        action: 'create',
        target: 'sync_item',
        targetId: created.id,
        accommodationId,
        after: withoutId(created),
      });
      return created;
    });
  }

  update(user: CurrentUser, id: number, input: SyncItemUpdate): Promise<SyncItem> {
    return this.db.transaction(async (tx) => {
      const before = itemOf(await this.reachable(tx, user, id, true));
      const [row] = await tx
        .update(syncItems)
        .set({ targetName: input.target_name, updatedAt: new Date() })
        .where(eq(syncItems.id, id))
        .returning();
      const after = itemOf(row!);
      if (movesCodes(after) && after.target_name !== before.target_name) {
        await enqueueFullResync(tx, after.accommodation_id);
      }
      await audit(tx, user, {
        action: 'update',
        target: 'sync_item',
        targetId: id,
        accommodationId: after.accommodation_id,
        before: withoutId(before),
        after: withoutId(after),
      });
      return after;
    });
  }

  delete(user: CurrentUser, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const before = itemOf(await this.reachable(tx, user, id, true));
      await tx.delete(syncItems).where(eq(syncItems.id, id));
      await audit(tx, user, {
        action: 'delete',
        target: 'sync_item',
        targetId: id,
        accommodationId: before.accommodation_id,
        before: withoutId(before),
      });
    });
  }

  /** The item when its facility is one the user reaches (404 otherwise), locked for a write. */
  private async reachable(db: Db | Tx, user: CurrentUser, id: number, lock = false): Promise<Row> {
    const query = db.select().from(syncItems).where(eq(syncItems.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || !user.accommodationIds.includes(row.accommodationId)) throw notFound();
    return row;
  }

  /** The facility of the room type or plan, its row locked; 404 when it is none the user reaches. */
  private async lockTarget(tx: Tx, user: CurrentUser, targetType: number, targetId: number): Promise<number> {
    const table = targetType === SYNC_TARGET_TYPES.room ? rooms : plans;
    const [row] = await tx
      .select({ accommodationId: table.accommodationId })
      .from(table)
      .where(eq(table.id, targetId))
      .for('update');
    if (!row || !user.accommodationIds.includes(row.accommodationId)) throw notFound();
    return row.accommodationId;
  }
}
