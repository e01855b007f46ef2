import type { Room } from '../../contract/room';
import { fillRecordPath, resourceApi, type ResourceName } from '../../contract/resourceApi';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import type { CallMeta } from '../dataProvider';

/** The catalogue calls that are not CRUD: a plan attached to or detached from a room type, a reorder. */

const roomUrl = (accommodationId: number, roomId: number, planId: number) =>
  apiUrl(apiPath('roomPlan', { id: accommodationId, roomId, planId }));

export const catalogueMethods = {
  /** PATCH .../rooms/{roomId}/attach/{planId}: the room with its plans. */
  async attachPlan(accommodationId: number, roomId: number, planId: number): Promise<Room> {
    return (await httpClient<Room>(roomUrl(accommodationId, roomId, planId), { method: 'PATCH' })).json;
  },

  /** DELETE .../rooms/{roomId}/attach/{planId}: 204. */
  async detachPlan(accommodationId: number, roomId: number, planId: number): Promise<void> {
    await httpClient(roomUrl(accommodationId, roomId, planId), { method: 'DELETE' });
  },

  /**
   * Saves a reorder (spec 4): display_order of each moved item only, in parallel. Resolves with the
   * failures (empty when every save went through) so the list can say so and reload.
   */
  async reorder(
    resource: ResourceName,
    params: { meta?: CallMeta; changes: readonly { id: number; display_order: number }[] },
  ): Promise<unknown[]> {
    const api = resourceApi[resource];
    const results = await Promise.allSettled(
      params.changes.map((c) =>
        httpClient(apiUrl(fillRecordPath(api, params.meta?.accommodationId, c.id)), {
          method: 'PATCH',
          body: { display_order: c.display_order },
        }),
      ),
    );
    return results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  },
};
