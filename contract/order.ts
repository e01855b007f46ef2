/**
 * Lists staff order by hand (options, FAQ; spec 4): after a drag the list is rearranged at once and
 * only the items whose display_order differs from their new position (index from 0) are saved.
 */

/** The items whose display_order differs from their new index, with that index: the only ones to save. */
export function reorderChanges<T extends { id: number; display_order: number }>(
  ordered: readonly T[],
): { id: number; display_order: number }[] {
  return ordered.flatMap((item, index) =>
    item.display_order === index ? [] : [{ id: item.id, display_order: index }],
  );
}

/** Moves the item at `from` to `to` (a drag and drop), without changing the list given. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(Math.max(0, Math.min(to, out.length)), 0, item);
  return out;
}

/**
 * A drag (or a move button) from `from` to `to`: the list as it now shows, each moved item's
 * display_order its new index, and the changes to save.
 */
export function reorder<T extends { id: number; display_order: number }>(
  rows: readonly T[],
  from: number,
  to: number,
): { rows: T[]; changes: { id: number; display_order: number }[] } {
  const moved = moveItem(rows, from, to);
  const changes = reorderChanges(moved);
  const order = new Map(changes.map((c) => [c.id, c.display_order]));
  return { rows: moved.map((row) => ({ ...row, display_order: order.get(row.id) ?? row.display_order })), changes };
}

/** The display_order of a new item: after the last (0 for an empty list, spec 9). */
export function nextOrder(items: readonly { display_order: number }[]): number {
  return items.reduce((max, i) => Math.max(max, i.display_order + 1), 0);
}
