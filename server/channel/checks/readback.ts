import { addDays } from '../../../contract/dates';
import type { Db } from '../../db/client';
import { channelToday } from '../../db/queries/channel';
import { CHANGE_KIND, enqueueChanges, RESYNC_NIGHTS, type ChangeRange } from '../../db/queries/channel/changes';
import { updateChannelState } from '../../db/queries/channel/state';
import { writeSyncLog } from '../../db/queries/channel/syncLogs';
import { ChannelClient, ChannelError, channelErrorMessage } from '../wire/client';
import type { ChannelAccount } from '../wire/credentials';
import { loadMapping } from '../wire/mapping';
import { channelAvailabilityByNight, restrictionsByNight, type PlanNight } from '../outbound/ourStock';
import { forEachAccount, yearAhead } from '../outbound/push';

/**
 * The daily read-back (issue 21): the site's stock of every mapped room type for a year is compared
 * with what we would push (max(0, rooms left), 0 on a stop-sold night); every night that differs is
 * queued again (channel_changes, kind 1), so the next push puts the site right. Whatever made the
 * difference (a push lost after the site took it, a change on the site's own extranet, a guest
 * booking we have not pulled yet) the site ends up selling what we have.
 */

export const readbackMessages = {
  differed: (nights: number, planNights = 0) =>
    planNights === 0
      ? `外部予約サイトの在庫が当方と${nights}泊分異なっていたため、再送信します。`
      : nights === 0
        ? `外部予約サイトのプランの販売停止が当方と${planNights}泊分異なっていたため、再送信します。`
        : `外部予約サイトの在庫が当方と${nights}泊分、プランの販売停止が${planNights}泊分異なっていたため、再送信します。`,
  failed: (reason: string) => `外部予約サイトの在庫を確認できませんでした。${reason}`,
};

export interface ReadbackResult {
  /** Room types compared. */
  rooms: number;
  /** Nights that differed (all room types). */
  differingNights: number;
  /** Plans compared (their stop-sell per night; the site does not read rates back). */
  plans: number;
  /** Plan nights whose stop-sell differed: a sale period or close_date_before that moved with the days. */
  differingPlanNights: number;
  error?: ChannelError;
}

/** Runs of consecutive nights as [from, toExclusive). */
function runs(nights: string[]): { from: string; toExclusive: string }[] {
  const out: { from: string; toExclusive: string }[] = [];
  for (const night of nights) {
    const last = out[out.length - 1];
    if (last && last.toExclusive === night) last.toExclusive = addDays(night, 1);
    else out.push({ from: night, toExclusive: addDays(night, 1) });
  }
  return out;
}

export async function readBackOnce(
  db: Db,
  baseUrl: string,
  account: ChannelAccount,
  now: Date,
  options: { timeoutMs?: number } = {},
): Promise<ReadbackResult> {
  const accommodationId = account.accommodationId;
  const { from, toExclusive } = yearAhead(await channelToday(db), RESYNC_NIGHTS);
  const mapping = await loadMapping(db, accommodationId);
  const result: ReadbackResult = { rooms: 0, differingNights: 0, plans: 0, differingPlanNights: 0 };
  const client = new ChannelClient(baseUrl, account, { timeoutMs: options.timeoutMs });

  // The site first, ours right after, so that both are as close in time as they can be.
  // The room's availability only: the site's stop_sell of a day is its plans' (publication), which
  // the restrictions carry; our stop-sold nights are pushed as availability 0.
  const theirs = new Map<number, Map<string, number | null>>();
  const theirPlans = new Map<number, Map<string, boolean>>();
  // A room type or plan the site does not know (yet): every night differs (the push creates it).
  const unlessUnknown = async <T>(read: () => Promise<T>, unknown: T): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ChannelError) || error.code !== 'not_found') throw error;
      return unknown;
    }
  };
  const last = addDays(toExclusive, -1);
  try {
    for (const room of mapping.rooms) {
      const days = await unlessUnknown(() => client.availability(room.code, from, last), []);
      theirs.set(room.id, new Map(days.map((d) => [d.date, d.availability ?? null])));
    }
    // A plan's stop-sell as the site holds it: its days read with plan_code.
    for (const plan of mapping.plans) {
      const days = await unlessUnknown(() => client.availability(plan.roomCode, from, last, plan.code), []);
      theirPlans.set(plan.id, new Map(days.map((d) => [d.date, d.stop_sell])));
    }
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const message = readbackMessages.failed(channelErrorMessage(error));
    await db.transaction(async (tx) => {
      await updateChannelState(tx, accommodationId, { last_readback_at: now, last_error: message });
      await writeSyncLog(tx, { accommodationId, success: false, message, at: now });
    });
    return { ...result, error };
  }

  const ours = await channelAvailabilityByNight(
    db,
    mapping.rooms.map((r) => r.id),
    from,
    toExclusive,
  );
  const differing: ChangeRange[] = [];
  for (const room of mapping.rooms) {
    result.rooms++;
    const site = theirs.get(room.id) ?? new Map<string, number | null>();
    const nights: string[] = [];
    for (const [night, n] of ours.get(room.id) ?? new Map<string, number>()) {
      if (site.get(night) !== n) nights.push(night);
    }
    result.differingNights += nights.length;
    for (const r of runs(nights)) differing.push({ kind: CHANGE_KIND.availability, targetId: room.id, ...r });
  }

  const ourPlans = await restrictionsByNight(
    db,
    mapping.plans.map((p) => p.id),
    from,
    toExclusive,
    from,
  );
  for (const plan of mapping.plans) {
    result.plans++;
    const site = theirPlans.get(plan.id) ?? new Map<string, boolean>();
    const nights: string[] = [];
    for (const [night, r] of ourPlans.get(plan.id) ?? new Map<string, PlanNight>()) {
      if (site.get(night) !== r.stopSell) nights.push(night);
    }
    result.differingPlanNights += nights.length;
    for (const r of runs(nights)) differing.push({ kind: CHANGE_KIND.restrictions, targetId: plan.id, ...r });
  }

  await db.transaction(async (tx) => {
    await enqueueChanges(tx, accommodationId, differing);
    await updateChannelState(tx, accommodationId, { last_readback_at: now });
    if (result.differingNights + result.differingPlanNights > 0) {
      await writeSyncLog(tx, {
        accommodationId,
        success: true,
        message: readbackMessages.differed(result.differingNights, result.differingPlanNights),
        at: now,
      });
    }
  });
  return result;
}

/** The read-back of every facility that can sync. */
export function readBackAll(db: Db, baseUrl: string, key: Buffer, now: Date) {
  return forEachAccount(db, key, (account) => readBackOnce(db, baseUrl, account, now));
}
