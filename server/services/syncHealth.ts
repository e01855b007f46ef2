import { syncHealthMessages } from '../../contract/syncHealth';
import type { CurrentUser } from '../auth/currentUser';
import { syncHealth } from '../channel/checks/health';
import { liftStopSells, stopSellLowStock } from '../channel/outbound/stopSell';
import type { Db } from '../db/client';
import { syncsWithChannel } from '../db/queries/channel';
import { conflict } from '../errors';
import { assertAccommodation } from './access';

/**
 * Sync health (issue 21 "Sync health"): any signed-in user, for the facilities they reach. The
 * stop-sell is an emergency action: staff of the facility may take it as well as administrators
 * (docs/security.md, role table); it is refused (409) for a facility that does not sync.
 */
export class SyncHealthService {
  constructor(
    private readonly db: Db,
    private readonly pollSeconds: number,
    private readonly channelProblem?: string,
  ) {}

  async health(user: CurrentUser) {
    const rows = await syncHealth(this.db, user.accommodationIds, new Date(), this.pollSeconds);
    return {
      rows,
      poll_seconds: this.pollSeconds,
      // Said to those who have a facility that syncs: they are the ones it stops.
      ...(this.channelProblem && rows.length > 0 ? { channel_problem: this.channelProblem } : {}),
    };
  }

  stopSell(user: CurrentUser, accommodationId: number) {
    assertAccommodation(user, accommodationId);
    return this.db.transaction(async (tx) => {
      if (!(await syncsWithChannel(tx, accommodationId))) throw conflict(syncHealthMessages.notSynced);
      return stopSellLowStock(tx, user, accommodationId, new Date());
    });
  }

  async liftStopSell(user: CurrentUser, accommodationId: number) {
    assertAccommodation(user, accommodationId);
    const nights = await this.db.transaction((tx) => liftStopSells(tx, user, accommodationId));
    return { nights };
  }
}
