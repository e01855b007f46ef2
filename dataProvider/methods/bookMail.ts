import type { FreeMail, MailHistoryItem, MailTemplate, ReceivedInThread } from '../../contract/mailTemplate';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/** A booking's mail history as GET /admin/books/{id}/mail answers it. */
export interface BookMailHistory {
  items: MailHistoryItem[];
  /** The guest's mails linked to the booking, newest first: one thread with the sent ones (issue 32). */
  received: ReceivedInThread[];
  /** False: queued mail waits for SMTP_URL (未送信（SMTP未設定）). */
  smtp_configured: boolean;
}

/**
 * The booking panel's mail calls (spec 7 "the booking mail calls"): the accommodation's templates,
 * a template filled for the booking, sending a template or free text, the history, and resending a
 * failed mail. Typed methods of the one dataProvider.
 */
export const bookMailMethods = {
  /** GET accommodations/{id}/mail: the templates of the panel's select. */
  async listMailTemplatesOf(accommodationId: number): Promise<MailTemplate[]> {
    const url = apiUrl(apiPath('accommodationMailTemplates', { id: accommodationId }));
    return (await httpClient<{ mail_templates: MailTemplate[] }>(url)).json.mail_templates;
  },

  /** GET books/{bookId}/mail/body?template_id=: the template filled for the booking ('boby' is the spec's name). */
  async renderBookMail(bookId: number, templateId: number): Promise<{ title: string; body: string }> {
    const url = apiUrl(apiPath('bookMailBody', { bookId }));
    const { json } = await httpClient<{ boby: string; title: string }>(url, { query: { template_id: templateId } });
    return { title: json.title, body: json.boby };
  },

  /** POST /admin/books/{id}/mail {type}: queues the template of that send type to the guest. */
  async sendBookTemplateMail(bookId: number, type: number): Promise<MailHistoryItem> {
    const url = apiUrl(apiPath('bookMail', { id: bookId }));
    return (await httpClient<MailHistoryItem>(url, { method: 'POST', body: { type } })).json;
  },

  /** POST books/{bookId}/mail {title, body}: queues a free mail to the guest. */
  async sendBookFreeMail(bookId: number, body: FreeMail): Promise<MailHistoryItem> {
    const url = apiUrl(apiPath('bookFreeMail', { bookId }));
    return (await httpClient<MailHistoryItem>(url, { method: 'POST', body })).json;
  },

  /** POST /admin/mail/receive/{id}/reply {title, body}: a reply to the guest's mail, threaded under it. */
  async replyToReceivedMail(receivedMailId: number, body: FreeMail): Promise<MailHistoryItem> {
    const url = apiUrl(apiPath('receivedMailReply', { id: receivedMailId }));
    return (await httpClient<MailHistoryItem>(url, { method: 'POST', body })).json;
  },

  /** GET /admin/books/{id}/mail: the booking's mail, newest first, each with its state. */
  async listBookMail(bookId: number, signal?: AbortSignal): Promise<BookMailHistory> {
    return (await httpClient<BookMailHistory>(apiUrl(apiPath('bookMail', { id: bookId })), { signal })).json;
  },

  /** POST /admin/mail/messages/{id}/resend: a failed mail goes back to the queue. */
  async resendMail(messageId: number): Promise<void> {
    await httpClient(apiUrl(apiPath('mailResend', { id: messageId })), { method: 'POST' });
  },
};
