import { fillRecipientName } from '../../contract/mailPublication';
import type { Db } from '../db/client';
import * as q from '../db/queries/mailPublications';
import { enqueueMail } from './outbox';
import { escapeHtml, htmlToPlainText } from './safeHtml';

/** Recipients written per transaction: short enough that other requests answer between two. */
export const EXPANSION_BATCH = 500;
/** A publication still not written this long after it was made was left by a crash. */
export const EXPANSION_RESUME_AFTER_SECONDS = 120;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes a bulk mail's outbox rows, one per recipient, from the publication as it was saved (its
 * sanitised HTML, its recipients), EXPANSION_BATCH recipients per short transaction rather than all
 * in one long one: on the embedded database (one statement at a time) and on PostgreSQL alike,
 * other requests answer between two batches (issue 28: two publications of 50,000 recipients made
 * every request wait 14.6 s). Each row's dedupe key (`publication:{id}:{address}`) makes a second
 * run write only what is missing, so a run cut short by a crash is finished by the next
 * (resumeExpansions). A publication deleted or changed (PUT) meanwhile stops the run: each batch
 * holds it as it was read (its revision), and a change writes its own rows after it. Answers the
 * rows written.
 */
export async function expandPublication(db: Db, id: number): Promise<number> {
  const publication = await q.publicationToExpand(db, id);
  if (!publication || publication.expanded) return 0;
  const { setting } = publication;
  const html = setting.body;
  const text = htmlToPlainText(html);
  const notBefore = new Date(publication.send_at);
  let written = 0;
  for (let from = 0; from < setting.users.length; from += EXPANSION_BATCH) {
    const batch = setting.users.slice(from, from + EXPANSION_BATCH).map((u) => {
      const recipient = typeof u === 'string' ? { mail: u, name: null } : { mail: u.mail, name: u.name ?? null };
      return {
        companyId: publication.company_id,
        publicationId: id,
        dedupeKey: `publication:${id}:${recipient.mail.toLowerCase()}`,
        to: recipient.mail,
        toName: recipient.name,
        from: setting.from_address,
        fromName: setting.from_name ?? null,
        title: setting.title,
        body: fillRecipientName(text, recipient.name ?? ''),
        html: fillRecipientName(html, escapeHtml(recipient.name ?? '')),
        notBefore,
        createdBy: publication.created_by,
      };
    });
    const kept = await db.transaction(async (tx) => {
      if (!(await q.keepPublication(tx, id, publication.revision))) return false;
      written += (await enqueueMail(tx, batch)).length;
      return true;
    });
    if (!kept) return written;
    await yieldToOthers();
  }
  await q.markExpanded(db, id, publication.revision);
  return written;
}

/** Finishes the publications a crash left half-written (the scheduled mail's turn calls it). */
export async function resumeExpansions(db: Db): Promise<number> {
  let written = 0;
  for (const id of await q.unexpandedPublications(db, EXPANSION_RESUME_AFTER_SECONDS)) {
    written += await expandPublication(db, id);
  }
  return written;
}
