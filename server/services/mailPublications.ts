import { fileTypeFromBuffer } from 'file-type';
import {
  isAcceptedAttachmentType,
  MAX_ATTACHMENT_BYTES,
  mailPublicationMessages as msg,
  fillRecipientName,
  normaliseRecipients,
  parseDataUrl,
  type Customer,
  type CustomerQuery,
  isStaleSendAt,
  type MailPublicationCreate,
  type MailPublicationDetail,
  type MailPublicationTest,
  type MailPublicationUpdate,
  type MailRecipientQuery,
} from '../../contract/mailPublication';
import type { Db, Tx } from '../db/client';
import * as q from '../db/queries/mailPublications';
import { verifiedSenderAddresses } from '../db/queries/senderAddresses';
import type { MailPublicationSetting } from '../db/schema/mail';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { expandPublication } from '../mail/publicationExpansion';
import { escapeHtml, htmlToPlainText, sanitizeHtml } from '../mail/safeHtml';
import { audit } from './audit';
import type { CurrentUser } from './auth';

export interface Attachment {
  bytes: Uint8Array;
  /** The type its content shows (magic bytes), never the one the data URL declares. */
  type: string;
  name: string;
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf' };

/**
 * The attachment of a data URL, judged by its content: image/*, video/* or application/pdf by its
 * magic bytes (file-type), at most 5,000,000 bytes. Whatever the data URL or the file name claims
 * is ignored: a .pdf that holds an executable is refused, a .pdf that holds a PNG is a PNG.
 */
export async function readAttachment(
  file: string | null | undefined,
  fileName: string | null | undefined,
  field = 'file',
) {
  if (!file) return null;
  const parsed = parseDataUrl(file);
  if (!parsed) throw badRequest(msg.fileFormat, { [field]: msg.fileFormat });
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    throw new AppError(413, 'payload_too_large', msg.fileTooLarge, { [field]: msg.fileTooLarge });
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAcceptedAttachmentType(detected.mime)) throw badRequest(msg.fileType, { [field]: msg.fileType });
  // The name a recipient sees: no path, and the extension of what it really is.
  const base = (fileName ?? '').split(/[\\/]/).pop()?.trim() || 'attachment';
  const ext = EXTENSIONS[detected.mime] ?? detected.ext;
  const name = base.toLowerCase().endsWith(`.${ext}`) ? base : `${base.replace(/\.[^.]*$/, '')}.${ext}`;
  return { bytes: new Uint8Array(bytes), type: detected.mime, name } satisfies Attachment;
}

/** The body's HTML (sanitised) and plain text, before the recipient's name is filled in. */
export function renderBody(html: string): { html: string; text: string } {
  const safe = sanitizeHtml(html);
  return { html: safe, text: htmlToPlainText(safe) };
}

/**
 * What a creation or a change stores (the body's HTML made safe, the recipients deduplicated) and
 * when it goes: a time long past would go at once under a time that never was (issue 32); the
 * console asks and sends the moment it was confirmed, and a few minutes' grace covers a form left open.
 */
function prepare(input: MailPublicationCreate, attachment: Attachment | null) {
  if (isStaleSendAt(input.send_at)) throw badRequest(msg.sendAtPast, { send_at: msg.sendAtPast });
  const { setting } = input;
  const { recipients } = normaliseRecipients(setting.users);
  const stored: MailPublicationSetting = {
    title: setting.title,
    from_address: setting.from_address,
    from_name: setting.from_name || null,
    body: renderBody(setting.body).html,
    users: recipients.map((r) => (r.name === null ? r.mail : { mail: r.mail, name: r.name })),
    file_name: attachment?.name ?? null,
  };
  return { sendAt: new Date(input.send_at), stored, recipients };
}

/**
 * Bulk mail (spec 2, 4, 5, 7). Any signed-in user of the company may compose and see its
 * publications (spec 6 names no restriction beyond facility access lists); the customers a user
 * may pick from are the guests of the facilities they reach.
 *
 * Sender addresses: from_address must be one of the company's verified sender addresses; anything
 * else is refused (400 on from_address): a console user cannot send as an arbitrary address.
 */
export class MailPublicationService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, page: { offset?: number; limit?: number }) {
    const { rows, count } = await q.listPublications(this.db, user.companyId, {
      offset: page.offset ?? 0,
      limit: page.limit ?? 100,
    });
    return { publish: rows, count };
  }

  /**
   * One publication for its page: the text recipients get and the attachment's facts; its
   * recipients only when asked (`withUsers`, the edit form), tens of thousands of addresses otherwise kept back.
   */
  async detail(user: CurrentUser, id: number, withUsers = false): Promise<MailPublicationDetail> {
    const found = await q.findPublication(this.db, user.companyId, id);
    if (!found) throw notFound();
    const { users, ...rest } = found.setting;
    const setting = withUsers ? { ...rest, users } : rest;
    const attachment = await q.attachmentFacts(this.db, user.companyId, id);
    return { ...found, setting, body_text: htmlToPlainText(setting.body), attachment: attachment ?? null };
  }

  /** A page of the publication's recipients with the state of each one's message (sent, failed and why). */
  async recipients(user: CurrentUser, id: number, query: MailRecipientQuery) {
    const found = await q.findPublication(this.db, user.companyId, id);
    if (!found) throw notFound();
    return q.listRecipients(this.db, id, query);
  }

  private async assertSender(tx: Tx, user: CurrentUser, from: string, field: string) {
    const allowed = await verifiedSenderAddresses(tx, user.companyId);
    if (!allowed.some((a) => a.toLowerCase() === from.toLowerCase())) {
      throw badRequest(msg.fromAddressUnknown, { [field]: msg.fromAddressUnknown });
    }
  }

  /**
   * Saves the publication (its sender checked, its audit row) in one short transaction, then writes
   * its recipients' outbox rows in batches (server/mail/publicationExpansion.ts) before answering:
   * the answer holds every row, and other requests are not held up meanwhile.
   */
  async create(user: CurrentUser, input: MailPublicationCreate) {
    const { setting } = input;
    const attachment = await readAttachment(setting.file, setting.file_name, 'setting.file');
    const { sendAt, stored, recipients } = prepare(input, attachment);
    const id = await this.db.transaction(async (tx) => {
      await this.assertSender(tx, user, setting.from_address, 'setting.from_address');
      const created = await q.insertPublication(tx, {
        companyId: user.companyId,
        sendAt,
        setting: stored,
        attachment: attachment?.bytes ?? null,
        attachmentType: attachment?.type ?? null,
        recipientCount: recipients.length,
        createdBy: user.id,
      });
      await audit(tx, user, {
        action: 'create',
        target: 'mail_publication',
        targetId: created,
        after: {
          title: setting.title,
          from_address: setting.from_address,
          from_name: setting.from_name || null,
          send_at: input.send_at,
          recipient_count: recipients.length,
          file_name: attachment?.name ?? null,
        },
      });
      return created;
    });
    // One outbox row per recipient, never guests side by side in To or Cc.
    await expandPublication(this.db, id);
    return (await q.findPublication(this.db, user.companyId, id))!;
  }

  /**
   * Replaces a publication whole (issue 32: a scheduled one can still be edited), by the create's
   * rules, while nothing of it went out: 409 once the delivery took any of its mails (sent, failed,
   * being sent, or tried and waiting to try again), or while its rows are still being written.
   *
   * One transaction: the publication's row is locked (FOR UPDATE) and its queued rows deleted
   * before anything is checked or written. The mail delivery claims rows, not publications, with
   * FOR UPDATE SKIP LOCKED (queries/mailOutbox.ts claimDueMail): a row it claimed before the delete
   * makes the delete wait and stay (so 409, and the whole change rolls back); a row the delete took
   * first is skipped by the claim and gone at commit. A batch still writing the old rows holds the
   * row FOR KEY SHARE and stops at the new revision (server/mail/publicationExpansion.ts). The new
   * rows are then written as a creation's are.
   */
  async update(user: CurrentUser, id: number, input: MailPublicationUpdate) {
    const { setting } = input;
    const file = await readAttachment(setting.file, setting.file_name, 'setting.file');
    const { sendAt, stored, recipients } = prepare(input, file);
    await this.db.transaction(async (tx) => {
      const found = await q.lockPublication(tx, user.companyId, id);
      if (!found) throw notFound();
      if (found.sent_at !== null) throw conflict(msg.notEditable);
      // Its rows being written (a creation or a change a moment ago, or a crash the next turn finishes).
      if (!found.expanded) throw conflict(msg.notReady);
      const { removed, left } = await q.removeQueuedMessages(tx, id, { untried: true });
      if (left > 0) throw conflict(msg.notEditable);
      await this.assertSender(tx, user, setting.from_address, 'setting.from_address');
      // The attachment it has stays only when asked for and no new one is given.
      const keep = !file && input.keep_file === true && found.file_name !== null;
      if (keep) stored.file_name = found.file_name;
      await q.replacePublication(tx, id, {
        sendAt,
        setting: stored,
        attachment: keep ? 'keep' : file ? { bytes: file.bytes, type: file.type } : null,
        recipientCount: recipients.length,
      });
      await audit(tx, user, {
        action: 'update',
        target: 'mail_publication',
        targetId: id,
        before: {
          title: found.title,
          from_address: found.from_address,
          from_name: found.from_name,
          send_at: found.send_at,
          recipient_count: found.recipient_count,
          file_name: found.file_name,
          queued_removed: removed,
        },
        after: {
          title: stored.title,
          from_address: stored.from_address,
          from_name: stored.from_name,
          send_at: input.send_at,
          recipient_count: recipients.length,
          file_name: stored.file_name,
        },
      });
    });
    await expandPublication(this.db, id);
    return (await q.findPublication(this.db, user.companyId, id))!;
  }

  /**
   * One test message to `to`, no publication. The file is checked as a publication's would be
   * (size, type by content) and goes with the test as the outbox row's own attachment.
   */
  async test(user: CurrentUser, input: MailPublicationTest) {
    const attachment = await readAttachment(input.file, input.file_name);
    const body = renderBody(input.body);
    return this.db.transaction(async (tx) => {
      await this.assertSender(tx, user, input.from_address, 'from_address');
      const [id] = await enqueueMail(tx, [
        {
          companyId: user.companyId,
          to: input.to,
          from: input.from_address,
          title: input.title,
          body: fillRecipientName(body.text, user.name),
          html: fillRecipientName(body.html, escapeHtml(user.name)),
          attachment: attachment
            ? { content: Buffer.from(attachment.bytes), type: attachment.type, name: attachment.name }
            : null,
          createdBy: user.id,
        },
      ]);
      return { id: id! };
    });
  }

  /** Only while nothing of it went out (409 after): its queued rows go with it. */
  remove(user: CurrentUser, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const found = await q.lockPublication(tx, user.companyId, id);
      if (!found) throw notFound();
      if (found.sent_at !== null) throw conflict(msg.alreadySent);
      const { removed, left } = await q.removeQueuedMessages(tx, id);
      // A row the worker has taken (sending, sent or failed) stays: the transaction rolls back.
      if (left > 0) throw conflict(msg.alreadySent);
      await q.deletePublication(tx, id);
      await audit(tx, user, {
        action: 'delete',
        target: 'mail_publication',
        targetId: id,
        before: { title: found.title, recipient_count: found.recipient_count, queued_removed: removed },
      });
    });
  }

  async customers(user: CurrentUser, query: CustomerQuery): Promise<{ data: Customer[]; count: number }> {
    const asked =
      query.accommodation_id === undefined
        ? null
        : Array.isArray(query.accommodation_id)
          ? query.accommodation_id
          : [query.accommodation_id];
    if (asked && asked.some((id) => !user.accommodationIds.includes(id))) throw notFound();
    const data = await q.listCustomers(this.db, {
      accommodationIds: asked ?? user.accommodationIds,
      bookFrom: query.book_from,
      bookTo: query.book_to,
      stayFrom: query.stay_from,
      stayTo: query.stay_to,
    });
    return { data, count: data.length };
  }
}
