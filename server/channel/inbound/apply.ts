import { VIA } from '../../../contract/enums';
import { MINPAKU_DAY_LIMIT } from '../../../contract/minpaku';
import { formatDate } from '../../../i18n/formats';
import type { Db, Tx } from '../../db/client';
import { lockRooms } from '../../db/queries/bookings';
import {
  clearResolvedOverbookings,
  companyOfAccommodation,
  insertChannelBooking,
  lockChannelBooking,
  markCancelSynced,
  markChannelApply,
  markChannelCancelled,
  recordRevision,
  setExternalSeq,
  setOverbooked,
  updateChannelBooking,
  type ChannelStay,
} from '../../db/queries/channel/revisions';
import { writeSyncLog, writeSyncLogUnlessUnread } from '../../db/queries/channel/syncLogs';
import { crowdedNights } from '../../db/queries/occupancy';
import { audit, type AuditUser } from '../../services/audit';
import { cancelLockedBooking, newUid } from '../../services/bookings';
import { flagMinpakuDays } from '../../services/minpaku';
import { refreshTaxDue } from '../../services/tax/taxDue';
import type { ChannelMapping } from '../wire/mapping';
import type { ChannelReservation } from '../wire/types';

/**
 * Bookings in (issue 21, docs/channel.md): one revision of a site reservation applied in one
 * transaction, keyed by (facility, revision id) in channel_revisions. The caller acknowledges the
 * revision on the channel only after this committed ('applied', 'duplicate', 'stale'), so a crash
 * between the two serves it again and it is a duplicate. Each booking keeps the seq of the last
 * revision applied (external_seq): an older or equal one changes nothing, so revisions served twice
 * or out of order end in the same state. A booking that overbooks a night is kept and flagged,
 * never dropped.
 */

export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'unmapped';

/** A feed revision, or a reservation of the booking list read as one (reconciliation). */
export interface RevisionInput extends ChannelReservation {
  id: string;
}

/** The author of the channel's audit rows, as the booking's 履歴 shows it. */
export const CHANNEL_AUTHOR = '外部予約サイト';

/** The revision id a reservation of the booking list is applied under (reconciliation after a gap). */
export const reconRevisionId = (reservationId: string, seq: number) => `recon:${reservationId}:${seq}`;

/** What a revision sets of its booking, as the booking's audit rows name it. */
function trailOf(rev: RevisionInput, roomId: number, planId: number | null, name: string) {
  return {
    room_id: roomId,
    plan_id: planId,
    start_date: rev.start_date,
    days: rev.nights,
    person_number: rev.guests,
    name,
    price_sub: rev.amount,
  };
}

export const channelLogMessages = {
  imported: (name: string, start: string, nights: number) =>
    `外部予約サイトの予約を取り込みました（${name}様 ${formatDate(start)}から${nights}泊）。`,
  importedCancelled: (name: string, start: string, nights: number) =>
    `外部予約サイトでキャンセル済みの予約を取り込みました（${name}様 ${formatDate(start)}から${nights}泊）。`,
  modified: (name: string, start: string, nights: number) =>
    `外部予約サイトで予約が変更されました（${name}様 ${formatDate(start)}から${nights}泊）。`,
  cancelled: '外部予約サイトでキャンセルされました。',
  overbooked: (night: string) =>
    `外部予約サイトから ${formatDate(night)} の予約を取り込みましたが、在庫がありません（オーバーブッキング）。`,
  overbookedByChange: (night: string) =>
    `外部予約サイトで変更された予約の ${formatDate(night)} に在庫がありません（オーバーブッキング）。`,
  minpakuOver: (fiscalYear: number, days: number) =>
    `外部予約サイトの予約で、住宅宿泊事業の${fiscalYear}年度の宿泊日数が${days}日になり、年間${MINPAKU_DAY_LIMIT}日を超えました。日程の変更かキャンセルをご検討ください。`,
  unmapped: (roomCode: string, reservationId: string) =>
    `外部予約サイトの部屋タイプ「${roomCode}」が連携設定にないため、予約（予約番号 ${reservationId}）を取り込めません。部屋タイプの連携設定を確認してください。`,
} as const;

/** Rolls the transaction back: the revision stays unapplied (and unacknowledged). */
class UnmappedRoom extends Error {}

async function systemAuthor(tx: Tx, accommodationId: number): Promise<AuditUser> {
  return { companyId: await companyOfAccommodation(tx, accommodationId), id: null, name: CHANNEL_AUTHOR };
}

const guestName = (name: string) => name.trim() || 'お客様';
const guestMail = (mail: string | null | undefined) => (mail ?? '').trim().toLowerCase() || null;

/**
 * Applies one revision (see the module comment). `now` stamps the sync log rows and a cancel-first
 * booking's cancel date (a fake clock in tests).
 */
export async function applyRevision(
  db: Db,
  accommodationId: number,
  mapping: ChannelMapping,
  rev: RevisionInput,
  now: Date,
): Promise<ApplyOutcome> {
  try {
    return await db.transaction(async (tx) => {
      // The channel's own change: the trigger keeps sync as we set it (migration 0014).
      await markChannelApply(tx);
      if (!(await recordRevision(tx, accommodationId, rev))) return 'duplicate';
      for (let attempt = 0; ; attempt++) {
        const current = await lockChannelBooking(tx, accommodationId, rev.reservation_id);
        if (current) return applyToExisting(tx, accommodationId, mapping, rev, current, now);
        const created = await createBooking(tx, accommodationId, mapping, rev, now);
        if (created) return 'applied';
        // Another process created it meanwhile (bookings_external_id_key): apply over it, once. Not
        // found then either: roll back, the revision stays unacknowledged and comes again.
        if (attempt > 0) throw new Error('channel booking neither found nor created');
      }
    });
  } catch (error) {
    if (!(error instanceof UnmappedRoom)) throw error;
    await logUnmapped(db, accommodationId, rev, now);
    return 'unmapped';
  }
}

/** One row per unmapped reservation while staff have not read it: the poll retries every 30 s. */
async function logUnmapped(db: Db, accommodationId: number, rev: RevisionInput, now: Date) {
  const message = channelLogMessages.unmapped(rev.room_code, rev.reservation_id);
  await writeSyncLogUnlessUnread(db, { accommodationId, success: false, message, at: now });
}

/** Inserts the booking of a reservation seen for the first time; false when another process won the race. */
async function createBooking(
  tx: Tx,
  accommodationId: number,
  mapping: ChannelMapping,
  rev: RevisionInput,
  now: Date,
): Promise<boolean> {
  const room = mapping.roomByCode.get(rev.room_code);
  if (!room) throw new UnmappedRoom();
  const planId = mapping.planByCode.get(rev.plan_code)?.id ?? null;
  const cancelled = rev.status === 'cancelled';
  const name = guestName(rev.name);
  // The room type first, as every booking write takes it: a console booking checking the same
  // nights waits for this one, and then sees it.
  await lockRooms(tx, [room.id]);
  const id = await insertChannelBooking(tx, {
    accommodationId,
    roomId: room.id,
    planId,
    name,
    mail: guestMail(rev.mail),
    startDate: rev.start_date,
    nights: rev.nights,
    guests: rev.guests,
    amount: rev.amount,
    uid: newUid(),
    reservationId: rev.reservation_id,
    seq: rev.seq,
    cancelledAt: cancelled ? now : null,
  });
  if (id === undefined) return false;
  await refreshTaxDue(tx, [id]);
  const booking = { id, accommodation_id: accommodationId };
  await audit(tx, await systemAuthor(tx, accommodationId), {
    action: 'create',
    target: 'booking',
    targetId: id,
    booking,
    after: {
      ...trailOf(rev, room.id, planId, name),
      via: VIA.channel,
      external_id: rev.reservation_id,
      ...(cancelled ? { delete_flg: 1 } : {}),
    },
  });
  const log = (success: boolean, message: string) =>
    writeSyncLog(tx, { accommodationId, bookId: id, success, message, at: now });
  if (cancelled) {
    await log(true, channelLogMessages.importedCancelled(name, rev.start_date, rev.nights));
    return true;
  }
  await log(true, channelLogMessages.imported(name, rev.start_date, rev.nights));
  const over = await crowdedNights(tx, room.id, rev.start_date, rev.nights, 'over');
  if (over.length > 0) {
    await setOverbooked(tx, id, 1);
    await log(false, channelLogMessages.overbooked(over[0]!));
  }
  const excess = await flagMinpakuDays(tx, accommodationId, { id, startDate: rev.start_date, days: rev.nights }, true);
  if (excess) await log(false, channelLogMessages.minpakuOver(excess.fiscalYear, excess.days));
  return true;
}

async function applyToExisting(
  tx: Tx,
  accommodationId: number,
  mapping: ChannelMapping,
  rev: RevisionInput,
  current: ChannelStay,
  now: Date,
): Promise<ApplyOutcome> {
  if (current.external_seq !== null && current.external_seq >= rev.seq) return 'stale';
  // Our own change coming back (PATCH or cancel through the channel API): the booking holds it
  // already, or a later change of ours that is still to reach the site.
  if (rev.origin === 'hotel') {
    await setExternalSeq(tx, current.id, rev.seq);
    return 'stale';
  }
  const log = (success: boolean, message: string) =>
    writeSyncLog(tx, { accommodationId, bookId: current.id, success, message, at: now });

  if (rev.status === 'cancelled') {
    if (current.delete_flg === 1) {
      // Cancelled here already (staff, waiting to reach the site): now both sides agree.
      await markCancelSynced(tx, current.id, rev.seq);
      return 'applied';
    }
    // The API's cancel: delete_flg 1, cancel date, no cancel fee, audit row by the channel.
    await cancelLockedBooking(tx, await systemAuthor(tx, accommodationId), current, { fee: null });
    await markChannelCancelled(tx, current.id, rev.seq);
    await clearResolvedOverbookings(tx, current.room_id, current.start_date, current.end_date);
    await flagMinpakuDays(
      tx,
      accommodationId,
      { id: current.id, startDate: current.start_date, days: current.days },
      false,
    );
    await log(true, channelLogMessages.cancelled);
    return 'applied';
  }

  const room = mapping.roomByCode.get(rev.room_code);
  if (!room) throw new UnmappedRoom();
  const planId = mapping.planByCode.get(rev.plan_code)?.id ?? null;
  const name = guestName(rev.name);
  await lockRooms(tx, [current.room_id, room.id]);
  const before = {
    room_id: current.room_id,
    plan_id: current.plan_id,
    start_date: current.start_date,
    days: current.days,
    person_number: current.person_number,
    name: current.name,
    price_sub: current.price_sub,
  };
  const after = trailOf(rev, room.id, planId, name);
  const live = current.delete_flg === 0;
  await updateChannelBooking(tx, current.id, {
    roomId: room.id,
    planId,
    startDate: rev.start_date,
    nights: rev.nights,
    guests: rev.guests,
    name,
    amount: rev.amount,
    seq: rev.seq,
    // A booking staff cancelled here stays cancelled, unsynced: our cancel still goes to the site.
    sync: live ? 1 : current.sync,
  });
  await refreshTaxDue(tx, [current.id]);
  const over = live ? await crowdedNights(tx, room.id, rev.start_date, rev.nights, 'over') : [];
  const overbooked = over.length > 0 ? 1 : 0;
  if (overbooked !== current.overbooked) {
    await setOverbooked(tx, current.id, overbooked);
  }
  await audit(tx, await systemAuthor(tx, accommodationId), {
    action: 'update',
    target: 'booking',
    targetId: current.id,
    booking: current,
    before: { ...before, overbooked: current.overbooked },
    after: { ...after, overbooked },
  });
  if (live) await clearResolvedOverbookings(tx, current.room_id, current.start_date, current.end_date);
  const stay = { id: current.id, startDate: rev.start_date, days: rev.nights };
  const excess = await flagMinpakuDays(tx, accommodationId, stay, live);
  await log(true, channelLogMessages.modified(name, rev.start_date, rev.nights));
  if (over.length > 0) await log(false, channelLogMessages.overbookedByChange(over[0]!));
  if (excess) await log(false, channelLogMessages.minpakuOver(excess.fiscalYear, excess.days));
  return 'applied';
}
