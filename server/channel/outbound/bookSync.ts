import { randomBytes } from 'node:crypto';
import { errorMessages } from '../../../contract/messages';
import { syncSettingMessages } from '../../../contract/syncSetting';
import type { Db } from '../../db/client';
import {
  findSyncBooking,
  markBookingSynced,
  unsyncedChannelBookings,
  type SyncBooking,
} from '../../db/queries/channel/bookSync';
import { CHANGE_KIND, enqueueChange } from '../../db/queries/channel/changes';
import { markChannelApply } from '../../db/queries/channel/revisions';
import { channelStateOf } from '../../db/queries/channel/state';
import { lastBookingLog, writeSyncLog } from '../../db/queries/channel/syncLogs';
import { AppError, conflict, notFound } from '../../errors';
import { runLeased } from '../../jobs/exclusive';
import { ChannelClient, ChannelError, channelErrorMessage } from '../wire/client';
import { ChannelCredentialsError, loadChannelAccounts, type ChannelAccount } from '../wire/credentials';
import { loadMapping } from '../wire/mapping';
import { forEachAccount, pushMessages, pushOnce, type PushResult } from './push';
import type { ChannelBooking } from '../wire/types';

/**
 * Our changes of a booking reach the channel (PATCH /api/admin/books/{id}/sync, and the scheduler
 * for every unsynced channel booking). A channel booking (via 1) that staff changed or cancelled
 * here is unsynced (sync 0, set by the trigger of migration 0014); syncing it changes or cancels the
 * reservation on the site, then marks it synced in a transaction flagged as the channel's own
 * (yadoban.channel_apply), so that the trigger leaves sync alone. Any other booking is synced by
 * pushing its room type's stock for its nights.
 */

/** Where the channel is and the key that opens its passwords. */
export interface ChannelEndpoint {
  baseUrl: string;
  key: Buffer;
  timeoutMs?: number;
}

/** Unsynced channel bookings one scheduler run syncs at most. */
export const SYNC_BATCH = 50;

export const bookSyncMessages = {
  changed: (uid: string) => `予約（${uid.slice(0, 3)}）の変更を外部予約サイトへ送信しました。`,
  cancelled: (uid: string) => `予約（${uid.slice(0, 3)}）のキャンセルを外部予約サイトへ送信しました。`,
  stockPushed: (uid: string) => `予約（${uid.slice(0, 3)}）の在庫を外部予約サイトへ送信しました。`,
  stockQueued: (uid: string) => `予約（${uid.slice(0, 3)}）の在庫を外部予約サイトへの送信待ちに入れました。`,
  failed: (uid: string, reason: string) =>
    `予約（${uid.slice(0, 3)}）を外部予約サイトと同期できませんでした。${reason}`,
};

/** The HTTP error staff see for a channel's refusal (spec section 8): 409 a refusal, 502 the channel down. */
export function syncHttpError(error: unknown): AppError {
  const message = channelErrorMessage(error);
  if (error instanceof ChannelError && !error.retryable) return conflict(message);
  return new AppError(502, 'channel_unavailable', message);
}

/**
 * Marks the booking synced (and the site's seq) in the channel's own transaction, only if it is
 * still what was sent: a change made meanwhile keeps it unsynced for the next sync.
 */
async function markSynced(
  db: Db,
  booking: SyncBooking,
  message: string,
  externalSeq: number | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await markChannelApply(tx);
    if (!(await markBookingSynced(tx, booking, externalSeq))) return;
    await writeSyncLog(tx, {
      accommodationId: booking.accommodation_id,
      bookId: booking.id,
      success: true,
      message,
      at: now,
    });
  });
}

/**
 * A failure sync log row of the booking. The scheduler retries unsynced bookings every turn: it
 * writes no row when the booking's last row already says the same (no log flood); staff asking
 * (actorUserId) always get theirs.
 */
async function logFailure(
  db: Db,
  booking: SyncBooking,
  error: unknown,
  now: Date,
  actorUserId: number | null,
  /** The reason in place of the channel's error (a password this server cannot open). */
  reason?: string,
): Promise<void> {
  const message = bookSyncMessages.failed(booking.uid, reason ?? channelErrorMessage(error));
  if (actorUserId === null) {
    const last = await lastBookingLog(db, booking.id);
    if (last && last.success === 0 && last.message === message) return;
  }
  await writeSyncLog(db, {
    accommodationId: booking.accommodation_id,
    bookId: booking.id,
    success: false,
    message,
    at: now,
  });
}

/** The facility's account; the error when its password cannot be opened (sealed under another key). */
async function accountOf(
  db: Db,
  channel: ChannelEndpoint,
  accommodationId: number,
): Promise<ChannelAccount | ChannelCredentialsError | undefined> {
  try {
    return (await loadChannelAccounts(db, channel.key, accommodationId))[0];
  } catch (error) {
    // The password must be entered again on the settings page.
    if (error instanceof ChannelCredentialsError) return error;
    throw error;
  }
}

/**
 * Syncs one booking with the channel. Throws AppError: 404 for an unknown booking, 409 with the
 * sentence of spec section 8 when the facility has no usable setting or the site refuses, 502 when
 * the site cannot be reached. The caller checks that the user may reach the booking.
 */
export async function syncBooking(
  db: Db,
  bookingId: number,
  actorUserId: number | null,
  now: Date,
  channel: ChannelEndpoint,
): Promise<void> {
  const booking = await findSyncBooking(db, bookingId);
  if (!booking) throw notFound();
  const account = await accountOf(db, channel, booking.accommodation_id);
  if (account instanceof ChannelCredentialsError) {
    await logFailure(db, booking, account, now, actorUserId, syncSettingMessages.passwordUnreadable);
    throw conflict(syncSettingMessages.passwordUnreadable);
  }
  if (!account) {
    await logFailure(db, booking, undefined, now, actorUserId);
    throw conflict(errorMessages.syncFailed);
  }

  if (booking.via !== 1) {
    await syncOurBooking(db, booking, account, actorUserId, now, channel);
    return;
  }
  if (booking.sync === 1) return;
  if (!booking.external_id) {
    await logFailure(db, booking, undefined, now, actorUserId);
    throw conflict(errorMessages.syncFailed);
  }

  const client = new ChannelClient(channel.baseUrl, account, { timeoutMs: channel.timeoutMs });
  let answer: ChannelBooking;
  let message: string;
  try {
    if (booking.delete_flg === 1) {
      answer = await client.cancelBooking(booking.external_id);
      message = bookSyncMessages.cancelled(booking.uid);
    } else {
      const mapping = await loadMapping(db, booking.accommodation_id);
      const room = mapping.roomById.get(booking.room_id);
      const plan = booking.plan_id === null ? undefined : mapping.planById.get(booking.plan_id);
      if (!room || !plan) {
        // Without the site's codes of the room type and plan there is nothing the site understands.
        await logFailure(db, booking, undefined, now, actorUserId);
        throw conflict(errorMessages.syncFailed);
      }
      answer = await client.changeBooking(booking.external_id, {
        room_code: room.code,
        plan_code: plan.code,
        start_date: booking.start_date,
        nights: booking.days,
        guests: booking.person_number,
        name: booking.name,
      });
      message = bookSyncMessages.changed(booking.uid);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    await logFailure(db, booking, error, now, actorUserId);
    throw syncHttpError(error);
  }
  await markSynced(db, booking, message, answer.seq ?? null, now);
}

/** A booking made here: its room type's stock for its nights goes to the site now. */
async function syncOurBooking(
  db: Db,
  booking: SyncBooking,
  account: ChannelAccount,
  actorUserId: number | null,
  now: Date,
  channel: ChannelEndpoint,
): Promise<void> {
  await enqueueChange(db, booking.accommodation_id, {
    kind: CHANGE_KIND.availability,
    targetId: booking.room_id,
    from: booking.start_date,
    toExclusive: booking.end_date,
  });
  // Pushes are absolute values: two pushers at once could land an older snapshot after a newer one.
  // The scheduler's lease keeps this push apart from its own; while the scheduler holds it, its turn
  // (seconds away) takes the queued change.
  let pushed: PushResult | undefined;
  const holder = `bookSync:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ran = await runLeased(db, 'channelSync', holder, async () => {
    pushed = await pushOnce(db, channel.baseUrl, account, now, { timeoutMs: channel.timeoutMs });
  });
  if (!ran || !pushed) {
    await markSynced(db, booking, bookSyncMessages.stockQueued(booking.uid), null, now);
    return;
  }
  if (pushed.error && pushed.error.code !== 'rate_limited') {
    // The change stays queued for the next push; staff learn why this one did not go now.
    await logFailure(db, booking, pushed.error, now, actorUserId);
    throw syncHttpError(pushed.error);
  }
  if (pushed.waitedUntil) {
    // A wait of an earlier failure: staff learn that failure, the change stays queued.
    const reason = await pushFailureReason(db, booking.accommodation_id);
    if (reason !== undefined) {
      await writeSyncLog(db, {
        accommodationId: booking.accommodation_id,
        bookId: booking.id,
        success: false,
        message: bookSyncMessages.failed(booking.uid, reason),
        at: now,
      });
      throw reason === errorMessages.syncWrongPassword || reason === errorMessages.syncStateNotAllowed
        ? conflict(reason)
        : new AppError(502, 'channel_unavailable', reason);
    }
    // The site's rate limit (or our pace) holds the push: the change is queued and goes after it.
    await markSynced(db, booking, bookSyncMessages.stockQueued(booking.uid), null, now);
    return;
  }
  await markSynced(db, booking, bookSyncMessages.stockPushed(booking.uid), null, now);
}

/** The reason of the facility's last failed push while its wait runs (channel_state.last_error), if any. */
async function pushFailureReason(db: Db, accommodationId: number): Promise<string | undefined> {
  const state = await channelStateOf(db, accommodationId);
  const failed = pushMessages.failed('');
  return state?.last_error?.startsWith(failed) ? state.last_error.slice(failed.length) : undefined;
}

/**
 * The scheduler's turn for one facility: its unsynced channel bookings (via 1, sync 0, the index
 * bookings_channel_unsynced_idx), oldest first, at most `limit`. A refusal of one booking is
 * logged and left unsynced for staff; a refusal of the facility (password, state) or the site down
 * ends the turn, as the rest would fail alike.
 */
export async function syncPendingBookingsOf(
  db: Db,
  account: ChannelAccount,
  now: Date,
  channel: ChannelEndpoint,
  limit = SYNC_BATCH,
): Promise<{ synced: number; failed: number }> {
  const out = { synced: 0, failed: 0 };
  if (limit <= 0) return out;
  for (const id of await unsyncedChannelBookings(db, account.accommodationId, limit)) {
    try {
      await syncBooking(db, id, null, now, channel);
      out.synced++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.failed++;
      if (error.statusCode === 502 || facilityRefusals.has(error.message)) break;
    }
  }
  return out;
}

const facilityRefusals = new Set<string>([
  syncSettingMessages.passwordUnreadable,
  errorMessages.syncFailed,
  errorMessages.syncWrongPassword,
  errorMessages.syncStateNotAllowed,
]);

/** Every facility's unsynced channel bookings (the scheduler): at most SYNC_BATCH in all per run. */
export async function syncPendingBookings(db: Db, baseUrl: string, key: Buffer, now: Date) {
  let budget = SYNC_BATCH;
  return forEachAccount(db, key, async (account) => {
    const result = await syncPendingBookingsOf(db, account, now, { baseUrl, key }, budget);
    budget -= result.synced + result.failed;
    return result;
  });
}
