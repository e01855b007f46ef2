import {
  SYNC_TARGET_TYPES,
  syncItemMessages,
  type SyncItem,
  type SyncItemCreate,
  type SyncItemListQuery,
  type SyncItemUpdate,
} from '../../contract/syncItem';
import { enqueueFullResync } from '../db/queries/channel/changes';
import type { Db, Tx } from '../db/client';
import {
  deleteSyncItem,
  findSyncItem,
  insertSyncItem,
  listSyncItems,
  lockSyncTarget,
  renameSyncItem,
  syncItemTaken,
  type SyncItemRow as Row,
} from '../db/queries/syncItems';
import { conflict, notFound } from '../errors';
import { audit, withoutId } from './audit';
import type { CurrentUser } from './auth';

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
    const rows = await listSyncItems(this.db, user.accommodationIds, {
      targetType: query.target_type,
      targetId: query.target_id,
    });
    return rows.map(itemOf);
  }

  async get(user: CurrentUser, id: number): Promise<SyncItem> {
    return itemOf(await this.reachable(this.db, user, id));
  }

  create(user: CurrentUser, input: SyncItemCreate): Promise<SyncItem> {
    return this.db.transaction(async (tx) => {
      const accommodationId = await this.lockTarget(tx, user, input.target_type, input.target_id);
      if (await syncItemTaken(tx, input.service, input.target_type, input.target_id)) {
        throw conflict(syncItemMessages.exists, { target_name: syncItemMessages.exists });
      }
      const created = itemOf(
        await insertSyncItem(tx, {
          accommodationId,
          service: input.service,
          targetType: input.target_type,
          targetId: input.target_id,
          targetName: input.target_name,
        }),
      );
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
      const after = itemOf(await renameSyncItem(tx, id, input.target_name));
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
      await deleteSyncItem(tx, id);
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
    const row = await findSyncItem(db, id, lock);
    if (!row || !user.accommodationIds.includes(row.accommodationId)) throw notFound();
    return row;
  }

  /** The facility of the room type or plan, its row locked; 404 when it is none the user reaches. */
  private async lockTarget(tx: Tx, user: CurrentUser, targetType: number, targetId: number): Promise<number> {
    const accommodationId = await lockSyncTarget(tx, targetType, targetId);
    if (accommodationId === undefined || !user.accommodationIds.includes(accommodationId)) throw notFound();
    return accommodationId;
  }
}
