import { tokyoToday } from '../../contract/dates';
import { SEND_TYPE } from '../../contract/enums';
import type { Db, Tx } from '../db/client';
import { bookingsDueForTransferReminder } from '../db/queries/mail';
import { runExclusive } from '../jobs/exclusive';
import { queueTemplateMail } from '../services/bookMail';
import { cancelUnpaidPastDeadline } from './autoCancel';
import { resumeExpansions } from './publicationExpansion';
import { nudgeMailWorker } from './worker';

/**
 * Mail the calendar causes, found from the database on each turn (so a restart loses nothing):
 * the transfer-deadline reminder (send type 14) of unpaid bookings whose payment_limit_date is
 * within the accommodation's transfer_reminder_days (3 by default) and not past. Each goes once
 * per deadline (dedupe key `reminder:{bookId}:{payment_limit_date}`): a deadline moved later is
 * reminded again.
 */
export async function queueTransferReminders(tx: Tx, today: string = tokyoToday()): Promise<number> {
  let queued = 0;
  for (const due of await bookingsDueForTransferReminder(tx, today)) {
    const result = await queueTemplateMail(tx, {
      bookId: due.id,
      sendType: SEND_TYPE.transferDeadline,
      dedupeKey: `reminder:${due.id}:${due.payment_limit_date}`,
    });
    if ('id' in result) queued++;
  }
  return queued;
}

export interface ScheduledMail {
  /** One turn now (tests, and the first turn after start). */
  runOnce(): Promise<number>;
  stop(): void;
}

/**
 * Runs the scheduled mail every `intervalMs` (10 minutes by default), at most one process at a
 * time across the database (runExclusive, key mailSchedule); a process that finds another at work
 * skips its turn. Each turn then cancels the unpaid bookings past their deadline of the
 * accommodations that ask for it, with their mail (send type 21, server/mail/autoCancel.ts), and
 * finishes the bulk mail a crash left half-written (server/mail/publicationExpansion.ts).
 */
export function startScheduledMail(
  db: Db,
  options: { intervalMs?: number; firstDelayMs?: number; log?: { warn(obj: object, msg: string): void } } = {},
): ScheduledMail {
  const runOnce = async () => {
    let queued = 0;
    const mine = await runExclusive(db, 'mailSchedule', async (tx) => {
      queued = await queueTransferReminders(tx);
    });
    // The automatic cancel (send type 21), one transaction per booking (server/mail/autoCancel.ts),
    // on the turn this process holds; its row locks keep it safe should another process run it too.
    if (mine) queued += (await cancelUnpaidPastDeadline(db, { log: options.log })).mailed;
    // Bulk mail a crash left half-written gets the rest of its rows (idempotent: dedupe keys).
    if (mine) queued += await resumeExpansions(db);
    if (queued > 0) nudgeMailWorker();
    return queued;
  };
  const turn = () => {
    runOnce().catch((error: unknown) => options.log?.warn({ err: error }, 'scheduled mail failed; next turn retries'));
  };
  const first = setTimeout(turn, options.firstDelayMs ?? 5_000);
  const every = setInterval(turn, options.intervalMs ?? 600_000);
  first.unref();
  every.unref();
  return {
    runOnce,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
