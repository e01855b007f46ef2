import type { ReceivedMail, ReceivedMailList } from '../../contract/receivedMail';
import { receivedMailMessages } from '../../contract/receivedMail';
import type { Db } from '../db/client';
import {
  bookingCandidates,
  findReceivedMail,
  linkReceivedMail,
  listReceivedMail,
  markReceivedMailRead,
  reachableBooking,
} from '../db/queries/receivedMail';
import { badRequest, notFound } from '../errors';
import { audit } from './audit';
import type { CurrentUser } from './auth';

/**
 * Received mail as staff read it (spec 2 "Received mail detail", 7 "Received mail"): the list, one
 * mail with its booking candidates (opening it marks it read), and its association to a booking.
 */
export function receivedMailService(db: Db) {
  async function detail(user: CurrentUser, id: number): Promise<ReceivedMail> {
    const mail = await findReceivedMail(db, user, id);
    if (!mail) throw notFound();
    const { company_id: _company, ...rest } = mail;
    return { ...rest, candidates: await bookingCandidates(db, user, mail.from_address) };
  }

  return {
    list: (user: CurrentUser, offset: number, limit: number): Promise<ReceivedMailList> =>
      listReceivedMail(db, user, offset, limit),

    /** The mail, its text and candidates; the first opening marks it read. */
    async open(user: CurrentUser, id: number): Promise<ReceivedMail> {
      const found = await findReceivedMail(db, user, id);
      if (!found) throw notFound();
      if (!found.read) await markReceivedMailRead(db, id);
      return { ...(await detail(user, id)), read: true };
    },

    /** Records the booking the mail is about (one the user may reach), with its audit row. */
    async associate(user: CurrentUser, id: number, bookId: number): Promise<ReceivedMail> {
      await db.transaction(async (tx) => {
        const mail = await findReceivedMail(tx, user, id, true);
        if (!mail) throw notFound();
        const booking = await reachableBooking(tx, user, bookId);
        if (!booking) {
          throw badRequest(receivedMailMessages.bookNotFound, { book_id: receivedMailMessages.bookNotFound });
        }
        await linkReceivedMail(tx, id, booking, mail.company_id ?? user.companyId);
        await audit(tx, user, {
          action: 'update',
          target: 'received_mail',
          targetId: id,
          booking,
          before: { book_id: mail.book_id, accommodation_id: mail.accommodation_id },
          after: { book_id: booking.id, accommodation_id: booking.accommodation_id },
        });
      });
      return detail(user, id);
    },
  };
}
