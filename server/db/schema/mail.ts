import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { MAIL_STATUSES } from '../../../contract/enums';
import type { SenderAuth } from '../../../contract/receivedMail';
import { accommodations, companies, users } from './company';
import { bookings } from './bookings';
import { bytea, createdAt, inList, timestamps, parentId } from './columns';

/**
 * Mail: templates per accommodation, the company's sender addresses, the outbox (which is also
 * each booking's mail history), mail received that matched no booking, and bulk mail.
 *
 * Template placeholders are written {{book.name}}, {{book.start_date}}, ... (spec 3, "Mail
 * placeholders"; the list is contract/mailTemplate.ts MAIL_PLACEHOLDERS).
 */

export const mailTemplates = pg.pgTable(
  'mail_templates',
  {
    id: pg.serial('id').primaryKey(),
    accommodationId: parentId('accommodation_id', () => accommodations.id, 'cascade'),
    /** 1, 2, 11, 14, 20, 21 (contract/enums SEND_TYPE); any other number is "other". */
    sendType: pg.smallint('send_type').notNull(),
    title: pg.text('title').notNull(),
    fromAddress: pg.text('from_address').notNull(),
    fromName: pg.text('from_name').notNull(),
    body: pg.text('body').notNull().default(''),
    ...timestamps,
  },
  (t) => [pg.index('mail_templates_accommodation_idx').on(t.accommodationId, t.sendType)],
);

/**
 * Addresses the company may send from (every mail the product sends takes one; templates and bulk
 * mail name one). Kept lower-case. An address is the company's to send from only once verified
 * (verified_at): by a code mailed to it that an administrator entered, or at once when its domain
 * is one the deployment names (MAIL_VERIFIED_DOMAINS). A verified address belongs to one company
 * (the partial unique index); claims of others stay unverified and can never be verified.
 */
export const senderAddresses = pg.pgTable(
  'sender_addresses',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    fromAddress: pg.text('from_address').notNull(),
    verifiedAt: pg.timestamp('verified_at', { withTimezone: true }),
    /** HMAC of the code mailed to the address; null once verified. */
    verificationCodeHash: pg.text('verification_code_hash'),
    verificationSentAt: pg.timestamp('verification_sent_at', { withTimezone: true }),
    /** Wrong codes entered since the last code was sent. */
    verificationAttempts: pg.smallint('verification_attempts').notNull().default(0),
    ...createdAt,
  },
  (t) => [
    pg.uniqueIndex('sender_addresses_company_address_key').on(t.companyId, t.fromAddress),
    pg
      .uniqueIndex('sender_addresses_verified_key')
      .on(t.fromAddress)
      .where(sql`${t.verifiedAt} is not null`),
    pg.check('sender_addresses_lower_case', sql`${t.fromAddress} = lower(${t.fromAddress})`),
  ],
);

export interface MailPublicationSetting {
  title: string;
  from_address: string;
  /** HTML from the rich-text editor; the plain-text part is made from it. */
  body: string;
  /** The name beside the sender address (issue 32); absent on publications made before it. */
  from_name?: string | null;
  /** Recipients: addresses, or address and name (the name fills {{name}}). */
  users: (string | { mail: string; name?: string | null })[];
  file_name?: string | null;
}

/** A bulk mail to selected guests, sent at send_at. The attachment is kept here, not in the setting. */
export const mailPublications = pg.pgTable(
  'mail_publications',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    sendAt: pg.timestamp('send_at', { withTimezone: true }).notNull(),
    /** Null until sent; delete is offered only while null. */
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    /**
     * When every recipient had its outbox row: rows are written in short batches after the
     * publication (server/mail/publicationExpansion.ts), and a publication left half-written by a
     * crash is finished by the scheduled mail's next turn.
     */
    expandedAt: pg.timestamp('expanded_at', { withTimezone: true }),
    setting: pg.jsonb('setting').$type<MailPublicationSetting>().notNull(),
    attachment: bytea('attachment'),
    attachmentType: pg.text('attachment_type'),
    recipientCount: pg.integer('recipient_count').notNull().default(0),
    createdBy: pg.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    pg.index('mail_publications_company_idx').on(t.companyId, t.sendAt),
    pg.check('mail_publications_recipient_count_nonneg', sql`${t.recipientCount} >= 0`),
    // Spec 9: attachments up to 5,000,000 bytes.
    pg.check(
      'mail_publications_attachment_size',
      sql`${t.attachment} is null or octet_length(${t.attachment}) <= 5000000`,
    ),
    pg.check('mail_publications_attachment_type', sql`${t.attachment} is null or ${t.attachmentType} is not null`),
  ],
);

/**
 * The outbox: one row per recipient, written in the transaction of the change that causes it. The
 * worker (server/mail/delivery.ts) claims due rows (status queued, or sending with an expired lease)
 * with FOR UPDATE SKIP LOCKED, delivers them over SMTP and records the server's reply. Rows with a
 * book_id are that booking's mail history. Without SMTP_URL rows stay queued, never dropped.
 */
export const mailMessages = pg.pgTable(
  'mail_messages',
  {
    id: pg.serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id, 'restrict'),
    /** Null for company-level mail (bulk mail, template tests without a booking). */
    accommodationId: pg.integer('accommodation_id').references(() => accommodations.id, {
      onDelete: 'cascade',
    }),
    bookId: pg.integer('book_id').references(() => bookings.id, { onDelete: 'set null' }),
    publicationId: pg.integer('publication_id').references(() => mailPublications.id, {
      onDelete: 'set null',
    }),
    /** Template kind it was made from; null for free text. */
    sendType: pg.smallint('send_type'),
    /** Message-ID header (with its angle brackets), fixed when queued: a retry after a crash reuses it. */
    messageId: pg.text('message_id').notNull(),
    /**
     * A reply's In-Reply-To (the Message-ID of the received mail it answers, with its angle
     * brackets) and References (that mail's References, then its Message-ID): the guest's mail
     * program shows the reply in the guest's thread (issue 32). Null for any other mail.
     */
    inReplyTo: pg.text('in_reply_to'),
    references: pg.text('references'),
    /**
     * Makes automatic mail happen once however many processes see its cause (for instance
     * `book:12:created`, `payment:40`, `reminder:12:2026-12-01`, `publication:5:guest@example.jp`).
     */
    dedupeKey: pg.text('dedupe_key'),
    toAddress: pg.text('to_address').notNull(),
    toName: pg.text('to_name'),
    fromAddress: pg.text('from_address').notNull(),
    fromName: pg.text('from_name'),
    title: pg.text('title').notNull(),
    /** The plain-text part. */
    body: pg.text('body').notNull(),
    /** An HTML part besides the pg.text (bulk mail); null for text-only mail. */
    html: pg.text('html'),
    /**
     * An attachment of this row's own (a bulk mail's test send); null for the others. Bulk rows
     * refer to their publication's attachment (publication_id), never a copy per recipient.
     */
    attachment: bytea('attachment'),
    attachmentType: pg.text('attachment_type'),
    attachmentName: pg.text('attachment_name'),
    status: pg.text('status').$type<(typeof MAIL_STATUSES)[number]>().notNull().default('queued'),
    attempts: pg.integer('attempts').notNull().default(0),
    /** When a queued row may be tried next (send_at of a publication, or the retry backoff). */
    nextAttemptAt: pg.timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sending row whose lease has passed was left by a process that died: it is claimed again. */
    leaseUntil: pg.timestamp('lease_until', { withTimezone: true }),
    /** Why the last attempt failed (a temporary failure while queued, the SMTP server's words when failed). */
    error: pg.text('error'),
    /** The SMTP server's reply to the accepted message. */
    smtpReply: pg.text('smtp_reply'),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    createdBy: pg.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [
    pg.index('mail_messages_book_idx').on(t.bookId),
    pg.index('mail_messages_status_idx').on(t.status, t.createdAt),
    pg.index('mail_messages_publication_idx').on(t.publicationId, t.status),
    pg.index('mail_messages_accommodation_idx').on(t.accommodationId),
    pg.uniqueIndex('mail_messages_message_id_key').on(t.messageId),
    pg.uniqueIndex('mail_messages_dedupe_key').on(t.dedupeKey),
    pg
      .index('mail_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    pg.check('mail_messages_status_valid', inList(t.status, MAIL_STATUSES)),
    pg.check('mail_messages_attempts_nonneg', sql`${t.attempts} >= 0`),
    // Spec 9: attachments up to 5,000,000 bytes.
    pg.check('mail_messages_attachment_size', sql`${t.attachment} is null or octet_length(${t.attachment}) <= 5000000`),
    pg.check(
      'mail_messages_attachment_type',
      sql`${t.attachment} is null or (${t.attachmentType} is not null and ${t.attachmentName} is not null)`,
    ),
  ],
);

/** Inbound mail the product could not process by itself, kept for staff to read and link. */
export const receivedMails = pg.pgTable(
  'received_mails',
  {
    id: pg.serial('id').primaryKey(),
    /** Tenant of the mailbox it arrived at, when known. */
    companyId: pg.integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    accommodationId: pg.integer('accommodation_id').references(() => accommodations.id, {
      onDelete: 'set null',
    }),
    bookId: pg.integer('book_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Message-ID header; the same message delivered twice is kept once. */
    messageId: pg.text('message_id'),
    title: pg.text('title').notNull().default(''),
    fromAddress: pg.text('from_address').notNull().default(''),
    body: pg.text('body').notNull().default(''),
    /** The whole RFC 822 message as received. */
    raw: pg.text('raw'),
    /** SPF, DKIM and DMARC of a message received over SMTP (server/mail/inbound/authenticate.ts); null when not checked. */
    senderAuth: pg.jsonb('sender_auth').$type<SenderAuth>(),
    /** When someone on staff first opened it; null is unread (the dashboard's count). */
    readAt: pg.timestamp('read_at', { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    pg.index('received_mails_book_idx').on(t.bookId),
    pg.index('received_mails_created_at_idx').on(t.createdAt),
    pg.index('received_mails_accommodation_idx').on(t.accommodationId),
    pg.uniqueIndex('received_mails_message_id_key').on(t.messageId),
  ],
);
