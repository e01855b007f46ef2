import { defineEntity } from './entity';
import { requiredText } from './fieldRules';
import { MAX_ID } from './params';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * A sync item (spec 3 "Sync item", 7 "Sync items"): the name of one of our room types (target_type
 * 1) or plans (2) on the external channel (service 1). A room type's name is the channel's
 * room_code (docs/channel.md); a plan's names it on the site (its plan_code is the plan's ikyu_id).
 * One room type or plan has at most one item per service.
 */
export const syncItemMessages = {
  targetName: '外部サイトでの名前を入力してください',
  targetNameTooLong: '外部サイトでの名前は100文字以内で入力してください',
  targetType: '連携対象の種類を選んでください',
  targetId: '連携対象を選んでください',
  service: '連携先のサービスを選んでください',
  /** 409: the room type or plan has its item for this service already. */
  exists: 'この部屋タイプまたはプランには外部サイトでの名前がすでに登録されています',
} as const;

export const SYNC_TARGET_TYPES = { room: 1, plan: 2 } as const;
export type SyncTargetType = (typeof SYNC_TARGET_TYPES)[keyof typeof SYNC_TARGET_TYPES];

export const syncItemSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  service: z.number().int(),
  target_type: z.number().int(),
  target_id: z.number().int(),
  target_name: z.string(),
});
export type SyncItem = z.infer<typeof syncItemSchema>;
export const syncItemListSchema = z.object({ items: z.array(syncItemSchema) });

const targetName = requiredText(syncItemMessages.targetName, 100, syncItemMessages.targetNameTooLong);
const targetType = z.union([z.literal(1), z.literal(2)], { error: syncItemMessages.targetType });
/** Numbers, or their text from a query string or a form. */
const targetTypeInput = z.coerce.number({ error: syncItemMessages.targetType }).pipe(targetType);

const targetIdInput = z.coerce
  .number({ error: syncItemMessages.targetId })
  .int(syncItemMessages.targetId)
  .positive(syncItemMessages.targetId)
  .max(MAX_ID, syncItemMessages.targetId);

/** POST admin/sync/items: service 1, the room type or plan, and its name on the site. */
export const syncItemCreateSchema = z.object({
  service: z.literal(1, { error: syncItemMessages.service }).default(1),
  target_type: targetTypeInput,
  target_id: targetIdInput,
  target_name: targetName,
});
export type SyncItemCreate = z.infer<typeof syncItemCreateSchema>;

/** PATCH sync-item/{id}: the name alone. */
export const syncItemUpdateSchema = z.object({ target_name: targetName });
export type SyncItemUpdate = z.infer<typeof syncItemUpdateSchema>;

/** GET admin/sync/items?target_type=&target_id=: the items of one room type or plan (or all the user reaches). */
export const syncItemListQuerySchema = z.object({
  target_type: targetTypeInput.optional(),
  target_id: targetIdInput.optional(),
});
export type SyncItemListQuery = z.infer<typeof syncItemListQuerySchema>;

export const syncItemEntity = defineEntity({
  resource: 'sync_items',
  api: resourceApi.sync_items,
  table: 'sync_items',
  record: syncItemSchema,
  create: syncItemCreateSchema,
  update: syncItemUpdateSchema,
  listQuery: syncItemListQuerySchema,
  fields: {
    target_name: { input: 'text', required: true, column: {} },
  },
  recordRepresentation: 'target_name',
});
