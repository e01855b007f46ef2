import type { MailPublication } from '../../../contract/mailPublication';
import { links } from '../../../src/routes';

/** How often a list or page showing a publication that is being sent asks again (its progress follows). */
export const SENDING_REFRESH_MS = 3000;

/** Being sent: its time has come and some of its rows are still waiting. */
export const isSending = (p: MailPublication) =>
  p.sent_at === null && p.progress.total > 0 && Date.parse(p.send_at) <= Date.now();

/**
 * Nothing of it went out yet (spec 4: delete while sent_at is empty; issue 32: a scheduled one can
 * still be edited): deleted or edited only then. The server has the last word (409 once its
 * delivery has taken a mail of it).
 */
export const isWaiting = (p: MailPublication) => p.sent_at === null && p.progress.sent === 0 && p.progress.failed === 0;

/** The states the detail page filters its recipients on, from `?status=` in its address. */
export const RECIPIENT_FILTERS = ['all', 'queued', 'sent', 'failed'] as const;
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number];

/** The filter an address asks for (`?status=failed`); anything else shows all. */
export function recipientFilterOf(search: URLSearchParams): RecipientFilter {
  const asked = search.get('status');
  return RECIPIENT_FILTERS.find((s) => s !== 'all' && s === asked) ?? 'all';
}

/** The publication's page showing only the recipients it could not be delivered to (the list's 失敗 link). */
export const failuresLink = (id: number) => `${links.mailPublication(id)}?status=failed`;
