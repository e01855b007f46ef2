import type { Db, Tx } from '../../db/client';
import {
  bookingsByUid,
  findReceivedMailByMessageId,
  insertReceivedMail,
  recipientOwners,
  sentMailBookings,
  soleCompanyId,
} from '../../db/queries/receivedMail';
import type { SenderAuth } from '../../../contract/receivedMail';
import { parseInbound, type ParsedMail } from './parse';

/**
 * Keeps a received message (from the SMTP listener or POST /api/mail/inbound): whose it is, which
 * booking it is about, once per Message-ID.
 *
 * Whose: a recipient that is a verified sender address of a company (sender_addresses) makes it
 * that company's, and that accommodation's when the address is the sender of one accommodation's
 * templates only (the company's when several facilities share it). Otherwise, with one
 * company in the database, that company's; with several, company null, which no one sees (a guest's
 * mail never reaches another operator).
 *
 * Which booking, in this order:
 * 1. In-Reply-To, then References: a Message-ID of a mail we sent for a booking (mail_messages);
 * 2. the subject naming the booking: its whole uid, or its confirmation number (the first 3
 *    characters of the uid, which many bookings may share) after 確認番号 or 予約番号, linked only
 *    when exactly one booking of the company (of the accommodation, when known) has it;
 * 3. otherwise unlinked: the detail screen offers bookings of the sender's address as candidates.
 */
export interface StoredMail {
  id: number;
  /** The same Message-ID was kept before: nothing new was written. */
  duplicate: boolean;
}

/** Size of the largest message accepted (SMTP and HTTP), in bytes. */
export const DEFAULT_INBOUND_MAX_BYTES = 10 * 1024 * 1024;

interface Owner {
  companyId: number | null;
  accommodationId: number | null;
}

async function ownerOf(tx: Tx, recipients: readonly string[]): Promise<Owner> {
  const byAddress = await recipientOwners(tx, recipients);
  const companies = new Set(byAddress.map((r) => r.company_id));
  if (companies.size === 1) {
    const [companyId] = companies;
    // An address several facilities share (or a company's sender address) makes it the company's.
    const facilities = new Set(byAddress.map((r) => r.accommodation_id));
    const [only] = facilities;
    return { companyId: companyId!, accommodationId: facilities.size === 1 ? (only ?? null) : null };
  }
  if (companies.size > 1) return { companyId: null, accommodationId: null };
  // No address of ours among the recipients (a forward, a Bcc): a database of one company (the
  // usual install) keeps it as that company's; otherwise nobody's, and no company sees it.
  return { companyId: await soleCompanyId(tx), accommodationId: null };
}

interface Linked {
  bookId: number;
  companyId: number;
  accommodationId: number;
}

/** The booking of the newest Message-ID named that is one of ours. */
async function linkByReply(tx: Tx, replyTo: readonly string[], owner: Owner): Promise<Linked | null> {
  if (replyTo.length === 0) return null;
  const rows = await sentMailBookings(tx, replyTo);
  for (const id of replyTo) {
    const row = rows.find((r) => r.message_id === id);
    // A reply arriving at another company's mailbox is not linked to this company's booking.
    if (row && (owner.companyId === null || owner.companyId === row.company_id)) {
      return { bookId: row.book_id, companyId: row.company_id, accommodationId: row.accommodation_id };
    }
  }
  return null;
}

const WHOLE_UID = /(?<![0-9a-z])[0-9a-f]{16}(?![0-9a-z])/gi;
const LABELLED_NUMBER = /(?:確認番号|予約番号)\s*[:：]?\s*([0-9a-f]{3,16})(?![0-9a-z])/gi;

/** The uids and confirmation numbers (uid prefixes) a subject names, lower case. */
export function subjectKeys(subject: string): { uids: string[]; prefixes: string[] } {
  const uids = [...subject.matchAll(WHOLE_UID)].map((m) => m[0].toLowerCase());
  const prefixes = [...subject.matchAll(LABELLED_NUMBER)].map((m) => m[1]!.toLowerCase());
  return { uids: [...new Set(uids)], prefixes: [...new Set(prefixes)] };
}

async function linkBySubject(tx: Tx, subject: string, owner: Owner): Promise<Linked | null> {
  if (owner.companyId === null) return null;
  const { uids, prefixes } = subjectKeys(subject);
  if (uids.length + prefixes.length === 0) return null;
  const rows = await bookingsByUid(tx, owner.companyId, uids, prefixes);
  const inAccommodation =
    owner.accommodationId === null ? rows : rows.filter((r) => r.accommodation_id === owner.accommodationId);
  const [only, ...others] = rows.length === 1 ? rows : inAccommodation;
  if (!only || others.length > 0) return null;
  return { bookId: only.id, companyId: owner.companyId, accommodationId: only.accommodation_id };
}

/** The raw message as text: UTF-8 when it is (7-bit mail always is), else each byte as one latin-1 character. */
function rawText(raw: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    text = raw.toString('latin1');
  }
  return text.replaceAll('\u0000', '');
}

/** Where a parsed message belongs and which booking it is about. */
export async function placeMail(tx: Tx, mail: ParsedMail, envelopeRecipients: readonly string[] = []) {
  const recipients = [...new Set([...envelopeRecipients.map((r) => r.toLowerCase()), ...mail.recipients])];
  const owner = await ownerOf(tx, recipients);
  const linked = (await linkByReply(tx, mail.replyTo, owner)) ?? (await linkBySubject(tx, mail.subject, owner));
  return {
    companyId: linked?.companyId ?? owner.companyId,
    accommodationId: linked?.accommodationId ?? owner.accommodationId,
    bookId: linked?.bookId ?? null,
  };
}

/**
 * Parses and keeps one message (MalformedMailError when it is not a mail). The same Message-ID
 * delivered again answers the row kept the first time.
 */
export async function storeInbound(
  db: Db,
  raw: Buffer,
  envelopeRecipients: readonly string[] = [],
  senderAuth: SenderAuth | null = null,
): Promise<StoredMail> {
  const mail = await parseInbound(raw);
  return db.transaction(async (tx) => {
    if (mail.messageId) {
      const kept = await findReceivedMailByMessageId(tx, mail.messageId);
      if (kept) return { id: kept.id, duplicate: true };
    }
    const place = await placeMail(tx, mail, envelopeRecipients);
    const id = await insertReceivedMail(tx, {
      ...place,
      messageId: mail.messageId,
      title: mail.subject,
      fromAddress: mail.from,
      body: mail.text,
      raw: rawText(raw),
      senderAuth,
    });
    if (id !== undefined) return { id, duplicate: false };
    // Delivered twice at once: the other delivery's row is the one kept.
    const other = await findReceivedMailByMessageId(tx, mail.messageId);
    return { id: other!.id, duplicate: true };
  });
}
