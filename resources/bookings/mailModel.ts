import type { MailHistoryItem, MailTemplate, ReceivedInThread } from '../../contract/mailTemplate';
import { formatDateTime } from '../../i18n/formats';
import { errorMessages } from '../../contract/messages';
import { SEND_TYPE } from '../../contract/enums';
import { failureMessage } from '../../dataProvider/apiErrors';

/** Spec 9: a mail history title is shown cut to 27 characters. */
export const MAIL_HISTORY_TITLE_MAX = 27;

/** A history title cut to 27 characters (by code point) with an ellipsis, whole when shorter. */
export function mailHistoryTitle(title: string): string {
  const chars = [...title];
  return chars.length <= MAIL_HISTORY_TITLE_MAX ? title : `${chars.slice(0, MAIL_HISTORY_TITLE_MAX).join('')}…`;
}

/** A mail still on its way: the history is read again until none is. */
export const isMailPending = (item: Pick<MailHistoryItem, 'status'>) =>
  item.status === 'queued' || item.status === 'sending';

/**
 * While a mail is on its way, every 2 s; otherwise no polling. Without SMTP_URL queued mail stays
 * queued until a restart: polling would never end, so it does not start.
 */
export function mailPollInterval(history: { items: MailHistoryItem[]; smtp_configured: boolean } | undefined) {
  if (!history?.smtp_configured) return false;
  return history.items.some(isMailPending) ? 2000 : false;
}

/** The colour of a state label. */
export function mailStatusColor(status: MailHistoryItem['status']): 'success' | 'error' | 'warning' | 'default' {
  if (status === 'sent') return 'success';
  if (status === 'failed') return 'error';
  return status === 'sending' ? 'warning' : 'default';
}

/** Spec 4: the template chosen first is send type 1 (booking completed), else the first one. */
export function defaultTemplate(templates: readonly MailTemplate[]): MailTemplate | undefined {
  return templates.find((t) => t.send_type === SEND_TYPE.bookingCompleted) ?? templates[0];
}

/** Spec 8 'Mail sending failed.', followed by the server's reason when it gave one. */
export function mailFailedText(error: unknown): string {
  const reason = failureMessage(error, '');
  return reason ? `${errorMessages.mailFailed}${reason}` : errorMessages.mailFailed;
}

/**
 * A reply's start (issue 32): Re: the guest's title (once), an empty line to write on, then their
 * mail quoted with > under who wrote it when. Placeholder braces in the quote are spaced apart, so
 * that a guest's text cannot be refused as an unknown placeholder nor filled as one.
 */
export function replyDraft(mail: ReceivedInThread): { title: string; body: string } {
  const title = /^re:/i.test(mail.title.trim()) ? mail.title.trim() : `Re: ${mail.title.trim()}`;
  const quoted = mail.body
    .replace(/\{\{/g, '{ {')
    .replace(/\}\}/g, '} }')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return { title, body: `\n\n${formatDateTime(mail.created_at)} ${mail.from_address}:\n${quoted}` };
}

/** One line of a booking's mail thread: a mail sent, or one the guest sent, by time. */
export type ThreadEntry =
  { kind: 'sent'; at: string; item: MailHistoryItem } | { kind: 'received'; at: string; mail: ReceivedInThread };

/** The booking's mail as one thread, newest first: what was sent and what the guest wrote. */
export function mailThread(history: { items: MailHistoryItem[]; received?: ReceivedInThread[] }): ThreadEntry[] {
  const entries: ThreadEntry[] = [
    // Ordered by when each was written (the server's order for the sent ones); a sort keeps ties in order.
    ...history.items.map((item) => ({ kind: 'sent' as const, at: item.created_at, item })),
    ...(history.received ?? []).map((mail) => ({ kind: 'received' as const, at: mail.created_at, mail })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
