import { defineEntity } from './entity';
import { SEND_TYPE_CODES, sendTypeLabels, TEST_MAIL_VIA, viaLabels } from './enums';
import { plainText, requiredText } from './fieldRules';
import { resourceApi } from './resourceApi';
import { z } from './zod';
import { PLACEHOLDER_PATTERN } from './placeholders';

/**
 * Mail templates of an accommodation (spec 2 "Mail templates", 3 "Mail template", "Test mail form",
 * "Free mail form", the mail placeholders; 5 "Mail template update", "Test mail"; 7 "Mail templates
 * and bulk mail" and the booking mail calls). One template per send type; the server fills the
 * placeholders (server/mail/render.ts) when a mail is queued.
 */

/**
 * The placeholders a template or a free mail may hold (spec 3 "Mail placeholders"; issue 32 added
 * the stay's other fields and the facility's name), named after the booking's fields. Dates are
 * written yyyy年M月d日, money with 円, counts as plain numbers (the template writes 泊 or 名).
 */
export const MAIL_PLACEHOLDERS = [
  'book.name',
  'book.start_date',
  'book.end_date',
  'book.days',
  'book.person_number',
  'book.room_name',
  'book.plan_name',
  'book.confirmation_number',
  'book.external_id',
  'book.price',
  'book.price_sub',
  'book.payment_limit_date',
  'book.options',
  'book.price_sub_50',
  'book.price_sub_10',
  /** A new link to the booking's pre-check-in page (issue 30), made when the mail is queued. */
  'book.checkin_url',
  'accommodation.name',
] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];

/** What each placeholder gives, as the template page and the compose popup tell staff. */
export const mailPlaceholderLabels: Readonly<Record<MailPlaceholder, string>> = {
  'book.name': '宿泊者名',
  'book.start_date': 'チェックイン日',
  'book.end_date': 'チェックアウト日',
  'book.days': '泊数',
  'book.person_number': '人数',
  'book.room_name': '部屋タイプ',
  'book.plan_name': 'プラン',
  'book.confirmation_number': '確認番号',
  'book.external_id': 'サイト予約番号',
  'book.price': '入金額',
  'book.price_sub': '合計金額',
  'book.payment_limit_date': '振込期限',
  'book.options': 'オプションの明細',
  'book.price_sub_50': 'キャンセル料（合計の50%）',
  'book.price_sub_10': 'キャンセル料（合計の10%）',
  'book.checkin_url': '事前チェックインのリンク',
  'accommodation.name': '施設名',
};

/** The placeholders with what each gives: `{{book.name}}（宿泊者名）、{{book.start_date}}（チェックイン日）、…`. */
export const placeholderGuide = (): string =>
  MAIL_PLACEHOLDERS.map((p) => `{{${p}}}（${mailPlaceholderLabels[p]}）`).join('、');

/** The placeholders of a text that the renderer does not know, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(MAIL_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

export const mailTemplateMessages = {
  /** What the preview shows in place of {{book.checkin_url}}: the link is made when the mail is sent. */
  checkinUrlPreview: '（事前チェックインのリンク：送信するときに作られます）',
  /** Spec 5 "Mail template update": title, from_address, from_name required. */
  title: 'タイトルを入力してください',
  fromAddress: '送信元メールアドレスを入力してください',
  fromAddressFormat: '送信元メールアドレスの形式が正しくありません',
  fromName: '送信者名を入力してください',
  titleTooLong: 'タイトルは200文字以内で入力してください',
  fromAddressTooLong: '送信元メールアドレスは254文字以内で入力してください',
  fromNameTooLong: '送信者名は100文字以内で入力してください',
  bodyTooLong: '本文は20000文字以内で入力してください',
  /** Spec 5: a failed save is told with this prefix. */
  inputProblem: '入力内容に問題があります：',
  unknownPlaceholder: (names: readonly string[]) =>
    `使用できない差し込み項目があります（${names.map((n) => `{{${n}}}`).join('、')}）。使用できるのは ${MAIL_PLACEHOLDERS.map((n) => `{{${n}}}`).join('、')} です。`,
  /** Spec 5 "Test mail": mail_address required and via chosen. */
  mailAddress: '送信先メールアドレスを入力してください',
  mailAddressFormat: '送信先メールアドレスの形式が正しくありません',
  via: '予約経路を選択してください',
  /** The booking mail calls. */
  freeTitle: '件名を入力してください',
  freeTitleTooLong: '件名は200文字以内で入力してください',
  freeBody: '本文を入力してください',
  sendType: 'テンプレートの種類を選択してください',
  noGuestMail: 'この予約にはメールアドレスが登録されていないため、メールを送信できません。',
  noTemplate: 'この種類のメールテンプレートがこの施設にありません。',
  cancelledBooking: 'キャンセル済みの予約です。',
} as const;

const MAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is said of the placeholders of a text, or undefined when each is known. */
export function placeholderError(text: string): string | undefined {
  const unknown = unknownPlaceholders(text);
  return unknown.length ? mailTemplateMessages.unknownPlaceholder(unknown) : undefined;
}

const knownPlaceholders = z.refine<string>((v) => !placeholderError(v), {
  error: (issue) => placeholderError(String(issue.input)) ?? mailTemplateMessages.unknownPlaceholder([]),
});

/** An address for a header: trimmed, one line, an @ and a dot. */
const address = (required: string, format: string, tooLong: string) =>
  requiredText(required, 254, tooLong).regex(MAIL_FORMAT, format);

export const mailTemplateSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  send_type: z.number().int(),
  title: z.string(),
  from_address: z.string(),
  from_name: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
export const mailTemplateListSchema = z.object({ mail_templates: z.array(mailTemplateSchema) });

const mailTemplateFields = {
  title: requiredText(mailTemplateMessages.title, 200, mailTemplateMessages.titleTooLong).check(knownPlaceholders),
  from_address: address(
    mailTemplateMessages.fromAddress,
    mailTemplateMessages.fromAddressFormat,
    mailTemplateMessages.fromAddressTooLong,
  ),
  from_name: requiredText(mailTemplateMessages.fromName, 100, mailTemplateMessages.fromNameTooLong),
  body: z
    .string()
    .max(20000, mailTemplateMessages.bodyTooLong)
    .check(plainText({ multiline: true }))
    .check(knownPlaceholders)
    .nullable()
    .optional()
    .transform((v) => v ?? ''),
};

/**
 * PATCH .../mail_templates/{templateId}: title, from_address and from_name required (spec 5), body
 * optional (empty when left out). The console sends the four.
 */
export const mailTemplateUpdateSchema = z.object({ ...mailTemplateFields, id: z.number().int().optional() });
export type MailTemplateUpdate = z.input<typeof mailTemplateUpdateSchema>;

/** Templates are made with their accommodation (one per send type): there is no create call. */
export const mailTemplateCreateSchema = mailTemplateUpdateSchema;

/** POST .../mail_templates/{templateId}/test: the template, filled with a sample booking, to one address. */
export const testMailSchema = z.object({
  mail_address: address(
    mailTemplateMessages.mailAddress,
    mailTemplateMessages.mailAddressFormat,
    mailTemplateMessages.mailAddress,
  ),
  via: z.union(
    TEST_MAIL_VIA.map((c) => z.literal(c)),
    { error: mailTemplateMessages.via },
  ),
});
export type TestMail = z.input<typeof testMailSchema>;

/**
 * A test mail taken into the outbox: its id, and `waiting` when this server has no SMTP server
 * (SMTP_URL) to deliver it, so that the console says so instead of 受け付けました (issue 32).
 */
export const queuedTestMailSchema = z.object({ id: z.number().int(), waiting: z.boolean() });
export type QueuedTestMail = z.infer<typeof queuedTestMailSchema>;
/** What the console says of a test mail that waits for an SMTP server. */
export const testMailWaiting = (address: string) =>
  `テストメール（${address}）は送信待ちです。このサーバーにはメールサーバー（SMTP_URL）が設定されていないため、設定されるまで送信されません。`;
/** The test form's channel choices: 0 official, 1 a partner channel (spec 9). */
export const testMailViaChoices = [
  { id: 0, name: viaLabels[0] },
  { id: 1, name: '提携チャネル' },
] as const;

/** POST books/{bookId}/mail: a free mail (placeholders filled too). */
export const freeMailSchema = z.object({
  title: requiredText(mailTemplateMessages.freeTitle, 200, mailTemplateMessages.freeTitleTooLong).check(
    knownPlaceholders,
  ),
  body: requiredText(mailTemplateMessages.freeBody, 20000, mailTemplateMessages.bodyTooLong, {
    multiline: true,
  }).check(knownPlaceholders),
});
export type FreeMail = z.input<typeof freeMailSchema>;

/** POST /admin/books/{id}/mail: the template of that send type. */
export const bookMailSendSchema = z.object({
  type: z
    .number({ error: mailTemplateMessages.sendType })
    .int(mailTemplateMessages.sendType)
    .min(0, mailTemplateMessages.sendType)
    .max(32767, mailTemplateMessages.sendType),
});

/** GET books/{bookId}/mail/body?template_id= */
export const mailBodyQuerySchema = z.object({
  template_id: z.coerce.number({ error: mailTemplateMessages.sendType }).int().positive().max(2_147_483_647),
});
/** The spec's answer names the body 'boby'. */
export const mailBodySchema = z.object({ boby: z.string(), title: z.string() });

/** A mail of a booking's history (GET /admin/books/{id}/mail). */
export const mailHistoryItemSchema = z.object({
  id: z.number().int(),
  send_type: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  to_address: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  /** What staff read: 送信済み, 送信失敗, 未送信（SMTP未設定）... */
  status_label: z.string(),
  /** Why it failed (or why the last try did not go through), in the SMTP server's words. */
  error: z.string().nullable(),
});
export type MailHistoryItem = z.infer<typeof mailHistoryItemSchema>;
/** A mail the guest sent about the booking (a received mail linked to it), in the booking's thread. */
export const receivedInThreadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  from_address: z.string(),
  created_at: z.string(),
});
export type ReceivedInThread = z.infer<typeof receivedInThreadSchema>;

export const mailHistorySchema = z.object({
  items: z.array(mailHistoryItemSchema),
  /** The guest's mails linked to the booking (issue 32): the console shows them with the sent ones as one thread. */
  received: z.array(receivedInThreadSchema),
  /** False: queued mail waits for SMTP_URL (未送信（SMTP未設定）). */
  smtp_configured: z.boolean(),
});

/** A template as the booking panel's select lists it (GET accommodations/{id}/mail). */
export const sendTypeChoices = SEND_TYPE_CODES.map((id) => ({ id, name: sendTypeLabels[id] }));

export const mailTemplateEntity = defineEntity({
  resource: 'mail_templates',
  api: resourceApi.mail_templates,
  table: 'mail_templates',
  record: mailTemplateSchema,
  create: mailTemplateCreateSchema,
  update: mailTemplateUpdateSchema,
  fields: {
    title: { input: 'text', required: true, column: {} },
    send_type: { input: 'select', choices: sendTypeChoices, column: { format: 'choice' } },
    from_name: { input: 'text', required: true },
    from_address: { input: 'email', required: true, column: {} },
    body: { input: 'multiline' },
  },
  columns: ['title', 'send_type', 'from_address'],
  recordRepresentation: 'title',
});
