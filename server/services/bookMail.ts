import { mailStatusLabels, SEND_TYPE, type MailStatus } from '../../contract/enums';
import {
  mailTemplateMessages as msg,
  type FreeMail,
  type MailHistoryItem,
  type MailTemplate,
} from '../../contract/mailTemplate';
import { senderAddressMessages } from '../../contract/senderAddress';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/mail';
import { isVerifiedSender } from '../db/queries/senderAddresses';
import { receivedMailsOfBooking } from '../db/queries/receivedMail';
import { badRequest, conflict, notFound } from '../errors';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { renderLine, renderText, type MailBooking } from '../mail/render';
import { usesPlaceholder } from '../../contract/placeholders';
import { checkinLinkForMail } from './precheckin';
import type { CurrentUser } from './auth';

/** What staff read of a mail's state; a queued mail without SMTP_URL waits for it. */
export const SMTP_NOT_CONFIGURED_LABEL = '未送信（SMTP未設定）';

export function mailStatusLabel(status: MailStatus, smtpConfigured: boolean): string {
  return status === 'queued' && !smtpConfigured ? SMTP_NOT_CONFIGURED_LABEL : mailStatusLabels[status];
}

const asMailBooking = (b: q.MailBookingRow): MailBooking => ({
  name: b.name,
  start_date: b.start_date,
  end_date: b.end_date,
  days: b.days,
  person_number: b.person_number,
  room_name: b.room_name,
  plan_name: b.plan_name,
  uid: b.uid,
  external_id: b.external_id,
  payment_limit_date: b.payment_limit_date,
  accommodation_name: b.accommodation_name,
  price: b.price,
  price_sub: b.price_sub,
  options: b.options,
});

/**
 * The booking as a mail of these texts needs it: when they hold {{book.checkin_url}}, a new link to
 * the pre-check-in page is made for this mail (none for a cancelled booking or a stay that has ended).
 */
async function mailBookingFor(tx: Tx, b: q.MailBookingRow, texts: readonly string[]): Promise<MailBooking> {
  const booking = asMailBooking(b);
  if (!texts.some((t) => usesPlaceholder(t, 'book.checkin_url'))) return booking;
  const link = await checkinLinkForMail(tx, b);
  return { ...booking, checkin_url: link?.url ?? '' };
}

/** The mail of a template for a booking, filled in (subject on one line). */
export function renderTemplate(template: Pick<MailTemplate, 'title' | 'body'>, booking: MailBooking) {
  return { title: renderLine(template.title, booking), body: renderText(template.body, booking) };
}

export interface TemplateMailRequest {
  bookId: number;
  sendType: number;
  /** Automatic mail: the key that makes it happen once (`book:12:1`, `payment:40`). */
  dedupeKey?: string | null;
  createdBy?: number | null;
  /**
   * Staff's send: a template whose sender is not a verified address is not queued (the caller
   * answers 409). Automatic mail is queued all the same, and the worker records it failed with the
   * reason in the booking's mail history, where staff see it and send it again.
   */
  refuseUnverifiedSender?: boolean;
}

/**
 * Queues the template of a send type for a booking to the guest, in the caller's transaction.
 * Answers the mail's id, or why it was not queued: the guest has no mail, the accommodation has no
 * template of that kind, or (with a dedupe key) it was queued already.
 */
export async function queueTemplateMail(
  tx: Tx,
  request: TemplateMailRequest,
): Promise<
  | { id: number }
  | { skipped: 'no_mail' | 'no_template' | 'duplicate' | 'no_booking' }
  | { skipped: 'unverified_sender'; address: string }
> {
  const booking = await q.findMailBooking(tx, request.bookId, null);
  if (!booking) return { skipped: 'no_booking' };
  if (!booking.mail) return { skipped: 'no_mail' };
  const template = await q.findTemplateBySendType(tx, booking.accommodation_id, request.sendType);
  if (!template) return { skipped: 'no_template' };
  if (request.refuseUnverifiedSender && !(await isVerifiedSender(tx, booking.company_id, template.from_address))) {
    return { skipped: 'unverified_sender', address: template.from_address };
  }
  const { title, body } = renderTemplate(template, await mailBookingFor(tx, booking, [template.title, template.body]));
  const [id] = await enqueueMail(tx, [
    {
      companyId: booking.company_id,
      accommodationId: booking.accommodation_id,
      bookId: booking.id,
      sendType: request.sendType,
      dedupeKey: request.dedupeKey ?? null,
      to: booking.mail,
      toName: booking.name,
      from: template.from_address,
      fromName: template.from_name,
      title,
      body,
      createdBy: request.createdBy ?? null,
    },
  ]);
  return id === undefined ? { skipped: 'duplicate' } : { id };
}

/**
 * A booking's mail (spec 7 "POST /admin/books/{id}/mail", "GET books/{bookId}/mail/body", "POST
 * books/{bookId}/mail"): a template or free text to the guest, and the history with each mail's
 * state. Another facility's booking is 404.
 */
export class BookMailService {
  constructor(
    private readonly db: Db,
    private readonly smtpConfigured: boolean,
  ) {}

  private async booking(tx: Tx, user: CurrentUser, bookId: number): Promise<q.MailBookingRow> {
    const booking = await q.findMailBooking(tx, bookId, user.accommodationIds);
    if (!booking) throw notFound();
    return booking;
  }

  private async item(tx: Tx, bookId: number, id: number): Promise<MailHistoryItem> {
    const found = (await q.bookingMailHistory(tx, bookId)).find((m) => m.id === id);
    if (!found) throw notFound();
    return this.asItem(found);
  }

  private asItem(row: q.MailHistoryRow): MailHistoryItem {
    return { ...row, status_label: mailStatusLabel(row.status, this.smtpConfigured) };
  }

  async history(user: CurrentUser, bookId: number) {
    const booking = await this.booking(this.db, user, bookId);
    const rows = await q.bookingMailHistory(this.db, booking.id);
    return {
      items: rows.map((r) => this.asItem(r)),
      received: await receivedMailsOfBooking(this.db, booking.id),
      smtp_configured: this.smtpConfigured,
    };
  }

  /** The template of a send type to the guest (staff may send it again: no dedupe). */
  async sendTemplate(user: CurrentUser, bookId: number, sendType: number): Promise<MailHistoryItem> {
    return this.db.transaction(async (tx) => {
      const booking = await this.booking(tx, user, bookId);
      if (!booking.mail) throw conflict(msg.noGuestMail);
      const queued = await queueTemplateMail(tx, {
        bookId: booking.id,
        sendType,
        createdBy: user.id,
        refuseUnverifiedSender: true,
      });
      if ('skipped' in queued) {
        if (queued.skipped === 'no_template') throw badRequest(msg.noTemplate, { type: msg.noTemplate });
        if (queued.skipped === 'unverified_sender') {
          throw conflict(senderAddressMessages.templateSenderNotVerified(queued.address));
        }
        throw conflict(msg.noGuestMail);
      }
      return this.item(tx, booking.id, queued.id);
    });
  }

  /** A template filled for the booking, for the compose popup's preview (`boby`: the spec's name). */
  async body(user: CurrentUser, bookId: number, templateId: number): Promise<{ boby: string; title: string }> {
    const booking = await this.booking(this.db, user, bookId);
    const template = await q.findTemplate(this.db, booking.accommodation_id, templateId);
    if (!template) throw notFound();
    // The preview makes no link: it shows where the one made at sending goes.
    const { title, body } = renderTemplate(template, {
      ...asMailBooking(booking),
      checkin_url: msg.checkinUrlPreview,
    });
    return { boby: body, title };
  }

  /**
   * Free text to the guest, placeholders filled, from the sender of the booking-completed template;
   * with a file of its own when given (a receipt's PDF, issue 31). A reply to a mail the guest sent
   * (issue 32) goes to the address it came from, with the headers that thread it.
   */
  async sendFree(
    user: CurrentUser,
    bookId: number,
    input: FreeMail,
    attachment: OutgoingMail['attachment'] = null,
    reply?: { to: string; inReplyTo: string | null; references: string | null },
  ): Promise<MailHistoryItem> {
    return this.db.transaction(async (tx) => {
      const booking = await this.booking(tx, user, bookId);
      const to = reply?.to ?? booking.mail;
      if (!to) throw conflict(msg.noGuestMail);
      const sender =
        (await q.findTemplateBySendType(tx, booking.accommodation_id, SEND_TYPE.bookingCompleted)) ??
        (await q.listTemplates(tx, booking.accommodation_id))[0];
      if (!sender) throw conflict(msg.noTemplate);
      if (!(await isVerifiedSender(tx, booking.company_id, sender.from_address))) {
        throw conflict(senderAddressMessages.templateSenderNotVerified(sender.from_address));
      }
      const { title, body } = renderTemplate(input, await mailBookingFor(tx, booking, [input.title, input.body]));
      const [id] = await enqueueMail(tx, [
        {
          companyId: booking.company_id,
          accommodationId: booking.accommodation_id,
          bookId: booking.id,
          sendType: null,
          to,
          toName: to.toLowerCase() === booking.mail?.toLowerCase() ? booking.name : null,
          from: sender.from_address,
          fromName: sender.from_name,
          title,
          body,
          attachment,
          inReplyTo: reply?.inReplyTo ?? null,
          references: reply?.references ?? null,
          createdBy: user.id,
        },
      ]);
      return this.item(tx, booking.id, id!);
    });
  }
}
