import { defineEntity } from './entity';
import { MAIL_STATUSES } from './enums';
import { isPlainText, plainText, requiredMessage, tooLongMessage } from './fieldRules';
import { errorMessages } from './messages';
import { fillPlaceholders } from './placeholders';
import { isoDate } from './params';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * Bulk mail (spec 2 "Bulk mail list and creation", 3 "Bulk mail publication" and "Customer", 4,
 * 5 "Bulk mail send", 7 "Mail templates and bulk mail", 8, 9). A publication is the react-admin
 * resource `mail_publishes` (`mailPublicationEntity` below, contract/resourceApi.ts): listed,
 * created, replaced whole (PUT, issue 32) and deleted while nothing went out. Its list, create and
 * edit views are pages of their own (resources/mail/publications/), since a creation picks
 * recipients and queues one mail each.
 */
export const mailPublicationMessages = {
  /** Spec 5: title, sender address, send date, body and at least one recipient are needed. */
  title: 'タイトルを入力してください',
  titleTooLong: tooLongMessage('タイトル', 200),
  /** Spec 5 "Test mail without a sender address gives 'please select a sender address'". */
  fromAddress: '送信元アドレスを選択してください',
  fromAddressUnknown: 'この送信元アドレスは登録されていません。送信元アドレスから選択してください',
  sendAt: '送信日時を入力してください',
  sendAtFormat: '送信日時を正しく入力してください',
  /** Issue 32: a time already past would send at once under a time that never was; the console asks first. */
  sendAtPast: '送信日時が過ぎています。現在以降の日時を入力してください',
  fromNameTooLong: tooLongMessage('送信者名', 100),
  body: '本文を入力してください',
  bodyTooLong: '本文が長すぎます',
  users: '送信先を1件以上選択してください',
  tooManyUsers: (max: number) => `送信先は${max.toLocaleString('ja-JP')}件までです`,
  mailFormat: (addresses: readonly string[]) =>
    `メールアドレスの形式が正しくありません：${addresses.slice(0, 3).join('、')}${addresses.length > 3 ? ` ほか${addresses.length - 3}件` : ''}`,
  nameTooLong: tooLongMessage('名前', 100),
  to: 'メールアドレスを入力してください',
  toFormat: 'メールアドレスの形式が正しくありません',
  /** Spec 5 and 9: 'file size must be within 5M'. */
  fileTooLarge: errorMessages.attachmentTooLarge,
  /** Spec 5 and 9: accepted types video, image, pdf (judged by the file's content). */
  fileType: '添付できるファイルは動画・画像・PDFのみです',
  fileFormat: '添付ファイルを読み込めませんでした',
  fileNameTooLong: tooLongMessage('ファイル名', 255),
  /** Spec 8: bulk mail asks 'delete completely?'. */
  deleteConfirm: '完全に削除しますか？',
  /** 409: a publication already (partly) sent stays: its rows are the record of what went out. */
  alreadySent: '送信済み（送信中）の一括メールは削除できません',
  /** 409 on PUT (issue 32): a mail of it was taken by the delivery job, so what recipients get is fixed. */
  notEditable: '送信が始まった一括メールは変更できません。一覧で送信状況を確認してください',
  /** 409 on PUT: its recipients' mails are still being written (just created or changed); a moment later it can change. */
  notReady: 'この一括メールは送信の準備中です。しばらくしてからもう一度保存してください',
} as const;

/**
 * How far in the past a send time may be and still be taken (the minutes a form stays open): the
 * console asks before it sends a time already past (sending at once, at the moment confirmed).
 */
export const SEND_AT_GRACE_MS = 10 * 60_000;
/** True when a send time (ISO) has passed: the console says it will send at once. */
export const isPastSendAt = (iso: string, now = Date.now()) => Date.parse(iso) <= now;
/** True when the server refuses a send time as too far past (sendAtPast). */
export const isStaleSendAt = (iso: string, now = Date.now()) => Date.parse(iso) < now - SEND_AT_GRACE_MS;

/** Spec 9: attachment maximum 5,000,000 bytes. */
export const MAX_ATTACHMENT_BYTES = 5_000_000;
/** Recipients of one publication. */
export const MAX_RECIPIENTS = 50_000;
/** The largest body of POST /admin/mail/publishes: the attachment in base64 plus the recipients and the text. */
export const PUBLICATION_BODY_LIMIT = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 4 * 1024 * 1024;

/** A bulk mail's text for one recipient: their name fills `{{name}}` (spaces inside allowed). */
export const fillRecipientName = (text: string, name: string): string => fillPlaceholders(text, { name });

/** An address as bulk mail accepts it (the user form's rule: something@domain.tld, no spaces). */
const MAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;
export function isMailAddress(value: string): boolean {
  return value.length <= 254 && MAIL_PATTERN.test(value) && isPlainText(value);
}

/** Accepted attachment types (by content): image/*, video/*, application/pdf. */
export function isAcceptedAttachmentType(mime: string): boolean {
  return /^(image|video)\//.test(mime) || mime === 'application/pdf';
}

/** The type the console's file picker offers. */
export const ATTACHMENT_ACCEPT = 'image/*,video/*,application/pdf';

/** A data URL split: its declared type (never trusted) and its base64 payload. */
export function parseDataUrl(value: string): { declaredType: string; base64: string } | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/.exec(value);
  if (!match) return null;
  return { declaredType: match[1] ?? '', base64: match[3] ?? '' };
}

/** The number of bytes a base64 text decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export interface Recipient {
  mail: string;
  name: string | null;
}

/**
 * The recipients as given (addresses, or { mail, name }), trimmed and deduplicated case-insensitively
 * (the first spelling and the first name kept), with the addresses that are not valid.
 */
export function normaliseRecipients(users: readonly (string | { mail: string; name?: string | null })[]): {
  recipients: Recipient[];
  invalid: string[];
} {
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  const invalid: string[] = [];
  for (const user of users) {
    const mail = (typeof user === 'string' ? user : user.mail).trim();
    const rawName = typeof user === 'string' ? null : (user.name ?? null);
    const name = rawName === null || rawName.trim() === '' ? null : rawName.trim();
    if (!isMailAddress(mail)) {
      invalid.push(mail);
      continue;
    }
    const key = mail.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push({ mail, name });
  }
  return { recipients, invalid };
}

const requiredString = (message: string) => z.string({ error: requiredMessage(message) });

const titleField = requiredString(mailPublicationMessages.title)
  .trim()
  .min(1, mailPublicationMessages.title)
  .max(200, mailPublicationMessages.titleTooLong)
  .check(plainText());

const fromAddressField = requiredString(mailPublicationMessages.fromAddress)
  .trim()
  .min(1, mailPublicationMessages.fromAddress)
  .refine(isMailAddress, mailPublicationMessages.fromAddress);

const bodyField = requiredString(mailPublicationMessages.body)
  .max(500_000, mailPublicationMessages.bodyTooLong)
  .check(plainText({ multiline: true }))
  .refine((v) => v.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', mailPublicationMessages.body);

/** The name recipients see beside the sender address (the facility's, as booking mail has). */
const fromNameField = z
  .string()
  .trim()
  .max(100, mailPublicationMessages.fromNameTooLong)
  .check(plainText())
  .nullable()
  .optional();

const fileField = z
  .string()
  .nullable()
  .optional()
  .superRefine((value, ctx) => {
    if (value === null || value === undefined || value === '') return;
    const parsed = parseDataUrl(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: mailPublicationMessages.fileFormat });
      return;
    }
    if (base64Bytes(parsed.base64) > MAX_ATTACHMENT_BYTES) {
      ctx.addIssue({ code: 'custom', message: mailPublicationMessages.fileTooLarge });
    }
  });

const fileNameField = z
  .string()
  .max(255, mailPublicationMessages.fileNameTooLong)
  .check(plainText())
  .nullable()
  .optional();

const userField = z.union([
  z.string().max(254, mailPublicationMessages.toFormat),
  z.object({
    mail: z.string().max(254, mailPublicationMessages.toFormat),
    name: z.string().max(100, mailPublicationMessages.nameTooLong).check(plainText()).nullable().optional(),
  }),
]);

const usersField = z
  .array(userField, { error: requiredMessage(mailPublicationMessages.users) })
  .min(1, mailPublicationMessages.users)
  .max(MAX_RECIPIENTS, mailPublicationMessages.tooManyUsers(MAX_RECIPIENTS))
  .superRefine((users, ctx) => {
    const { invalid } = normaliseRecipients(users);
    if (invalid.length > 0) ctx.addIssue({ code: 'custom', message: mailPublicationMessages.mailFormat(invalid) });
  });

/** ISO 8601 date-time with its zone (Z or ±hh:mm), as the spec sends send_at. */
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const sendAtField = requiredString(mailPublicationMessages.sendAt)
  .min(1, mailPublicationMessages.sendAt)
  .refine((v) => ISO_ZONED.test(v) && !Number.isNaN(Date.parse(v)), mailPublicationMessages.sendAtFormat);

export const mailPublicationSettingSchema = z.object({
  title: titleField,
  from_address: fromAddressField,
  from_name: fromNameField,
  body: bodyField,
  users: usersField,
  file: fileField,
  file_name: fileNameField,
});

/** POST /admin/mail/publishes: send_at and setting. */
export const mailPublicationCreateSchema = z.object({
  send_at: sendAtField,
  setting: mailPublicationSettingSchema,
});
export type MailPublicationCreate = z.infer<typeof mailPublicationCreateSchema>;

/**
 * PUT /admin/mail/publishes/{id} (issue 32: a scheduled one can still be edited): the create's body,
 * checked by the same rules, replacing the whole publication. The attachment is never sent back
 * to the console, so `keep_file` keeps the one it has when no new `file` is given; without it the
 * publication has the attachment the body carries (none when `file` is empty), as a creation would.
 */
export const mailPublicationUpdateSchema = mailPublicationCreateSchema.extend({
  keep_file: z.boolean().optional(),
});
export type MailPublicationUpdate = z.infer<typeof mailPublicationUpdateSchema>;

/** POST /admin/mail/publishes/test: one message to `to`, no publication. */
export const mailPublicationTestSchema = z.object({
  title: titleField,
  body: bodyField,
  to: requiredString(mailPublicationMessages.to)
    .trim()
    .min(1, mailPublicationMessages.to)
    .refine(isMailAddress, mailPublicationMessages.toFormat),
  from_address: fromAddressField,
  file: fileField,
  file_name: fileNameField,
});
export type MailPublicationTest = z.infer<typeof mailPublicationTestSchema>;

export const mailPublicationProgressSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
});

/** A publication as the API answers it (the attachment itself is never sent back). */
export const mailPublicationSchema = z.object({
  id: z.number().int(),
  send_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  setting: z.object({
    title: z.string(),
    from_address: z.string(),
    from_name: z.string().nullable().optional(),
    body: z.string(),
    /** The recipients: in the answer of a creation; the list leaves them out. */
    users: z
      .array(z.union([z.string(), z.object({ mail: z.string(), name: z.string().nullable().optional() })]))
      .optional(),
    file_name: z.string().nullable().optional(),
  }),
  recipient_count: z.number().int(),
  has_attachment: z.boolean(),
  progress: mailPublicationProgressSchema,
});
export type MailPublication = z.infer<typeof mailPublicationSchema>;

export const mailPublicationListSchema = z.object({
  publish: z.array(mailPublicationSchema),
  count: z.number().int(),
});

export const mailPublicationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/**
 * The description of a publication: the schemas the server validates and answers with
 * (server/routes/api/mailPublications.ts) and what the console lists. The title is the record's
 * `setting.title` (the API keeps it in the setting, as the spec sends it), so the `setting` field is
 * the title column. Progress is counted from the publication's outbox rows (mail_messages.status).
 */
export const mailPublicationEntity = defineEntity({
  resource: 'mail_publishes',
  api: resourceApi.mail_publishes,
  table: 'mail_publications',
  record: mailPublicationSchema,
  create: mailPublicationCreateSchema,
  /** Replaced whole by PUT while nothing of it went out (no PATCH of single fields). */
  update: mailPublicationUpdateSchema,
  listQuery: mailPublicationListQuerySchema,
  fields: {
    setting: { input: 'text', required: true, column: { display: 'title' } },
    send_at: { input: 'date', required: true, column: {} },
    created_at: { input: 'date', column: { format: 'date', hiddenWhenNarrow: true } },
    recipient_count: { input: 'integer', column: { format: 'count' } },
    progress: { input: 'integer', storedIn: 'mail_messages.status', column: {} },
    sent_at: { input: 'date' },
  },
  columns: ['setting', 'send_at', 'created_at', 'recipient_count', 'progress'],
  recordRepresentation: 'setting',
});

/** A publication opened on its own page (issue 32): its text, and its attachment without the bytes. */
export const mailPublicationDetailSchema = mailPublicationSchema.extend({
  /** The body as the plain-text part recipients get, before each one's name fills {{name}}. */
  body_text: z.string(),
  attachment: z.object({ name: z.string(), type: z.string(), size: z.number().int() }).nullable(),
});
export type MailPublicationDetail = z.infer<typeof mailPublicationDetailSchema>;

/** GET /admin/mail/publishes/{id}?include=users: the recipients too (`setting.users`), for its edit form. */
export const mailPublicationDetailQuerySchema = z.object({ include: z.enum(['users']).optional() });

/** One recipient of a publication and what became of its message. */
export const mailRecipientSchema = z.object({
  to_address: z.string(),
  to_name: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  /** When the SMTP server took it. */
  sent_at: z.string().nullable(),
  /** The server's words: why the last try failed. */
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type MailRecipient = z.infer<typeof mailRecipientSchema>;
export const MAIL_RECIPIENT_PAGE = 100;
export const mailRecipientListSchema = z.object({ recipients: z.array(mailRecipientSchema), count: z.number().int() });
export const mailRecipientQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(MAIL_RECIPIENT_PAGE),
});
export type MailRecipientQuery = z.infer<typeof mailRecipientQuerySchema>;

/** GET /admin/customers (spec 7): every filter optional, dates yyyy-MM-dd. */
export const customerQuerySchema = z
  .object({
    accommodation_id: z
      .union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive())])
      .optional(),
    book_from: isoDate().optional(),
    book_to: isoDate().optional(),
    stay_from: isoDate().optional(),
    stay_to: isoDate().optional(),
  })
  .superRefine((v, ctx) => {
    // An end before its start finds nobody: said on the end's field, as the analysis page does.
    for (const [from, to] of [
      ['book_from', 'book_to'],
      ['stay_from', 'stay_to'],
    ] as const) {
      const start = v[from];
      const end = v[to];
      if (start && end && end < start) ctx.addIssue({ code: 'custom', path: [to], message: errorMessages.dateOrder });
    }
  });
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

export const customerSchema = z.object({
  name: z.string(),
  mail: z.string(),
  /** The last check-in day, yyyy-MM-dd. */
  last_visited: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListSchema = z.object({ data: z.array(customerSchema), count: z.number().int() });
