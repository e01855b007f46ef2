import { MAX_ID } from './params';
import { z } from './zod';

/**
 * Received mail (spec 2 "Received mail detail", 3 "Received unsupported mail" and "Booking
 * candidate", 4 "A received mail with book_id shows the booking detail, otherwise the candidate
 * panel", 7 "Received mail and sync logs"): mail that came back to the company, kept for staff to
 * read and to link to the booking it is about.
 */
export const receivedMailMessages = {
  bookId: '関連付ける予約を選択してください',
  /** The booking named is not one the user may reach, or not of the company. */
  bookNotFound: '関連付ける予約が見つかりません。',
  /** POST mail/inbound: the body is not a mail message. */
  malformed: 'メールの形式が正しくありません。',
  /** POST mail/inbound without the body. */
  empty: 'メールの本文がありません。',
  /** A reply goes from the booking's facility, in the booking's thread: the mail must name its booking first. */
  replyNeedsBooking: '返信するには、先にこのメールを予約に関連付けてください。',
} as const;

/** One line of the list (newest first). */
export const receivedMailItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  from_address: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  book_id: z.number().int().nullable(),
  accommodation_id: z.number().int().nullable(),
  /** Someone has opened it. */
  read: z.boolean(),
});
export type ReceivedMailItem = z.infer<typeof receivedMailItemSchema>;

export const receivedMailListSchema = z.object({
  mails: z.array(receivedMailItemSchema),
  /** All the mails the user may see (the list is paged). */
  count: z.number().int(),
  /** How many of them nobody has opened yet (the dashboard's count). */
  unread_mail: z.number().int(),
});
export type ReceivedMailList = z.infer<typeof receivedMailListSchema>;

export const receivedMailListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(0).max(200).default(50),
});

/** A booking the mail may be about: the sender's address is the guest's. */
export const bookingCandidateSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  name: z.string(),
  /** yyyy-MM-dd. */
  start_date: z.string(),
  room_name: z.string().nullable(),
  delete_flg: z.number().int(),
});
export type BookingCandidate = z.infer<typeof bookingCandidateSchema>;

/** Whether the sender of a mail received over SMTP was authenticated (SPF, DKIM, DMARC). */
export const SENDER_AUTH_VERDICTS = ['pass', 'fail', 'none'] as const;
export type SenderAuthVerdict = (typeof SENDER_AUTH_VERDICTS)[number];
export const senderAuthSchema = z.object({
  /** pass: the From domain vouches for it; fail: it does not (a forged From is likely); none: not known. */
  verdict: z.enum(SENDER_AUTH_VERDICTS),
  /** Each check's own result, as RFC 8601 names them (pass, fail, softfail, neutral, none, temperror, permerror). */
  spf: z.string(),
  dkim: z.string(),
  dmarc: z.string(),
});
export type SenderAuth = z.infer<typeof senderAuthSchema>;

/** What staff read of the verdict; null (handed over by a gateway, or kept before the checks) is not checked. */
export const senderAuthLabels: Record<SenderAuthVerdict | 'unchecked', string> = {
  pass: '認証済み：差出人のドメインが送信を認めています',
  fail: '認証失敗：差出人が偽装されている可能性があります',
  none: '未認証：差出人を確かめられませんでした',
  unchecked: '未確認：受信時に差出人を確かめていません',
};

export const receivedMailSchema = receivedMailItemSchema.extend({
  /** The text of the mail (the text part, or text made from the HTML part); never HTML to render. */
  body: z.string(),
  /** Bookings of the sender's address that the user may reach, newest stay first. */
  candidates: z.array(bookingCandidateSchema),
  /** The sender's authentication when it came over SMTP; null when not checked. */
  sender_auth: senderAuthSchema.nullable(),
});
export type ReceivedMail = z.infer<typeof receivedMailSchema>;

/** PATCH admin/mail/receive/{id}: the booking it is about. */
export const receivedMailAssociateSchema = z.object({
  book_id: z
    .number({ error: receivedMailMessages.bookId })
    .int(receivedMailMessages.bookId)
    .positive(receivedMailMessages.bookId)
    .max(MAX_ID, receivedMailMessages.bookId),
});
export type ReceivedMailAssociate = z.infer<typeof receivedMailAssociateSchema>;
