import { tokyoToday } from '../../contract/dates';
import { SEND_TYPE } from '../../contract/enums';
import type { Db } from '../db/client';
import { bookingsDueForAutoCancel, lockDueForAutoCancel } from '../db/queries/autoCancel';
import type { AuditUser } from './audit';
import { cancelLockedBooking } from './bookings';

/** The author of the automatic cancel's audit row, as the booking's 履歴 shows it. */
export const AUTO_CANCEL_AUTHOR = '自動キャンセル';

/** Bookings one turn cancels at most; more wait for the next turn (10 minutes later). */
export const AUTO_CANCEL_BATCH = 200;

export interface AutoCancelResult {
  /** Bookings cancelled this turn. */
  cancelled: number;
  /** Automatic-cancel mails (send type 21) queued with them. */
  mailed: number;
  /** Bookings whose cancel failed (rolled back; tried again next turn). */
  failed: number;
}

/**
 * The automatic cancel of unpaid bookings past their transfer deadline (send type 21, issue 20;
 * docs/decisions.md "Automatic cancel of unpaid bookings"), for the accommodations that asked for
 * it (auto_cancel_unpaid); run by the job server/jobs/autoCancel.ts. Each booking in its own transaction, through the API's cancel
 * (cancelLockedBooking): delete_flg 1 with cancel fee 0 (nothing is owed, so nothing to refund), an
 * audit row by the system (no user, author 自動キャンセル), and the automatic-cancel mail to a guest
 * with a mail address, once (dedupe key `autocancel:{bookId}`). Safe with several processes: the
 * booking's row is locked and the rule read again before the cancel, so a booking is cancelled
 * once and never after its money came in.
 */
export async function cancelUnpaidPastDeadline(
  db: Db,
  options: { today?: string; limit?: number; log?: { warn(obj: object, msg: string): void } } = {},
): Promise<AutoCancelResult> {
  const today = options.today ?? tokyoToday();
  const result: AutoCancelResult = { cancelled: 0, mailed: 0, failed: 0 };
  for (const id of await bookingsDueForAutoCancel(db, today, options.limit ?? AUTO_CANCEL_BATCH)) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const booking = await lockDueForAutoCancel(tx, id, today);
        if (!booking) return undefined;
        const system: AuditUser = { companyId: booking.company_id, id: null, name: AUTO_CANCEL_AUTHOR };
        const mail = await cancelLockedBooking(tx, system, booking, {
          fee: 0,
          mail: booking.mail ? { sendType: SEND_TYPE.autoCancel, dedupeKey: `autocancel:${id}` } : undefined,
        });
        return { mailed: mail !== undefined && 'id' in mail };
      });
      if (outcome) {
        result.cancelled++;
        if (outcome.mailed) result.mailed++;
      }
    } catch (error: unknown) {
      // One booking that cannot be cancelled does not hold up the others; the next turn tries it again.
      result.failed++;
      // The id and the database's error code only: a failed statement's text may carry guest data.
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
      options.log?.warn({ bookId: id, code }, 'automatic cancel of a booking failed');
    }
  }
  return result;
}
