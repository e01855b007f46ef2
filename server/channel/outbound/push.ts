import { addDays, maxDate } from '../../../contract/dates';
import type { Db, Tx } from '../../db/client';
import { channelToday } from '../../db/queries/channel';
import { CHANGE_KIND, consumeChanges, queuedChanges } from '../../db/queries/channel/changes';
import { channelFacilityIds } from '../../db/queries/channel/credentials';
import {
  channelStateOf,
  clearErrorStartingWith,
  updateChannelState,
  type PushState,
} from '../../db/queries/channel/state';
import { lastFacilityLog, writeSyncLog } from '../../db/queries/channel/syncLogs';
import { ChannelClient, ChannelError, channelErrorMessage, MAX_RETRY_AFTER_SECONDS } from '../wire/client';
import { loadChannelAccounts, type ChannelAccount } from '../wire/credentials';
import { loadMapping, type ChannelMapping } from '../wire/mapping';
import { channelAvailabilityByNight, restrictionsByNight, type PlanNight } from './ourStock';
import type { AvailabilityValue, RestrictionValue } from '../wire/types';

/**
 * ARI out (docs/channel.md): the changes the triggers queued in channel_changes go to the channel,
 * coalesced per room type / plan into the union of their nights and compressed into ranges of equal
 * value, one call per type (two at most for a year of a whole facility). A 429 or a failure keeps
 * the queue for the next turn and sets channel_state.push_not_before; nothing is lost.
 */

/** Most values in one call (the channel takes at most 1000). */
export const MAX_VALUES_PER_CALL = 1000;
/** Longest wait after failures of the channel (5xx, timeout, network), in seconds. */
export const MAX_BACKOFF_SECONDS = 60;
/** Wait after a refusal that needs staff (wrong password, closed) before trying again, in seconds. */
export const REFUSED_WAIT_SECONDS = 60;

/** Every message of the push starts with this (its log rows and channel_state.last_error are found by it). */
export const PUSH_MESSAGE_PREFIX = '在庫・料金';
export const pushMessages = {
  sent: (n: number) => `在庫・料金を外部予約サイトへ送信しました（${n}件）。`,
  rateLimited: '在庫・料金の送信は、外部予約サイトの送信回数の上限に達したため待っています。',
  failed: (reason: string) => `在庫・料金を外部予約サイトへ送信できませんでした。${reason}`,
};

/** The push's last log row of the facility: a failure streak writes one row, not one a turn. */
const lastPushLog = (tx: Tx, accommodationId: number) => lastFacilityLog(tx, accommodationId, PUSH_MESSAGE_PREFIX);

/** A good push clears the push's own error, not the pull's. */
const clearPushError = (tx: Tx, accommodationId: number) =>
  clearErrorStartingWith(tx, accommodationId, PUSH_MESSAGE_PREFIX);

export interface PushResult {
  availabilityCalls: number;
  restrictionsCalls: number;
  /** Values sent (ranges of nights), both types. */
  sent: number;
  /** The push waits until then (a 429, a back-off, or a wait still running). */
  waitedUntil?: Date;
  error?: ChannelError;
}

export interface PushOptions {
  maxValuesPerCall?: number;
  /** The client's timeout per call (10 s by default). */
  timeoutMs?: number;
  /** Every failed push is logged (the sync log keeps one row per streak of the same failure). */
  log?: { warn(obj: object, msg: string): void };
}

interface ChangeTarget {
  kind: number;
  targetId: number;
  dateFrom: string;
  dateTo: string;
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

/** Longest range one value covers (the channel takes ranges of up to two years). */
export const MAX_NIGHTS_PER_VALUE = 366;

/** Equal consecutive nights as one range: [first, last] both included, at most MAX_NIGHTS_PER_VALUE nights. */
export function compressNights<T>(
  nights: [string, T][],
  same: (a: T, b: T) => boolean,
): { from: string; to: string; value: T }[] {
  const out: { from: string; to: string; value: T; n: number }[] = [];
  for (const [night, value] of nights) {
    const last = out[out.length - 1];
    if (last && addDays(last.to, 1) === night && same(last.value, value) && last.n < MAX_NIGHTS_PER_VALUE) {
      last.to = night;
      last.n++;
    } else out.push({ from: night, to: night, value, n: 1 });
  }
  return out.map(({ from, to, value }) => ({ from, to, value }));
}

/** The nights of [from, toExclusive) of a per-night map, in order. */
function nightsOf<T>(perNight: Map<string, T> | undefined, from: string, toExclusive: string): [string, T][] {
  const out: [string, T][] = [];
  if (!perNight) return out;
  for (let night = from; night < toExclusive; night = addDays(night, 1)) {
    const v = perNight.get(night);
    if (v !== undefined) out.push([night, v]);
  }
  return out;
}

/** Availability values of the given room ranges (nights from..toExclusive), mapped rooms only. */
export async function availabilityValues(
  tx: Tx,
  mapping: ChannelMapping,
  targets: { roomId: number; from: string; toExclusive: string }[],
): Promise<AvailabilityValue[]> {
  const mapped = targets.filter((t) => mapping.roomById.has(t.roomId) && t.from < t.toExclusive);
  if (mapped.length === 0) return [];
  const from = mapped.reduce((a, t) => (t.from < a ? t.from : a), mapped[0]!.from);
  const to = mapped.reduce((a, t) => (t.toExclusive > a ? t.toExclusive : a), mapped[0]!.toExclusive);
  const ours = await channelAvailabilityByNight(
    tx,
    mapped.map((t) => t.roomId),
    from,
    to,
  );
  return mapped.flatMap((t) => {
    const code = mapping.roomById.get(t.roomId)!.code;
    return compressNights(nightsOf(ours.get(t.roomId), t.from, t.toExclusive), (a, b) => a === b).map((r) => ({
      room_code: code,
      date_from: r.from,
      date_to: r.to,
      availability: r.value,
    }));
  });
}

/** Restriction values (rate, stop-sell) of the given plan ranges, mapped plans only. */
export async function restrictionValues(
  tx: Tx,
  mapping: ChannelMapping,
  targets: { planId: number; from: string; toExclusive: string }[],
  today: string,
): Promise<RestrictionValue[]> {
  const mapped = targets.filter((t) => mapping.planById.has(t.planId) && t.from < t.toExclusive);
  if (mapped.length === 0) return [];
  const from = mapped.reduce((a, t) => (t.from < a ? t.from : a), mapped[0]!.from);
  const to = mapped.reduce((a, t) => (t.toExclusive > a ? t.toExclusive : a), mapped[0]!.toExclusive);
  const ours = await restrictionsByNight(
    tx,
    mapped.map((t) => t.planId),
    from,
    to,
    today,
  );
  const same = (a: PlanNight, b: PlanNight) => a.rate === b.rate && a.stopSell === b.stopSell;
  return mapped.flatMap((t) => {
    const plan = mapping.planById.get(t.planId)!;
    return compressNights(nightsOf(ours.get(t.planId), t.from, t.toExclusive), same).map((r) => ({
      plan_code: plan.code,
      room_code: plan.roomCode,
      date_from: r.from,
      date_to: r.to,
      ...(r.value.rate === undefined ? {} : { rate: r.value.rate }),
      stop_sell: r.value.stopSell,
    }));
  });
}

function chunks<T>(values: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Jitter of ±20 %: facilities that failed together do not come back together. */
function withJitter(seconds: number): number {
  return seconds * (0.8 + Math.random() * 0.4);
}

/** The next back-off after a failure of the channel: 2, 4, 8, ... up to 60 seconds. */
function nextBackoffSeconds(state: PushState | undefined): number {
  // push_not_before is set by a failed push only and cleared by a good one: the wait before this
  // failure is the streak's last back-off.
  const notBefore = asDate(state?.push_not_before ?? null);
  const lastPush = asDate(state?.last_push_at ?? null);
  if (!notBefore || !lastPush) return 2;
  const previous = (notBefore.getTime() - lastPush.getTime()) / 1000;
  return Math.min(MAX_BACKOFF_SECONDS, Math.max(2, Math.round(previous) * 2));
}

/**
 * One push of a facility's queued changes (the scheduler calls it every few seconds; tests call it
 * with a fake `now`). Does nothing while channel_state.push_not_before is ahead of `now`.
 */
export async function pushOnce(
  db: Db,
  baseUrl: string,
  account: ChannelAccount,
  now: Date,
  options: PushOptions = {},
): Promise<PushResult> {
  const accommodationId = account.accommodationId;
  const result: PushResult = { availabilityCalls: 0, restrictionsCalls: 0, sent: 0 };
  const state = await channelStateOf(db, accommodationId);
  const notBefore = asDate(state?.push_not_before ?? null);
  // A wait set before Retry-After was bounded (an absurd one kept a facility's pushes stopped for
  // years) is bounded here too: nothing waits longer than MAX_RETRY_AFTER_SECONDS past its push.
  const lastPush = asDate(state?.last_push_at ?? null);
  const longest = (lastPush ?? now).getTime() + MAX_RETRY_AFTER_SECONDS * 1000;
  if (notBefore && notBefore > now && notBefore.getTime() <= longest) return { ...result, waitedUntil: notBefore };

  const today = await channelToday(db);
  const maxPerCall = Math.max(1, Math.min(options.maxValuesPerCall ?? MAX_VALUES_PER_CALL, MAX_VALUES_PER_CALL));

  // What is queued now, per kind and target; ids read are deleted once sent (rows queued meanwhile stay).
  const { ids, targets, availability, restrictions } = await db.transaction(async (tx) => {
    const rows = await queuedChanges(tx, accommodationId);
    const idsByKind = new Map<number, string[]>();
    const targets: ChangeTarget[] = [];
    for (const r of rows) {
      const list = idsByKind.get(r.kind) ?? [];
      list.push(...r.ids.split(','));
      idsByKind.set(r.kind, list);
      targets.push({ kind: r.kind, targetId: r.target_id, dateFrom: maxDate(r.date_from, today), dateTo: r.date_to });
    }
    if (targets.length === 0) return { ids: idsByKind, targets, availability: [], restrictions: [] };
    const mapping = await loadMapping(tx, accommodationId);
    const availability = await availabilityValues(
      tx,
      mapping,
      targets
        .filter((t) => t.kind === CHANGE_KIND.availability)
        .map((t) => ({ roomId: t.targetId, from: t.dateFrom, toExclusive: t.dateTo })),
    );
    const restrictions = await restrictionValues(
      tx,
      mapping,
      targets
        .filter((t) => t.kind === CHANGE_KIND.restrictions)
        .map((t) => ({ planId: t.targetId, from: t.dateFrom, toExclusive: t.dateTo })),
      today,
    );
    return { ids: idsByKind, targets, availability, restrictions };
  });

  if (targets.length === 0) {
    await updateChannelState(db, accommodationId, { last_push_at: now, last_push_ok_at: now, push_not_before: null });
    await clearPushError(db, accommodationId);
    return result;
  }

  const client = new ChannelClient(baseUrl, account, { timeoutMs: options.timeoutMs });
  const consume = (kind: number) => consumeChanges(db, accommodationId, kind, ids.get(kind) ?? []);
  try {
    for (const batch of chunks(availability, maxPerCall)) {
      await client.pushAvailability(batch);
      result.availabilityCalls++;
      result.sent += batch.length;
    }
    await consume(CHANGE_KIND.availability);
    for (const batch of chunks(restrictions, maxPerCall)) {
      await client.pushRestrictions(batch);
      result.restrictionsCalls++;
      result.sent += batch.length;
    }
    await consume(CHANGE_KIND.restrictions);
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    result.error = error;
    result.waitedUntil = await recordFailure(db, accommodationId, state, now, error);
    options.log?.warn(
      {
        accommodationId,
        code: error.code,
        status: error.status,
        retryAfterSeconds: error.retryAfterSeconds,
        until: result.waitedUntil.toISOString(),
      },
      'channel push failed; the next waits',
    );
    return result;
  }

  await db.transaction(async (tx) => {
    await updateChannelState(tx, accommodationId, {
      last_push_at: now,
      last_push_ok_at: now,
      push_not_before: null,
    });
    await clearPushError(tx, accommodationId);
    if (result.sent > 0) {
      await writeSyncLog(tx, { accommodationId, success: true, message: pushMessages.sent(result.sent), at: now });
    }
  });
  return result;
}

/**
 * A failed push: when the next may go, and one failure log row per streak (a row only when the
 * error differs from the last one recorded), so that a long outage or a rate limit does not flood
 * the log.
 */
async function recordFailure(
  db: Db,
  accommodationId: number,
  state: PushState | undefined,
  now: Date,
  error: ChannelError,
): Promise<Date> {
  let message: string;
  let waitSeconds: number;
  if (error.code === 'rate_limited') {
    message = pushMessages.rateLimited;
    waitSeconds = Math.max(1, error.retryAfterSeconds ?? 1);
  } else if (error.retryable) {
    message = pushMessages.failed(channelErrorMessage(error));
    waitSeconds = withJitter(nextBackoffSeconds(state));
  } else {
    message = pushMessages.failed(channelErrorMessage(error));
    waitSeconds = REFUSED_WAIT_SECONDS;
  }
  const notBefore = new Date(now.getTime() + Math.round(waitSeconds * 1000));
  await db.transaction(async (tx) => {
    await updateChannelState(tx, accommodationId, {
      last_push_at: now,
      push_not_before: notBefore,
      last_error: message,
    });
    const last = await lastPushLog(tx, accommodationId);
    if (!last || last.success !== 0 || last.message !== message) {
      await writeSyncLog(tx, { accommodationId, success: false, message, at: now });
    }
  });
  return notBefore;
}

/**
 * Runs `job` for every facility that can sync, one after the other; a facility whose password
 * cannot be opened or whose job throws does not hold up the others.
 */
export async function forEachAccount<T>(
  db: Db,
  key: Buffer,
  job: (account: ChannelAccount) => Promise<T>,
): Promise<{ accommodationId: number; result?: T; error?: unknown }[]> {
  const out: { accommodationId: number; result?: T; error?: unknown }[] = [];
  for (const accommodationId of await channelFacilityIds(db)) {
    try {
      for (const account of await loadChannelAccounts(db, key, accommodationId)) {
        out.push({ accommodationId, result: await job(account) });
      }
    } catch (error) {
      out.push({ accommodationId, error });
    }
  }
  return out;
}

/**
 * The scheduler's pace per facility: the channel takes 10 calls a minute per type, so a facility
 * whose stock changes all the time gets one push every 6 seconds (each change waits at most that
 * long) instead of 10 quick pushes and then a 429's wait of most of a minute.
 */
export const PUSH_MIN_INTERVAL_SECONDS = 6;
/** When each facility's last push that made calls went, per database (a process's scheduler). */
const lastCalls = new WeakMap<Db, Map<number, number>>();

/**
 * One push of every facility that can sync (the scheduler's turn), each at most once every
 * `minIntervalSeconds` (PUSH_MIN_INTERVAL_SECONDS) when it made calls.
 */
export function pushAll(
  db: Db,
  baseUrl: string,
  key: Buffer,
  now: Date,
  options: PushOptions & { minIntervalSeconds?: number } = {},
) {
  let calls = lastCalls.get(db);
  if (!calls) lastCalls.set(db, (calls = new Map()));
  const paced = calls;
  const interval = (options.minIntervalSeconds ?? PUSH_MIN_INTERVAL_SECONDS) * 1000;
  return forEachAccount(db, key, async (account): Promise<PushResult> => {
    const last = paced.get(account.accommodationId);
    const t = now.getTime();
    if (last !== undefined && t >= last && t - last < interval) {
      return { availabilityCalls: 0, restrictionsCalls: 0, sent: 0, waitedUntil: new Date(last + interval) };
    }
    const result = await pushOnce(db, baseUrl, account, now, options);
    if (result.availabilityCalls + result.restrictionsCalls > 0) paced.set(account.accommodationId, t);
    return result;
  });
}

/** Nights from today (Tokyo, channelToday) for a year: the range a full resync and the read-back cover. */
export function yearAhead(from: string, nights: number): { from: string; toExclusive: string } {
  return { from, toExclusive: addDays(from, nights) };
}
