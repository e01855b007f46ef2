import type { Db } from '../../db/client';
import { channelFacilityIds } from '../../db/queries/channel/credentials';
import {
  checkPlan,
  checkRooms,
  latestSyncChecks,
  planIkyuId,
  replaceSyncCheck,
  syncCheckErrorDays,
  type CheckRow,
} from '../../db/queries/channel/syncChecks';
import { writeSyncLog } from '../../db/queries/channel/syncLogs';
import { addDays, tokyoToday } from '../../../contract/dates';
import { syncSettingMessages } from '../../../contract/syncSetting';
import {
  monthDates,
  parseSyncResult,
  SYNC_CHECK_FAILED_CODE,
  SYNC_CHECK_MONTH_CHOICES,
  SYNC_RESULT,
  syncCheckMessages,
  syncCheckMonth,
  syncResultLabels,
  type CheckOurs,
  type CheckPlan,
  type ChecksAnswer,
  type SyncCheck,
  type SyncCheckErrorRow,
  type SyncResultCode,
} from '../../../contract/syncCheck';
import { AppError, conflict, notFound } from '../../errors';
import { ChannelClient, ChannelError, channelErrorMessage } from '../wire/client';
import { ChannelCredentialsError, loadChannelAccounts, type ChannelAccount } from '../wire/credentials';
import { loadMapping } from '../wire/mapping';
import { availabilityByNight, stopSoldNights } from '../outbound/ourStock';
import type { AvailabilityDay } from '../wire/types';

/**
 * The sync check (spec 2 and 7 "Sync and checks", issue 21): per mapped room type and month, our
 * stock compared night by night with what the channel holds, stored as one sync_checks row per
 * room type and month (the previous one replaced); and the ikuyu call, the channel's own per-day
 * status of a plan. Every function takes `now` so that tests run it on a fake clock.
 */

const CHECK_TIMEOUT_MS = 15_000;

const toCheck = (r: CheckRow): SyncCheck => ({ ...r, created_at: new Date(r.created_at).toISOString() });

/**
 * One night's result (contract SYNC_RESULT): 1 when the site sells it (availability > 0, not
 * stopped) while we are full (rooms left <= 0); else 2 when the site's count differs from what we
 * tell it (rooms left, never below 0, and 0 on a night staff stopped selling on the channel).
 */
export function nightResult(site: AvailabilityDay | undefined, left: number, stopped: boolean): SyncResultCode {
  const siteCount = site?.availability ?? 0;
  const sells = siteCount > 0 && site?.stop_sell !== true;
  if (sells && left <= 0) return SYNC_RESULT.sellsWhileFull;
  const ours = stopped ? 0 : Math.max(0, left);
  return siteCount !== ours ? SYNC_RESULT.countDiffers : SYNC_RESULT.fine;
}

export interface SyncCheckRun {
  accommodationId: number;
  year: number;
  month: number;
  /** The stored checks of that month, one per mapped room type. */
  checks: SyncCheck[];
  /** The channel's Japanese sentence when a call failed (those rooms are stored as 'error'). */
  errorMessage: string | null;
  /** The facility has no room type named on the channel: nothing was checked. */
  noRooms: boolean;
}

/**
 * Recomputes the checks of one facility's month: `monthsOffset` months after the current month in
 * Tokyo (1 = next month, contract/syncCheck.ts). For every room type with a sync item, our rooms
 * left per night (ourStock.availabilityByNight, stop-sells) against the site's
 * (client.availability); one row per room type and month replaces the previous one. A failed
 * channel call stores that room's month as 'error' with an empty result and writes one failed
 * sync log row for the run.
 */
export async function runSyncCheck(
  db: Db,
  baseUrl: string,
  account: ChannelAccount,
  monthsOffset: number,
  now: Date,
): Promise<SyncCheckRun> {
  const accommodationId = account.accommodationId;
  const { year, month, label } = syncCheckMonth(monthsOffset, tokyoToday(now));
  const dates = monthDates(year, month);
  const from = dates[0]!;
  const last = dates[dates.length - 1]!;
  const toExclusive = addDays(last, 1);
  const mapping = await loadMapping(db, accommodationId);
  if (mapping.rooms.length === 0) {
    return { accommodationId, year, month, checks: [], errorMessage: null, noRooms: true };
  }
  const roomIds = mapping.rooms.map((r) => r.id);
  const [left, stops] = await Promise.all([
    availabilityByNight(db, roomIds, from, toExclusive),
    stopSoldNights(db, roomIds, from, toExclusive),
  ]);

  const client = new ChannelClient(baseUrl, account, { timeoutMs: CHECK_TIMEOUT_MS });
  let failure: unknown = null;
  let loginChecked = false;
  const computed: { roomId: number; result: string; status: SyncCheck['status'] }[] = [];
  for (const room of mapping.rooms) {
    let days: AvailabilityDay[];
    try {
      days = await client.availability(room.code, from, last);
    } catch (error) {
      // A room type the site does not know yet (never pushed) sells nothing there; but an unknown
      // hotel answers 404 too, so the login tells them apart once.
      if (error instanceof ChannelError && error.code === 'not_found') {
        try {
          if (!loginChecked) await client.login();
          loginChecked = true;
          days = [];
        } catch (loginError) {
          failure ??= loginError;
          computed.push({ roomId: room.id, result: '', status: 'error' });
          continue;
        }
      } else {
        failure ??= error;
        computed.push({ roomId: room.id, result: '', status: 'error' });
        continue;
      }
    }
    const byDate = new Map(days.map((d) => [d.date, d]));
    const ours = left.get(room.id);
    const stopped = stops.get(room.id);
    const codes = dates.map((date) =>
      nightResult(byDate.get(date), ours?.get(date) ?? room.maxNum, stopped?.has(date) ?? false),
    );
    computed.push({
      roomId: room.id,
      result: codes.join(','),
      status: codes.some((c) => c !== SYNC_RESULT.fine) ? 'ng' : 'ok',
    });
  }

  const errorMessage = failure === null ? null : channelErrorMessage(failure);
  const checks = await db.transaction(async (tx) => {
    const stored: SyncCheck[] = [];
    for (const c of computed) {
      const row = await replaceSyncCheck(
        tx,
        { accommodationId, roomId: c.roomId, year, month, result: c.result, status: c.status },
        now,
      );
      stored.push(toCheck(row));
    }
    if (errorMessage !== null) {
      const failed = computed.filter((c) => c.status === 'error').length;
      await writeSyncLog(tx, {
        accommodationId,
        success: false,
        message: `同期チェック（${label}、${failed}部屋タイプ）に失敗しました：${errorMessage}`,
        at: now,
      });
    }
    return stored;
  });
  return { accommodationId, year, month, checks, errorMessage, noRooms: false };
}

export interface ScheduledSyncChecks {
  facilities: number;
  checks: number;
  failed: number;
}

/**
 * The daily recompute (issue 21 "A scheduled job recomputes it too"): the 6 months starting next
 * month (spec 9) for every facility with channel credentials. A facility whose month failed
 * altogether (the channel down, a wrong password) is not asked for its later months this time:
 * their previous checks stay, and one log row says why.
 */
export async function runScheduledSyncChecks(
  db: Db,
  baseUrl: string,
  key: Buffer,
  now: Date,
): Promise<ScheduledSyncChecks> {
  const summary: ScheduledSyncChecks = { facilities: 0, checks: 0, failed: 0 };
  for (const accommodationId of await channelFacilityIds(db)) {
    let accounts: ChannelAccount[];
    try {
      accounts = await loadChannelAccounts(db, key, accommodationId);
    } catch (error) {
      if (!(error instanceof ChannelCredentialsError)) throw error;
      summary.failed += 1;
      await writeSyncLog(db, {
        accommodationId,
        success: false,
        message: `同期チェックに失敗しました：${syncSettingMessages.passwordUnreadable}`,
        at: now,
      });
      continue;
    }
    const account = accounts[0];
    if (!account) continue;
    summary.facilities += 1;
    for (let offset = 1; offset <= SYNC_CHECK_MONTH_CHOICES; offset++) {
      const run = await runSyncCheck(db, baseUrl, account, offset, now);
      if (run.noRooms) break;
      summary.checks += run.checks.length;
      if (run.errorMessage !== null) {
        summary.failed += 1;
        if (run.checks.every((c) => c.status === 'error')) break;
      }
    }
  }
  return summary;
}

/** The facility's channel account, or the 409 staff read when there is none or it cannot be opened. */
export async function accountOf(db: Db, key: Buffer, accommodationId: number): Promise<ChannelAccount> {
  let accounts: ChannelAccount[];
  try {
    accounts = await loadChannelAccounts(db, key, accommodationId);
  } catch (error) {
    if (error instanceof ChannelCredentialsError) throw conflict(syncSettingMessages.passwordUnreadable);
    throw error;
  }
  const account = accounts[0];
  if (!account) throw conflict(syncCheckMessages.noCredentials);
  return account;
}

/** A failed channel call as the API answers it: the site's refusal 409, the site failing 502. */
export function channelAppError(error: unknown): AppError {
  const refused = error instanceof ChannelError && (error.code === 'wrong_password' || error.code === 'closed');
  return new AppError(refused ? 409 : 502, 'channel_error', channelErrorMessage(error));
}

/** GET .../plans/{planId}/ikuyu: the site's raw per-day codes of the plan's month (spec 7). */
export async function ikuyuStatus(
  db: Db,
  baseUrl: string,
  key: Buffer,
  accommodationId: number,
  planId: number,
  year: number,
  month: number,
): Promise<{ status: string }> {
  const plan = await planIkyuId(db, accommodationId, planId);
  if (!plan) throw notFound();
  const code = plan.ikyu_id?.trim() ?? '';
  if (code === '') throw conflict(syncCheckMessages.noIkyuId);
  const account = await accountOf(db, key, accommodationId);
  const client = new ChannelClient(baseUrl, account, { timeoutMs: CHECK_TIMEOUT_MS });
  try {
    return { status: await client.status(code, year, month) };
  } catch (error) {
    // The site knows no such plan (never pushed, or another plan id there): say so, not "failed".
    if (error instanceof ChannelError && error.code === 'not_found') throw conflict(syncCheckMessages.planNotOnSite);
    throw channelAppError(error);
  }
}

/**
 * GET /checks/{accommodation_id}: `{ check, rooms }`, the latest stored check per room type and
 * month (of one month when asked), oldest month first; with a month also our stock per day
 * (`ours`), with a plan also the plan and the room type the channel sells it on.
 */
export async function checksOf(
  db: Db,
  accommodationId: number,
  query: { year?: number; month?: number; plan_id?: number },
): Promise<ChecksAnswer> {
  const oneMonth = query.year !== undefined && query.month !== undefined;
  const rows = await latestSyncChecks(
    db,
    accommodationId,
    oneMonth ? { year: query.year!, month: query.month! } : undefined,
  );
  const rooms = await checkRooms(db, accommodationId);
  const answer: ChecksAnswer = { check: rows.map(toCheck), rooms };

  if (oneMonth) {
    const dates = monthDates(query.year!, query.month!);
    const left = await availabilityByNight(
      db,
      rooms.map((r) => r.id),
      dates[0]!,
      addDays(dates[dates.length - 1]!, 1),
    );
    answer.ours = rooms.map((r): CheckOurs => {
      const perNight = left.get(r.id);
      const leftPerDay = dates.map((d) => perNight?.get(d) ?? r.max_num);
      return { room_id: r.id, left: leftPerDay, booked: leftPerDay.map((l) => r.max_num - l) };
    });
  }

  if (query.plan_id !== undefined) {
    const plan = await checkPlan(db, accommodationId, query.plan_id);
    if (!plan) throw notFound();
    const mapping = await loadMapping(db, accommodationId);
    const roomIds = (plan.room_ids ?? []).map(Number);
    const channelRoom = mapping.planById.get(plan.id)?.roomId ?? roomIds.find((id) => mapping.roomById.has(id)) ?? null;
    const planAnswer: CheckPlan = {
      id: plan.id,
      name: plan.name,
      ikyu_id: plan.ikyu_id,
      room_id: channelRoom,
      room_ids: roomIds,
    };
    answer.plan = planAnswer;
  }
  return answer;
}

/** How many error days the dashboard lists at most. */
export const SYNC_CHECK_ERRORS_LIMIT = 200;

/**
 * The dashboard's sync-check table: the error days (result 1 or 2) of the latest stored check of
 * each room type and month, from today on, of the facilities given (the user's reach): the nights
 * the site sells while we are full (1) first, then by date; at most SYNC_CHECK_ERRORS_LIMIT.
 */
export async function syncCheckErrors(
  db: Db,
  accommodationIds: readonly number[],
  now: Date,
): Promise<SyncCheckErrorRow[]> {
  if (accommodationIds.length === 0) return [];
  const today = tokyoToday(now);
  const rows = await syncCheckErrorDays(db, accommodationIds, today, SYNC_CHECK_ERRORS_LIMIT);
  return rows.map((r) => {
    if (Number(r.code) === SYNC_CHECK_FAILED_CODE) {
      return { ...r, code: SYNC_CHECK_FAILED_CODE, message: syncCheckMessages.checkFailed };
    }
    const code = parseSyncResult(r.code)[0] ?? SYNC_RESULT.countDiffers;
    return { ...r, code, message: syncResultLabels[code] };
  });
}
