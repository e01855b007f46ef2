/** What other domains use of sync: a room type's or plan's sync items, in its settings panel. */
export { SyncItemsSection } from './items/SyncItemsSection';
