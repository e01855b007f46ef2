import { tokyoToday } from '../../contract/dates';
import { SEND_TYPE } from '../../contract/enums';
import type { Tx } from '../db/client';
import { bookingsDueForTransferReminder } from '../db/queries/mail';
import { queueTemplateMail } from './bookMail';

/**
 * Mail the calendar causes, found from the database on each turn (so a restart loses nothing):
 * the transfer-deadline reminder (send type 14) of unpaid bookings whose payment_limit_date is
 * within the accommodation's transfer_reminder_days (3 by default) and not past. Each goes once
 * per deadline (dedupe key `reminder:{bookId}:{payment_limit_date}`): a deadline moved later is
 * reminded again. Run by the job server/jobs/scheduledMail.ts.
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
