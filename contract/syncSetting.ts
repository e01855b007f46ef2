import { defineEntity } from './entity';
import { plainText, requiredMessage } from './fieldRules';
import { resourceApi } from './resourceApi';
import { z } from './zod';

/**
 * A facility's sync setting with the external booking channel (spec 3 "Sync setting", 7 "GET
 * facility/{id}/sync-settings", issue 21): for service 1, params holds the facility's id on the
 * channel (accommodation_id), the extranet login (id) and its password. The password is sealed at
 * rest (server/channel/wire/credentials.ts) and never answered: the record says only whether one is set.
 */
export const syncSettingMessages = {
  accommodationId: '施設IDを入力してください',
  accommodationIdFormat: '施設IDは半角英数字（- と _ も可）で入力してください',
  accommodationIdTooLong: '施設IDは50文字以内で入力してください',
  loginId: 'ログインIDを入力してください',
  loginIdColon: 'ログインIDに「:」は使用できません',
  loginIdTooLong: 'ログインIDは100文字以内で入力してください',
  password: 'パスワードを入力してください',
  passwordTooLong: 'パスワードは100文字以内で入力してください',
  mailTo: '通知先メールの形式が正しくありません',
  mailToTooLong: '通知先メールは254文字以内で入力してください',
  tagTooLong: 'タグは50文字以内で入力してください',
  /** 409 on POST: the facility has its service 1 setting already. */
  exists: 'この施設の外部予約サイト連携の設定はすでに登録されています',
  /**
   * The stored password cannot be opened: it was sealed with a key this server does not have (a
   * backup restored without its key file, CHANNEL_SECRET_KEY changed). Shown on the settings page,
   * in the sync log, the sync health and the 409 of a sync that needs it.
   */
  passwordUnreadable:
    '外部予約サイトのパスワードは、このサーバーにない鍵で暗号化されているため使えません（鍵のないバックアップから復元した場合など）。' +
    '詳細設定の「外部予約サイト連携」でパスワードを入力し直してください。',
  /** The site's GET /login with the stored credentials answered (issue 32: tested on save). */
  loginOk: '外部予約サイトにログインできました。',
  /** The site could not be asked: the sentence that follows says why. */
  loginFailed: '外部予約サイトにログインできませんでした：',
} as const;

/** POST .../sync-settings/{setting_id}/login: whether the stored credentials open the site, and the sentence. */
export const syncLoginAnswerSchema = z.object({ ok: z.boolean(), message: z.string() });
export type SyncLoginAnswer = z.infer<typeof syncLoginAnswerSchema>;

/** The service the console sets (spec 1: the external channel is service id 1). */
export const SYNC_SERVICE_ID = 1;

export const syncSettingParamsSchema = z.object({
  accommodation_id: z.string(),
  id: z.string(),
  /** True when a password is stored; the password itself is never sent back. */
  password_set: z.boolean(),
  /**
   * True when the stored password cannot be opened with this server's key (sealed with another:
   * passwordUnreadable): it must be entered again, and sync of the facility waits until it is.
   */
  password_unreadable: z.boolean(),
});

export const syncSettingSchema = z.object({
  id: z.number().int(),
  accommodation_id: z.number().int(),
  tag: z.string().nullable(),
  mail_to: z.string().nullable(),
  service_id: z.number().int(),
  params: syncSettingParamsSchema,
});
export type SyncSetting = z.infer<typeof syncSettingSchema>;
export const syncSettingListSchema = z.object({ sync_settings: z.array(syncSettingSchema) });

const hotelId = z
  .string({ error: requiredMessage(syncSettingMessages.accommodationId) })
  .trim()
  .min(1, syncSettingMessages.accommodationId)
  .max(50, syncSettingMessages.accommodationIdTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, syncSettingMessages.accommodationIdFormat);
const loginId = z
  .string({ error: requiredMessage(syncSettingMessages.loginId) })
  .trim()
  .min(1, syncSettingMessages.loginId)
  .max(100, syncSettingMessages.loginIdTooLong)
  .check(plainText())
  // HTTP Basic joins login and password with ':': a login holding one cannot be sent.
  .refine((v) => !v.includes(':'), syncSettingMessages.loginIdColon);
/** Taken as typed (a password may begin or end with a space); empty or missing keeps the stored one. */
const password = z.string().max(100, syncSettingMessages.passwordTooLong).check(plainText());
const mailTo = z
  .string()
  .trim()
  .max(254, syncSettingMessages.mailToTooLong)
  .check(plainText())
  .refine((v) => v === '' || /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(v), {
    message: syncSettingMessages.mailTo,
  })
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));
const tag = z
  .string()
  .trim()
  .max(50, syncSettingMessages.tagTooLong)
  .check(plainText())
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));

/** params of a PATCH: the channel's facility id and login; the password only when it changes. */
export const syncSettingParamsInputSchema = z.object({
  accommodation_id: hotelId,
  id: loginId,
  password: password.optional(),
});

/** PATCH facility/{id}/sync-settings/{setting_id}: a missing or empty password keeps the stored one. */
export const syncSettingUpdateSchema = z.object({
  params: syncSettingParamsInputSchema.optional(),
  tag: tag.optional(),
  mail_to: mailTo.optional(),
});
export type SyncSettingUpdate = z.infer<typeof syncSettingUpdateSchema>;

/** POST facility/{id}/sync-settings: the facility's first service 1 setting, password included. */
export const syncSettingCreateSchema = z.object({
  params: z.object(
    {
      accommodation_id: hotelId,
      id: loginId,
      password: z
        .string({ error: requiredMessage(syncSettingMessages.password) })
        .min(1, syncSettingMessages.password)
        .max(100, syncSettingMessages.passwordTooLong)
        .check(plainText()),
    },
    { error: requiredMessage(syncSettingMessages.accommodationId) },
  ),
  tag: tag.optional(),
  mail_to: mailTo.optional(),
});
export type SyncSettingCreate = z.infer<typeof syncSettingCreateSchema>;

/**
 * The console's credentials form, flat as its inputs are: 施設ID, ログインID, パスワード, 通知先メール.
 * `passwordSet`: a stored password may be kept by leaving the input empty.
 */
export interface SyncSettingFormValues {
  params: { accommodation_id: string; id: string; password: string };
  mail_to: string;
}

/** The form's field errors (`params.id`, `mail_to`...) with the server's messages. */
export function syncSettingFormErrors(values: SyncSettingFormValues, passwordSet: boolean): Record<string, string> {
  const schema = passwordSet ? syncSettingUpdateSchema : syncSettingCreateSchema;
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

export const syncSettingEntity = defineEntity({
  resource: 'sync_settings',
  api: resourceApi.sync_settings,
  table: 'sync_settings',
  record: syncSettingSchema,
  create: syncSettingCreateSchema,
  update: syncSettingUpdateSchema,
  fields: {
    params: { input: 'text', required: true, column: {} },
    mail_to: { input: 'email', column: {} },
    tag: { input: 'text' },
  },
  recordRepresentation: 'tag',
});
