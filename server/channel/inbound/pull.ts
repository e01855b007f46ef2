import { channelRevisionMessages, checkRevision } from '../../../contract/channelRevision';
import { syncSettingMessages } from '../../../contract/syncSetting';
import type { Db } from '../../db/client';
import { parkedUnmapped, parkRevision, unparkRevision } from '../../db/queries/channel';
import { channelFacilityIds } from '../../db/queries/channel/credentials';
import { readPullState, recordPullFailure, recordPullSuccess } from '../../db/queries/channel/state';
import { writeSyncLog, writeSyncLogUnlessUnread } from '../../db/queries/channel/syncLogs';
import { applyRevision, reconRevisionId, type ApplyOutcome, type RevisionInput } from './apply';
import { ChannelClient, ChannelError, channelErrorMessage } from '../wire/client';
import { ChannelCredentialsError, loadChannelAccounts, type ChannelAccount } from '../wire/credentials';
import { loadMapping } from '../wire/mapping';
import type { ChannelBooking, ChannelRevision } from '../wire/types';

/**
 * Bookings in (issue 21): read the channel's revision feed, apply each revision in its own
 * transaction (apply.ts) and acknowledge it only after that committed. After a gap (failed pulls,
 * or no good pull for 2 poll intervals: a restart) the site's booking list from the gap's start is
 * applied too, so that a revision lost from the feed (acknowledged elsewhere, expired) still
 * arrives. Every failed attempt and every change writes a sync log row.
 *
 * Nothing the channel sends is trusted (issue 28): each revision is checked with the contract's
 * booking rules first (contract/channelRevision.ts). One that fails is set aside in
 * channel_parked_revisions with a sync log row naming its problems, and acknowledged, so the feed
 * goes on. One whose room type is not mapped yet is parked there too and acknowledged; every pull
 * applies the parked ones whose room has been mapped since.
 */

export interface PullOptions {
  /** The poll interval: no good pull for twice this long is a gap (default 30). */
  pollSeconds?: number;
  /** Feed pages read at most per pull (default 10). */
  maxPages?: number;
  /** Timeout of each channel call (default: the client's). */
  timeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface PullResult {
  applied: number;
  duplicates: number;
  stale: number;
  /** Revisions of a room type not mapped: parked (and acknowledged), applied once it is mapped. */
  unmapped: number;
  /** Revisions the contract's rules refused: set aside (and acknowledged). */
  invalid: number;
  /** Parked revisions applied at this pull, their room type mapped since. */
  unparked: number;
  /** Reservations the reconciliation's booking list brought (applied from it). */
  reconciled: number;
  /** Revisions that could not be applied (an error of ours): not acknowledged, tried again next pull. */
  failed: number;
  error?: ChannelError;
}

export const pullMessages = {
  unreachable: '外部予約サイトに接続できません。',
  reconciled: (n: number) => `外部予約サイトとの接続が回復し、${n}件の予約を照合しました。`,
  applyFailed: (reservationId: string) =>
    `外部予約サイトの予約（予約番号 ${reservationId}）を取り込めませんでした。次回の同期で再試行します。`,
} as const;

/** What staff read of a failed pull: the channel being down is not a password problem. */
export function pullErrorMessage(error: ChannelError): string {
  return error.retryable ? pullMessages.unreachable : channelErrorMessage(error);
}

/** Reconciliation reads the booking list from this long before the gap began. */
const RECON_MARGIN_MS = 5 * 60_000;
const DEFAULT_PAGES = 10;
/** How much of a refused revision's JSON is kept for whoever looks into it. */
const RECEIVED_KEPT_CHARACTERS = 4000;

/** One pull of one facility. Never throws a ChannelError: it answers it in `error` after recording it. */
export async function pullOnce(
  db: Db,
  baseUrl: string,
  account: ChannelAccount,
  now: Date,
  options: PullOptions = {},
): Promise<PullResult> {
  const accommodationId = account.accommodationId;
  const result: PullResult = {
    applied: 0,
    duplicates: 0,
    stale: 0,
    unmapped: 0,
    invalid: 0,
    unparked: 0,
    reconciled: 0,
    failed: 0,
  };
  const client = new ChannelClient(
    baseUrl,
    account,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  const state = await readPullState(db, accommodationId);
  const pollMs = (options.pollSeconds ?? 30) * 1000;
  const gapStart =
    state.gapFrom ??
    (state.lastPullOkAt && now.getTime() - state.lastPullOkAt.getTime() > 2 * pollMs ? state.lastPullOkAt : null);

  const mapping = await loadMapping(db, accommodationId);
  const count = (outcome: ApplyOutcome) => {
    if (outcome === 'applied') result.applied++;
    else if (outcome === 'duplicate') result.duplicates++;
    else if (outcome === 'stale') result.stale++;
    else result.unmapped++;
  };
  /** Applies one revision; an error of ours (not the channel's) is logged and leaves it for the next pull. */
  const apply = async (rev: RevisionInput): Promise<ApplyOutcome | 'failed'> => {
    try {
      return await applyRevision(db, accommodationId, mapping, rev, now);
    } catch (error) {
      result.failed++;
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
      options.log?.warn({ accommodationId, revisionId: rev.id, code }, 'channel revision could not be applied');
      await writeSyncLogUnlessUnread(db, {
        accommodationId,
        success: false,
        message: pullMessages.applyFailed(rev.reservation_id),
        at: now,
      }).catch(() => undefined);
      return 'failed';
    }
  };

  /** Sets aside what the rules refused, once, with a log row that names each problem. */
  const setAside = async (raw: unknown, id: string, reservationId: string | null, problems: string[]) => {
    result.invalid++;
    options.log?.warn({ accommodationId, problems: problems.length }, 'channel revision refused by the rules');
    await parkRevision(db, {
      accommodationId,
      revisionId: id,
      reservationId,
      reason: 'invalid',
      detail: problems.join('、'),
      received: JSON.stringify(raw).slice(0, RECEIVED_KEPT_CHARACTERS),
    });
    await writeSyncLogUnlessUnread(db, {
      accommodationId,
      success: false,
      message: channelRevisionMessages.invalid(reservationId ?? '不明', problems),
      at: now,
    });
  };

  /** Checks and applies one revision of the feed; answers the id to acknowledge, or null to leave it. */
  const take = async (raw: ChannelRevision | ChannelBooking, idOf?: (r: RevisionInput) => string) => {
    const checked = checkRevision(idOf && typeof raw === 'object' && raw !== null ? { ...raw, id: 'recon' } : raw);
    if (!checked.ok) {
      const id = idOf ? reconRevisionId(checked.reservationId ?? '不明', 0) : checked.id;
      // What cannot be named cannot be acknowledged either: it stays in the feed, logged.
      if (id === null) {
        result.invalid++;
        await writeSyncLogUnlessUnread(db, {
          accommodationId,
          success: false,
          message: channelRevisionMessages.invalid('不明', checked.problems),
          at: now,
        });
        return null;
      }
      await setAside(raw, id, checked.reservationId, checked.problems);
      return id;
    }
    const rev: RevisionInput = idOf ? { ...checked.revision, id: idOf(checked.revision) } : checked.revision;
    const outcome = await apply(rev);
    if (outcome === 'failed') return null;
    if (!idOf) count(outcome);
    if (outcome === 'unmapped' && !idOf) {
      await parkRevision(db, {
        accommodationId,
        revisionId: rev.id,
        reservationId: rev.reservation_id,
        reason: 'unmapped',
        detail: rev.room_code,
        revision: rev,
      });
    }
    return { id: rev.id, outcome };
  };

  try {
    // Parked revisions whose room type has been mapped since go first, oldest first.
    for (const parked of await parkedUnmapped(db, accommodationId)) {
      const checked = checkRevision(parked.revision);
      if (!checked.ok) {
        await unparkRevision(db, parked.id);
        continue;
      }
      if (!mapping.roomByCode.has(checked.revision.room_code)) continue;
      const outcome = await apply(checked.revision);
      if (outcome === 'failed' || outcome === 'unmapped') continue;
      count(outcome);
      result.unparked++;
      await unparkRevision(db, parked.id);
    }

    for (let page = 0; page < (options.maxPages ?? DEFAULT_PAGES); page++) {
      const revisions = await client.feed();
      if (revisions.length === 0) break;
      let acked = 0;
      let ackError: ChannelError | undefined;
      for (const raw of revisions) {
        const taken = await take(raw);
        if (taken === null) continue;
        const id = typeof taken === 'string' ? taken : taken.id;
        // Only after its commit (or its parking): a crash before serves it again, a duplicate then.
        try {
          await client.ack(id);
          acked++;
        } catch (error) {
          // The revision comes again and is a duplicate then.
          if (!(error instanceof ChannelError)) throw error;
          ackError = error;
        }
      }
      // Not one acknowledgement went through: the channel is failing (the pull failed), or the page
      // held nothing to acknowledge and would come back as it is.
      if (acked === 0) {
        if (ackError) throw ackError;
        break;
      }
    }

    // The gap stays open (from its start) while its reconciliation left something behind.
    let gapLeft: Date | null = null;
    if (gapStart) {
      const bookings = await client.bookings(new Date(gapStart.getTime() - RECON_MARGIN_MS));
      let unmapped = 0;
      for (const b of bookings) {
        const taken = await take(b, (r) => reconRevisionId(r.reservation_id, r.seq));
        if (taken === null || typeof taken === 'string') continue;
        if (taken.outcome === 'applied') result.reconciled++;
        // Left in the site's list, read again at the next pull until its room type is mapped.
        if (taken.outcome === 'unmapped') {
          result.unmapped++;
          unmapped++;
        }
      }
      // An unmapped reservation keeps the gap open: the list is read again until it can be taken.
      if (unmapped > 0 || result.failed > 0) gapLeft = gapStart;
      if (state.gapFrom || bookings.length > 0) {
        await writeSyncLog(db, {
          accommodationId,
          success: true,
          message: pullMessages.reconciled(bookings.length),
          at: now,
        });
      }
    }
    await recordPullSuccess(db, accommodationId, now, gapLeft);
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const message = pullErrorMessage(error);
    await db.transaction(async (tx) => {
      await recordPullFailure(tx, accommodationId, now, message);
      await writeSyncLog(tx, { accommodationId, success: false, message, at: now });
    });
    result.error = error;
  }
  return result;
}

export interface FacilityPull extends Partial<PullResult> {
  accommodationId: number;
  /** An error that is not the channel's (the database, a password that cannot be opened). */
  failure?: unknown;
}

/** The accounts that can be opened; one whose password cannot be opened is reported, not fatal. */
async function openAccounts(db: Db, key: Buffer, out: FacilityPull[], now: Date): Promise<ChannelAccount[]> {
  try {
    return await loadChannelAccounts(db, key);
  } catch (error) {
    if (!(error instanceof ChannelCredentialsError)) throw error;
  }
  const accounts: ChannelAccount[] = [];
  for (const id of await channelFacilityIds(db)) {
    try {
      accounts.push(...(await loadChannelAccounts(db, key, id)));
    } catch (error) {
      if (!(error instanceof ChannelCredentialsError)) throw error;
      out.push({ accommodationId: id, failure: error });
      // Not the site refusing the password: this server cannot open the one stored (another key).
      const message = syncSettingMessages.passwordUnreadable;
      await db.transaction(async (tx) => {
        await recordPullFailure(tx, id, now, message);
        await writeSyncLogUnlessUnread(tx, { accommodationId: id, success: false, message, at: now });
      });
    }
  }
  return accounts;
}

/** One pull of every facility that syncs; one facility's failure does not stop the others. */
export async function pullAll(
  db: Db,
  baseUrl: string,
  key: Buffer,
  now: Date,
  options: PullOptions = {},
): Promise<FacilityPull[]> {
  const out: FacilityPull[] = [];
  for (const account of await openAccounts(db, key, out, now)) {
    try {
      out.push({ accommodationId: account.accommodationId, ...(await pullOnce(db, baseUrl, account, now, options)) });
    } catch (failure) {
      options.log?.warn({ accommodationId: account.accommodationId }, 'channel pull failed');
      out.push({ accommodationId: account.accommodationId, failure });
    }
  }
  return out;
}
