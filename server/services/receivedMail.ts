import type { FreeMail, MailHistoryItem } from '../../contract/mailTemplate';
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
  replySource,
} from '../db/queries/receivedMail';
import { badRequest, conflict, notFound } from '../errors';
import { parseInbound } from '../mail/inbound/parse';
import { BookMailService } from './bookMail';
import { audit } from './audit';
import type { CurrentUser } from './auth';

/**
 * Received mail as staff read it (spec 2 "Received mail detail", 7 "Received mail"): the list, one
 * mail with its booking candidates (opening it marks it read), and its association to a booking.
 */
export function receivedMailService(db: Db, smtpConfigured = false) {
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

    /**
     * A reply in place (issue 32): free text from the booking's facility to the address the mail
     * came from, threaded under it (In-Reply-To its Message-ID, References its thread then it), in
     * the booking's mail history. The mail must name its booking first (409).
     */
    async reply(user: CurrentUser, id: number, input: FreeMail): Promise<MailHistoryItem> {
      const mail = await findReceivedMail(db, user, id);
      if (!mail) throw notFound();
      if (mail.book_id === null) throw conflict(receivedMailMessages.replyNeedsBooking);
      const source = await replySource(db, id);
      const thread = source?.raw ? (await parseInbound(Buffer.from(source.raw)).catch(() => null))?.replyTo : [];
      const messageId = source?.message_id ?? null;
      // References: the thread oldest first, then the mail answered; the last 20 at most.
      const references = [...new Set([...(thread ?? [])].reverse().concat(messageId ?? []))].slice(-20);
      return new BookMailService(db, smtpConfigured).sendFree(user, mail.book_id, input, null, {
        to: mail.from_address,
        inReplyTo: messageId,
        references: references.length > 0 ? references.join(' ') : null,
      });
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
