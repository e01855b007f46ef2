/**
 * Sync items: a room type's or plan's name on the external channel (spec 3 "Sync item"). They have
 * no page of their own: each sits in its room type's or plan's settings panel (SyncItemsSection).
 * The <Resource> carries their calls and cache (admin/sync/items, sync-item/{id}).
 */
export const syncItemResource = { name: 'sync_items', recordRepresentation: 'target_name' } as const;
